// The WhatsApp bill and reminder say the exact transfer amount (bill plus kode unik) when the bill
// has one, as the order page and the e-mail do; without one they name the method and the amount due.
import { describe, expect, it } from "vitest";
import { sampleOrderSnapshot } from "../../../../../tests/support/order-snapshot";
import { fillTemplate, whatsappTemplates } from "./index";

const order = sampleOrderSnapshot;

describe("WhatsApp templates and the kode unik", () => {
  it("the final bill names 'Transfer tepat' with the code explained, or the method without a code", () => {
    const template = whatsappTemplates["bill-final"];
    const withCode = fillTemplate(template.body, template.params({ ...order, transferAmount: 105123 }));
    expect(withCode).toContain("Transfer tepat Rp 105.123");
    expect(withCode).toContain("3 digit terakhir adalah kode unik");
    const without = fillTemplate(template.body, template.params({ ...order, transferAmount: null }));
    expect(without).toContain("Cara bayar: Transfer Bank");
    expect(without).not.toContain("kode unik");
  });

  it("the payment reminder asks for the exact amount by the deadline", () => {
    const template = whatsappTemplates["payment-reminder"];
    const text = fillTemplate(
      template.body,
      template.params({ ...order, transferAmount: 105123, dueAt: "2026-11-30T23:00:00.000Z" }),
    );
    expect(text).toContain("Rp 105.123 (transfer tepat)");
    expect(text).toMatch(/sebelum 1 Des 2026, 06[.:]00 WIB/);
  });
});

describe("WhatsApp templates of the notices that went by e-mail only", () => {
  it("'Gagal antar' names the order and the courier's reason", () => {
    const template = whatsappTemplates["delivery-failed"];
    const text = fillTemplate(template.body, template.params({ ...order, reason: "Rumah kosong,\n pagar dikunci" }));
    expect(text).toContain("belum dapat menyerahkan pesanan #1a2b3c4d");
    expect(text).toContain("Alasan: Rumah kosong, pagar dikunci.");
    expect(text).toContain("/orders/1a2b3c4d-0000-4000-8000-000000000001");
  });

  it("'Langganan dibuat' says the order, the slot, the total, what changed and until when it can change", () => {
    const template = whatsappTemplates["standing-order-made"];
    const params = template.params({
      name: "Siti",
      orderId: order.id,
      slot: "Selasa, 1 Desember 2026, Pagi (05:00 - 07:00)",
      changeUntil: "Senin, 30 November 2026 20:00",
      changes: ["Tomat habis, tidak dimasukkan."],
      total: 87500,
    });
    const text = fillTemplate(template.body, params);
    expect(text).toContain("pesanan langganan Anda #1a2b3c4d untuk Selasa, 1 Desember 2026, Pagi (05:00 - 07:00)");
    expect(text).toMatch(/Rp\s87\.500 belum termasuk ongkir/);
    expect(text).toContain("Yang berubah: Tomat habis, tidak dimasukkan. Anda masih");
    expect(text).toContain("sampai Senin, 30 November 2026 20:00");
    expect(params.every((p) => p.length > 0 && !p.includes("\n"))).toBe(true);
  });

  it("'Langganan tidak jadi' gives the reason and the standing order's page", () => {
    const template = whatsappTemplates["standing-order-not-made"];
    const text = fillTemplate(
      template.body,
      template.params({
        name: "Siti",
        slot: "Selasa, 1 Desember 2026",
        reason: "Semua barang habis.",
        standingOrderId: "abc",
      }),
    );
    expect(text).toContain("untuk Selasa, 1 Desember 2026 tidak dapat kami buat: Semua barang habis.");
    expect(text).toMatch(/\/langganan\/abc$/);
  });
});
