import { describe, expect, it } from "vitest";
import { DEFAULT_PAYMENT_METHODS, paymentInstructionLines, paymentMethodsSchema } from "./payment-settings";

describe("payment methods", () => {
  it("a fresh shop takes bank transfer to a sample account and cash on delivery", () => {
    expect(paymentMethodsSchema.parse(DEFAULT_PAYMENT_METHODS)).toEqual(DEFAULT_PAYMENT_METHODS);
    expect(DEFAULT_PAYMENT_METHODS.bankTransfer.active && DEFAULT_PAYMENT_METHODS.cod.active).toBe(true);
  });

  it("lists how to pay the amount due, one line per active method and account", () => {
    const lines = paymentInstructionLines(
      {
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
});
