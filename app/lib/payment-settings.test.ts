import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAYMENT_METHODS,
  isSampleBankAccount,
  paymentInstructionLines,
  paymentMethodsSchema,
  sampleBankAccountActive,
} from "./payment-settings";
import { activePaymentMethods } from "./vocab/payment-methods";

const QRIS = "/uploads/qris/0123456789abcdef0123456789abcdef.png";
const REAL_ACCOUNT = { bank: "BCA", number: "1234567890", holder: "Toko Sayur" };
const OLD_SAMPLE = { bank: "BRI", number: "0123-01-000123-50-1", holder: "Sayur Jember (contoh, ganti di Pengaturan)" };

describe("payment methods", () => {
  it("a fresh shop takes cash on delivery only: no bank account until the shop enters its own", () => {
    expect(paymentMethodsSchema.parse(DEFAULT_PAYMENT_METHODS)).toEqual(DEFAULT_PAYMENT_METHODS);
    expect(DEFAULT_PAYMENT_METHODS.bankTransfer).toEqual({ active: false, accounts: [] });
    expect(activePaymentMethods(DEFAULT_PAYMENT_METHODS)).toEqual(["cod"]);
  });

  it("never offers the old sample account (or one marked 'contoh') and flags it while it is switched on", () => {
    const withSample = { ...DEFAULT_PAYMENT_METHODS, bankTransfer: { active: true, accounts: [OLD_SAMPLE] } };
    expect(isSampleBankAccount(OLD_SAMPLE)).toBe(true);
    expect(isSampleBankAccount({ ...OLD_SAMPLE, holder: "Sayur Jember" })).toBe(true);
    expect(isSampleBankAccount({ bank: "BNI", number: "555 666 777", holder: "Rekening Contoh" })).toBe(true);
    expect(isSampleBankAccount(REAL_ACCOUNT)).toBe(false);
    expect(activePaymentMethods(withSample)).toEqual(["cod"]);
    expect(sampleBankAccountActive(withSample)).toBe(true);
    expect(sampleBankAccountActive({ ...withSample, bankTransfer: { active: false, accounts: [OLD_SAMPLE] } })).toBe(
      false,
    );
    const real = { ...withSample, bankTransfer: { active: true, accounts: [REAL_ACCOUNT] } };
    expect(sampleBankAccountActive(real)).toBe(false);
    expect(activePaymentMethods(real)).toEqual(["transfer", "cod"]);
  });

  it("lists how to pay the amount due, one line per active method and account", () => {
    const lines = paymentInstructionLines(
      {
        qris: { active: false, imageUrl: null, payload: null },
        bankTransfer: { active: true, accounts: [{ bank: "BCA", number: "1234567890", holder: "Toko Sayur" }] },
        cod: { active: true },
        uniqueCode: "added",
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
    expect(paymentMethodsSchema.parse(old).qris).toEqual({ active: false, imageUrl: null, payload: null });
    // Saved before its text was read: the image alone, shown plain.
    const imageOnly = { ...old, qris: { active: true, imageUrl: QRIS } };
    expect(paymentMethodsSchema.parse(imageOnly).qris).toEqual({ active: true, imageUrl: QRIS, payload: null });
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
    const all = {
      qris: { active: true, imageUrl: QRIS, payload: null },
      bankTransfer: { active: true, accounts: [REAL_ACCOUNT] },
      cod: { active: false },
      uniqueCode: "added" as const,
    };
    expect(activePaymentMethods(all)).toEqual(["qris", "transfer"]);
    expect(paymentInstructionLines(all, 50000, "qris")).toEqual([
      "QRIS Rp 50.000: pindai kode QRIS di halaman pesanan.",
    ]);
    expect(paymentInstructionLines(DEFAULT_PAYMENT_METHODS, 50000, "cod")).toEqual([
      "Bayar di Tempat (COD): siapkan uang tunai Rp 50.000 untuk kurir.",
    ]);
  });
});
