import { describe, expect, it } from "vitest";
import { DEFAULT_PAYMENT_METHODS, paymentInstructionLines, paymentMethodsSchema } from "./payment-settings";
import { activePaymentMethods } from "./vocab/payment-methods";

const QRIS = "/uploads/qris/0123456789abcdef0123456789abcdef.png";

describe("payment methods", () => {
  it("a fresh shop takes bank transfer to a sample account and cash on delivery", () => {
    expect(paymentMethodsSchema.parse(DEFAULT_PAYMENT_METHODS)).toEqual(DEFAULT_PAYMENT_METHODS);
    expect(DEFAULT_PAYMENT_METHODS.bankTransfer.active && DEFAULT_PAYMENT_METHODS.cod.active).toBe(true);
  });

  it("lists how to pay the amount due, one line per active method and account", () => {
    const lines = paymentInstructionLines(
      {
        qris: { active: false, imageUrl: null },
        bankTransfer: { active: true, accounts: [{ bank: "BCA", number: "1234567890", holder: "Toko Sayur" }] },
        cod: { active: true },
      },
      37000,
    );
    expect(lines).toEqual([
      "Transfer Bank Rp 37.000 ke:",
      "- BCA 1234567890 a.n. Toko Sayur",
      "Bayar di Tempat (COD): siapkan uang tunai Rp 37.000 untuk kurir.",
    ]);
  });

  it("refuses no method at all, transfer without an account, and odd account numbers, in Indonesian", () => {
    const issues = (value: unknown) => {
      const parsed = paymentMethodsSchema.safeParse(value);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(issues({ bankTransfer: { active: false, accounts: [] }, cod: { active: false } })).toContain(
      "Aktifkan minimal satu metode pembayaran.",
    );
    expect(issues({ bankTransfer: { active: true, accounts: [] }, cod: { active: true } })).toContain(
      "Transfer Bank aktif: isi minimal satu rekening.",
    );
    expect(
      issues({
        bankTransfer: { active: true, accounts: [{ bank: "BRI", number: "abc<script>", holder: "X" }] },
        cod: { active: false },
      })[0],
    ).toMatch(/^Nomor Rekening hanya angka/);
  });

  it("reads settings saved before QRIS existed as QRIS off, and refuses QRIS on without its image", () => {
    const old = { bankTransfer: DEFAULT_PAYMENT_METHODS.bankTransfer, cod: { active: true } };
    expect(paymentMethodsSchema.parse(old).qris).toEqual({ active: false, imageUrl: null });
    const issues = paymentMethodsSchema.safeParse({ ...old, qris: { active: true, imageUrl: null } });
    expect(issues.success ? [] : issues.error.issues.map((i) => i.message)).toContain(
      "QRIS aktif: unggah gambar QRIS toko dulu.",
    );
    const foreign = paymentMethodsSchema.safeParse({
      ...old,
      qris: { active: true, imageUrl: "https://evil.example/q.png" },
    });
    expect(foreign.success).toBe(false);
  });

  it("offers at checkout only the methods switched on, and tells the chosen one alone", () => {
    expect(activePaymentMethods(DEFAULT_PAYMENT_METHODS)).toEqual(["transfer", "cod"]);
    const all = { ...DEFAULT_PAYMENT_METHODS, qris: { active: true, imageUrl: QRIS }, cod: { active: false } };
    expect(activePaymentMethods(all)).toEqual(["qris", "transfer"]);
    expect(paymentInstructionLines(all, 50000, "qris")).toEqual([
      "QRIS Rp 50.000: pindai kode QRIS di halaman pesanan.",
    ]);
    expect(paymentInstructionLines(DEFAULT_PAYMENT_METHODS, 50000, "cod")).toEqual([
      "Bayar di Tempat (COD): siapkan uang tunai Rp 50.000 untuk kurir.",
    ]);
  });
});
