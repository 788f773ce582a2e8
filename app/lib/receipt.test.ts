import { describe, expect, it } from "vitest";
import { receiptLines, RECEIPT_WIDTHS, spread, wrap } from "./receipt";

const receipt = {
  shopName: "Sayur Jember",
  shortId: "A1B2C3D4",
  deliveryText: "Kamis, 26 November 2026 · Pagi (05:00 - 07:00)",
  recipientName: "Siti Aminah",
  items: [
    { productName: "Bayam Hijau Segar", productUnit: "ikat", quantity: 3, price: 4_000, soldByWeight: false },
    { productName: "Tomat Merah", productUnit: "per kg", quantity: 750, price: 18_000, soldByWeight: true },
  ],
  deliveryFee: 8_000,
  balanceApplied: 0,
  grandTotal: 33_500,
  amountDue: 33_500,
  paymentText: "Bayar di Tempat (COD) · Belum Bayar",
  orderUrl: "https://sayurjember.id/orders/x",
};

describe("a receipt for a roll printer", () => {
  it.each(Object.entries(RECEIPT_WIDTHS))("never passes %s mm's %i columns", (_mm, width) => {
    const lines = receiptLines(receipt, width);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(width);
    const text = lines.join("\n");
    expect(text).toContain("Pesanan #A1B2C3D4");
    // Final weights and rupiah with dots.
    expect(text).toContain("0,75 kg x Rp 18.000/kg");
    expect(text).toMatch(/TOTAL\s+Rp 33\.500/);
  });

  it("wraps long words and keeps amounts flush right", () => {
    expect(wrap("Kangkung-sangat-panjang-sekali-untuk-satu-baris", 10).every((l) => l.length <= 10)).toBe(true);
    expect(spread("Ongkir", "Rp 8.000", 20)).toEqual(["Ongkir      Rp 8.000"]);
  });
});
