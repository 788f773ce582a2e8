import { describe, expect, it } from "vitest";
import { buildFinalBillMessage } from "./order-edits";
import { buildOrderChatMessage } from "./order-message";
import {
  balanceText,
  customerFeeSourceText,
  deliverySentence,
  orderTextLine,
  orderTextTotals,
  orderTotalSummary,
  promoChatLines,
} from "./order-text";

const items = [
  { productName: "Tomat", productUnit: "per kg", quantity: 750, price: 12000, soldByWeight: true },
  { productName: "Kangkung", productUnit: "ikat", quantity: 3, price: 4000, soldByWeight: false },
];

describe("the words of an order", () => {
  it("reads a line the same for every channel: amount, price and its total rounded once", () => {
    expect(orderTextLine(items[0])).toEqual({
      name: "Tomat",
      soldByWeight: true,
      amount: "0,75 kg",
      priceText: "0,75 kg x Rp 12.000/kg",
      total: 9000,
    });
    expect(orderTextLine(items[1])).toMatchObject({ amount: "3 ikat", priceText: "3 x Rp 4.000", total: 12000 });
  });

  it("states the totals, the 'Saldo' taken and what is left to pay", () => {
    expect(orderTextTotals({ totalAmount: 21000, deliveryFee: null })).toEqual({
      subtotal: 21000,
      fee: null,
      promo: 0,
      total: 21000,
      balance: 0,
      toPay: 21000,
    });
    expect(orderTextTotals({ totalAmount: 21000, deliveryFee: 5000, balanceApplied: 4000 })).toMatchObject({
      total: 26000,
      toPay: 22000,
    });
    expect(balanceText(4000)).toBe("−Rp 4.000".replace(" ", "\u00a0"));
    expect(balanceText(-4000, "chat")).toBe("+Rp 4.000");
  });

  it("states a promo once: goods and fee before it, the promo line, the total after it", () => {
    // Stored after the promo: goods 45.000 less 4.500, fee 10.000 less the 10.000 waived.
    const order = {
      totalAmount: 40_500,
      deliveryFee: 0,
      promoDiscount: 4_500,
      promoFeeDiscount: 10_000,
      promoCode: "HEMAT",
      promoTerms: { kind: "percent" as const, value: 10, maxDiscount: 20_000, minSpend: 50_000 },
    };
    expect(orderTextTotals(order)).toMatchObject({ subtotal: 45_000, fee: 10_000, promo: 14_500, total: 40_500 });
    expect(promoChatLines(order)).toEqual([
      "Promo HEMAT (10%, maks Rp 20.000): -Rp 14.500",
      "(Promo tetap berlaku walau total timbang di bawah minimum)",
    ]);
  });

  it("names the delivery in one sentence", () => {
    expect(deliverySentence({ date: "2026-11-25", slot: "pagi", time: "05:00 - 07:00" })).toBe(
      "Rabu, 25 November 2026, Pagi (05:00 - 07:00)",
    );
    expect(deliverySentence({ date: "2026-11-25", slot: "sore" }, " · ")).toBe(
      "Rabu, 25 November 2026 · Sore (16:00 - 18:00)",
    );
  });

  it("gives the chat message at checkout and the final bill the same line totals and 'Saldo'", () => {
    const chat = buildOrderChatMessage({
      shopName: "Sayur Jember",
      orderId: "abcdef12-0000-4000-8000-000000000000",
      customerName: "Siti",
      address: "Jl. Kalimantan 37",
      phone: "081234567890",
      items: items.map((i) => ({ ...i, name: i.productName })),
      totalAmount: 21000,
      deliveryDate: "2026-11-25",
      deliverySlot: "pagi",
      deliveryTime: "05:00 - 07:00",
      notes: "",
      deliveryFee: 5000,
    });
    expect(chat).toContain("1. Tomat - 0,75 kg x Rp 12.000/kg = Rp 9.000 (perkiraan, ditimbang)");
    expect(chat).toContain("2. Kangkung - 3 x Rp 4.000 = Rp 12.000");
    expect(chat).toContain("Total (perkiraan): Rp 26.000");
    const bill = buildFinalBillMessage({
      id: "abcdef12-0000-4000-8000-000000000000",
      recipientName: "Siti",
      shopName: "Sayur Jember",
      totalAmount: 21000,
      deliveryFee: 5000,
      balanceApplied: 4000,
      items,
      paymentLines: ["Bayar tunai saat diantar"],
      orderUrl: "https://contoh.id/orders/abcdef12",
    });
    expect(bill).toContain("1. Tomat - 0,75 kg = Rp 9.000");
    expect(bill).toContain("2. Kangkung - 3 ikat = Rp 12.000");
    expect(bill).toContain("Total akhir: Rp 26.000\nSaldo: -Rp 4.000\nJumlah dibayar: Rp 22.000");
  });

  it("states one total everywhere, marked 'perkiraan' until the bill is final", () => {
    expect(orderTotalSummary({ totalAmount: 42000, deliveryFee: 7000, billFinal: false })).toEqual({
      amount: 49000,
      final: false,
      feePending: false,
      label: "Total (perkiraan)",
      note: "perkiraan",
    });
    expect(orderTotalSummary({ totalAmount: 42000, deliveryFee: null, billFinal: false }).note).toBe(
      "perkiraan, belum termasuk ongkir",
    );
    expect(orderTotalSummary({ totalAmount: 42000, deliveryFee: 7000, billFinal: true })).toMatchObject({
      amount: 49000,
      label: "Total akhir",
      note: null,
    });
  });

  it("tells the customer where the fee came from without the staff's own notes", () => {
    const staffSet = { deliveryFee: 9000, deliveryFeeSource: "staff", deliveryAreaName: "Kaliwates" };
    expect(customerFeeSourceText(staffSet)).toBe("Area Kaliwates, disepakati dengan CS");
    expect(customerFeeSourceText({ ...staffSet, deliveryFeeSource: "area" })).toBe("Area Kaliwates");
    expect(customerFeeSourceText({ ...staffSet, deliveryFee: null })).toBe("Ditentukan CS via WhatsApp");
  });
});
