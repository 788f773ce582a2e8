// The WhatsApp bill and reminder say the exact transfer amount (bill plus kode unik) when the bill
// has one, as the order page and the e-mail do; without one they name the method and the amount due.
import { describe, expect, it } from "vitest";
import type { OrderSnapshot } from "../../kinds.server";
import { fillTemplate, whatsappTemplates } from "./index";

const order: OrderSnapshot = {
  id: "1a2b3c4d-0000-4000-8000-000000000001",
  customerName: "Siti",
  customerEmail: "siti@contoh.id",
  customerPhone: "6281234567890",
  status: "pending",
  totalAmount: 100000,
  deliveryFee: 5000,
  deliveryDate: "2026-12-01",
  deliverySlot: "pagi",
  deliveryTime: "05:00 - 07:00",
  recipientAddress: "Jl. Kalimantan 37",
  balanceApplied: 0,
  paymentStatus: "unpaid",
  paymentMethod: "transfer",
  items: [],
};

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
