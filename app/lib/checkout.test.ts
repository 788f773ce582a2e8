import { describe, expect, it } from "vitest";
import {
  checkoutMissing,
  INCOMPLETE_MESSAGE,
  INCOMPLETE_TITLE,
  isIncomplete,
  parseCheckout,
  parseCheckoutForm,
} from "./checkout";

const productId = "0b6f3c2e-8a1d-4f5e-9c7b-2d4e6f8a0b1c";
const valid = {
  name: "Siti Aminah",
  phone: "0812-3456-7890",
  address: "Jl. Kalimantan No. 37, Jember",
  notes: "",
  slot: "pagi",
  lines: [{ productId, quantity: 2 }],
  idempotencyKey: "k3y-0123456789abcdef",
};

function errorsOf(raw: unknown) {
  const result = parseCheckout(raw);
  if (result.success) throw new Error("expected errors");
  return result;
}

describe("checkout schema", () => {
  it("accepts a complete checkout and normalises the phone to 62...", () => {
    const result = parseCheckout({
      ...valid,
      name: "  Siti Aminah  ",
      phone: "+62 812 3456 7890",
      notes: " Pagar hijau ",
    });
    expect(result).toEqual({
      success: true,
      data: {
        ...valid,
        phone: "6281234567890",
        notes: "Pagar hijau",
        // Not posted: outside the delivery areas, as every order was before areas existed.
        area: "luar-area",
        lines: [{ productId, quantity: 2, note: "", allowSubstitute: false }],
      },
    });
    for (const phone of ["081234567890", "6281234567890", "+6281234567890"]) {
      const r = parseCheckout({ ...valid, phone });
      expect(r.success && r.data.phone).toBe("6281234567890");
    }
  });

  it("says 'Data Tidak Lengkap' when name, phone or address is empty", () => {
    expect([INCOMPLETE_TITLE, INCOMPLETE_MESSAGE]).toEqual([
      "Data Tidak Lengkap",
      "Mohon lengkapi semua data pengiriman.",
    ]);
    const result = errorsOf({ ...valid, name: " ", phone: "", address: "" });
    expect(result.incomplete).toBe(true);
    expect(result.fieldErrors).toEqual({
      name: "Nama lengkap wajib diisi.",
      phone: "Nomor telepon wajib diisi.",
      address: "Alamat lengkap wajib diisi.",
    });
    expect(isIncomplete({ name: "a", phone: "b", address: "c" })).toBe(false);
    expect(isIncomplete({ name: "a", phone: "b" })).toBe(true);
  });

  it("puts each rule's message next to its field", () => {
    expect(errorsOf({ ...valid, name: "x".repeat(101) }).fieldErrors).toEqual({
      name: "Nama lengkap maksimal 100 karakter.",
    });
    expect(errorsOf({ ...valid, phone: "+1 555 123 4567" }).fieldErrors.phone).toMatch(/^Nomor telepon tidak valid/);
    expect(errorsOf({ ...valid, phone: "0812abc" }).fieldErrors.phone).toMatch(/^Nomor telepon tidak valid/);
    expect(errorsOf({ ...valid, address: "Jl." }).fieldErrors).toEqual({ address: "Alamat minimal 5 karakter." });
    expect(errorsOf({ ...valid, address: "a".repeat(501) }).fieldErrors).toEqual({
      address: "Alamat maksimal 500 karakter.",
    });
    expect(errorsOf({ ...valid, notes: "a".repeat(501) }).fieldErrors).toEqual({
      notes: "Catatan maksimal 500 karakter.",
    });
    expect(errorsOf({ ...valid, slot: "malam" }).fieldErrors).toEqual({
      slot: "Pilih waktu pengiriman: pagi atau sore.",
    });
    expect(errorsOf({ ...valid, idempotencyKey: "" }).fieldErrors.idempotencyKey).toMatch(/muat ulang/);
    expect(errorsOf({ ...valid, name: "" }).incomplete).toBe(true);
    expect(errorsOf({ ...valid, address: "Jl." }).incomplete).toBe(false);
  });

  it("accepts whole numbers up to 50 kg in grams on 1 to 100 lines (each product's own limit is checked when ordering)", () => {
    for (const quantity of [0, -1, 1.5, 50_001, Number.NaN, "dua", "0,75"]) {
      expect(errorsOf({ ...valid, lines: [{ productId, quantity }] }).fieldErrors.lines).toBe(
        "Jumlah harus bilangan bulat (gram untuk produk yang ditimbang).",
      );
    }
    expect(parseCheckout({ ...valid, lines: [{ productId, quantity: 999 }] }).success).toBe(true);
    expect(parseCheckout({ ...valid, lines: [{ productId, quantity: 750 }] }).success).toBe(true);
    expect(errorsOf({ ...valid, lines: [] }).fieldErrors.lines).toBe("Keranjang Anda kosong.");
    const many = Array.from({ length: 101 }, (_, i) => ({
      productId: `0b6f3c2e-8a1d-4f5e-9c7b-${String(i).padStart(12, "0")}`,
      quantity: 1,
    }));
    expect(errorsOf({ ...valid, lines: many }).fieldErrors.lines).toBe("Maksimal 100 produk dalam satu pesanan.");
    expect(parseCheckout({ ...valid, lines: many.slice(0, 100) }).success).toBe(true);
    expect(
      errorsOf({ ...valid, lines: [{ productId: "1; drop table products", quantity: 1 }] }).fieldErrors.lines,
    ).toBe("Produk tidak dikenal.");
    expect(errorsOf({ ...valid, lines: [valid.lines[0], valid.lines[0]] }).fieldErrors.lines).toBe(
      "Produk yang sama tercantum dua kali.",
    );
  });

  it("reads lines from the form and ignores any price in it", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Siti",
      phone: "081234567890",
      address: "Jl. Mawar 5",
      delivery: "2026-11-26|sore",
      area: "kaliwates",
      shownFee: "5000",
      idempotencyKey: valid.idempotencyKey,
    }))
      form.set(k, v);
    form.append("productId", productId);
    form.append("quantity", "4");
    form.append("lineNote", " potong 4 ");
    form.append("lineSubstitute", "1");
    form.append("price", "1");
    const other = "1a2b3c4d-8a1d-4f5e-9c7b-2d4e6f8a0b1c";
    form.append("productId", other);
    form.append("quantity", "750");
    form.append("lineNote", "");
    form.append("lineSubstitute", "ya");
    const result = parseCheckoutForm(form);
    expect(result.success && result.data).toEqual({
      name: "Siti",
      phone: "6281234567890",
      address: "Jl. Mawar 5",
      notes: "",
      slot: "sore",
      deliveryDate: "2026-11-26",
      area: "kaliwates",
      shownFee: 5000,
      lines: [
        { productId, quantity: 4, note: "potong 4", allowSubstitute: true },
        // Anything but '1' is the default, 'Jangan diganti'.
        { productId: other, quantity: 750, note: "", allowSubstitute: false },
      ],
      idempotencyKey: valid.idempotencyKey,
    });
  });

  it("asks for an area left unchosen, and refuses a malformed date", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Siti",
      phone: "081234567890",
      address: "Jl. Mawar 5",
      delivery: "2026-02-30|pagi",
      area: "",
      idempotencyKey: valid.idempotencyKey,
    }))
      form.set(k, v);
    form.append("productId", productId);
    form.append("quantity", "1");
    const result = parseCheckoutForm(form);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.fieldErrors.area).toBe("Pilih area pengiriman.");
      expect(result.fieldErrors.deliveryDate).toBe("Pilih tanggal dan waktu pengiriman.");
    }
  });

  it("refuses a line note over 100 characters or with control characters, in Indonesian", () => {
    expect(errorsOf({ ...valid, lines: [{ productId, quantity: 1, note: "a".repeat(101) }] }).fieldErrors.lines).toBe(
      "Catatan produk maksimal 100 karakter.",
    );
    expect(
      errorsOf({ ...valid, lines: [{ productId, quantity: 1, note: "potong\u0000 4" }] }).fieldErrors.lines,
    ).toMatch(/karakter/);
  });

  it("refuses a form with no fields at all without throwing", () => {
    const result = parseCheckoutForm(new FormData());
    expect(result.success).toBe(false);
    if (!result.success) expect(result.incomplete).toBe(true);
  });
});

describe("what keeps 'Pesan Sekarang' grey", () => {
  const filled = {
    name: "Siti",
    phone: "081234567890",
    address: "Jl. Kalimantan 37",
    area: "kaliwates",
    delivery: "2026-11-28|pagi",
  };
  it("names every missing part in the form's words, and nothing once all is there", () => {
    expect(checkoutMissing(filled, { empty: false, belowMinimum: false })).toEqual([]);
    expect(
      checkoutMissing({ ...filled, address: "  ", area: "", delivery: "" }, { empty: false, belowMinimum: true }),
    ).toEqual(["alamat lengkap", "area pengiriman", "jadwal pengiriman", "minimal belanja"]);
    expect(checkoutMissing(filled, { empty: true, belowMinimum: false })).toEqual(["produk di keranjang"]);
  });
});
