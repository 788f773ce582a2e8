import { describe, expect, it } from "vitest";
import {
  buildOrderAdditionMessage,
  buildOrderChatMessage,
  buildOrderHelpMessage,
  orderChatUrl,
  type OrderMessageInput,
} from "./order-message";

const order: OrderMessageInput = {
  shopName: "Sayur Jember",
  orderId: "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d",
  customerName: "Siti Aminah",
  address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
  phone: "6281234567890",
  items: [
    { name: "Bayam Hijau", quantity: 3, price: 3600 },
    { name: "Beras Jember", quantity: 1, price: 68000 },
    { name: "Tomat Merah", quantity: 2, price: 12000 },
  ],
  totalAmount: 10800 + 68000 + 24000,
  deliveryDate: "2026-11-22",
  deliverySlot: "pagi",
  deliveryTime: "05:00 - 07:00",
  notes: "Pagar hijau, bel rusak",
};

describe("buildOrderChatMessage", () => {
  it("writes the order as customer service reads it", () => {
    expect(buildOrderChatMessage(order)).toBe(
      [
        "Halo Sayur Jember, saya ingin memesan:",
        "",
        "No. Pesanan: #1a2b3c4d",
        "Nama: Siti Aminah",
        "Alamat: Jl. Kalimantan No. 37, Sumbersari, Jember",
        "Telepon: 6281234567890",
        "",
        "Daftar Pesanan:",
        "1. Bayam Hijau - 3 x Rp 3.600 = Rp 10.800",
        "2. Beras Jember - 1 x Rp 68.000 = Rp 68.000",
        "3. Tomat Merah - 2 x Rp 12.000 = Rp 24.000",
        "",
        "Total: Rp 102.800",
        "Pengiriman: Minggu, 22 November 2026, Pagi (05:00 - 07:00)",
        "Catatan: Pagar hijau, bel rusak",
        "",
        "Ongkir belum termasuk dan akan dikonfirmasi oleh CS.",
        "Terima kasih.",
      ].join("\n"),
    );
  });

  it("says so when there are no notes, and names the afternoon window", () => {
    const text = buildOrderChatMessage({ ...order, notes: "  ", deliverySlot: "sore", deliveryTime: "16:00 - 18:00" });
    expect(text).toContain("\nCatatan: -\n");
    expect(text).toContain("Pengiriman: Minggu, 22 November 2026, Sore (16:00 - 18:00)");
  });

  it("writes weighed produce as '0,75 kg' at its price per kg, marks the total as an estimate", () => {
    const text = buildOrderChatMessage({
      ...order,
      items: [
        { name: "Bawang Merah", quantity: 750, price: 40000, soldByWeight: true },
        { name: "Bayam Hijau", quantity: 3, price: 3600 },
      ],
      totalAmount: 30000 + 10800,
    });
    expect(text).toContain("1. Bawang Merah - 0,75 kg x Rp 40.000/kg = Rp 30.000 (perkiraan, ditimbang)");
    expect(text).toContain("2. Bayam Hijau - 3 x Rp 3.600 = Rp 10.800");
    expect(text).toContain("Total (perkiraan): Rp 40.800");
    expect(text).toContain("Harga akhir mengikuti berat timbangan.");
    expect(text).not.toMatch(/0\.75/);
  });

  it("puts each line's note and substitution choice under it; lines without either stay one line", () => {
    const text = buildOrderChatMessage({
      ...order,
      items: [
        { name: "Bayam Hijau", quantity: 3, price: 3600, note: "pilih yang muda", allowSubstitute: false },
        { name: "Tomat Merah", quantity: 2, price: 12000, note: "", allowSubstitute: true },
        { name: "Beras Jember", quantity: 1, price: 68000 },
      ],
    });
    expect(text).toContain(
      [
        "1. Bayam Hijau - 3 x Rp 3.600 = Rp 10.800",
        "   Catatan: pilih yang muda",
        "   Jangan diganti",
        "2. Tomat Merah - 2 x Rp 12.000 = Rp 24.000",
        "   Boleh diganti produk serupa",
        "3. Beras Jember - 1 x Rp 68.000 = Rp 68.000",
        "",
      ].join("\n"),
    );
    expect(text).toContain("Produk tanpa keterangan: Jangan diganti.");
  });

  it("uses plain spaces in amounts", () => {
    expect(buildOrderChatMessage(order)).not.toContain("\u00a0");
  });
});

describe("orderChatUrl", () => {
  it("points at the shop's chat", () => {
    expect(orderChatUrl("6281234567890", "Halo")).toBe("https://wa.me/6281234567890?text=Halo");
  });

  it("keeps newlines, &, #, ?, emoji and Indonesian text intact", () => {
    const tricky = buildOrderChatMessage({
      ...order,
      customerName: "Dewi & Budi #2?",
      address: "Gg. Mawar 5/7, RT 01 RW 02 = dekat masjid 🕌",
      notes: "Tolong pilih yang segar 🥬🍅\nJangan pedas? 100% ya + terima kasih",
    });
    const url = new URL(orderChatUrl("6281234567890", tricky));
    expect(url.origin).toBe("https://wa.me");
    expect(url.pathname).toBe("/6281234567890");
    expect([...url.searchParams.keys()]).toEqual(["text"]);
    expect(url.searchParams.get("text")).toBe(tricky);
    expect(url.hash).toBe("");
  });
});

describe("buildOrderHelpMessage", () => {
  it("names the real order number", () => {
    expect(buildOrderHelpMessage("Sayur Jember", order.orderId)).toBe(
      "Halo Sayur Jember, saya butuh bantuan untuk pesanan #1a2b3c4d.",
    );
  });
});

describe("buildOrderAdditionMessage", () => {
  it("tells the shop which order grew, by what, and the goods' total now", () => {
    const text = buildOrderAdditionMessage({
      shopName: "Sayur Jember",
      orderId: "0b6f3c1e-1111-4222-8333-444455556666",
      added: ["Telur 4 butir (+Rp 10.000)", "Cabai 0,25 kg (+Rp 12.500)"],
      goodsTotal: 57500,
    });
    expect(text.split("\n")).toEqual([
      "Halo Sayur Jember, saya menambah pesanan #0b6f3c1e:",
      "- Telur 4 butir (+Rp 10.000)",
      "- Cabai 0,25 kg (+Rp 12.500)",
      "",
      "Total belanja sekarang: Rp 57.500 (ongkir tetap sekali).",
      "Terima kasih.",
    ]);
  });
});
