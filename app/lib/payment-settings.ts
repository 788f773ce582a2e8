// 'Metode Pembayaran': how customers may pay, set by staff on 'Pengaturan Toko'. A fresh
// shop takes bank transfers (to a sample account staff replace) and cash on delivery, so a
// final bill can say how to pay before anyone configures anything.
import { z } from "zod";
import { formatRupiah } from "./money";

export const MAX_BANK_ACCOUNTS = 5;

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} wajib diisi.`)
    .max(max, `${label} maksimal ${max} karakter.`)
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `${label} berisi karakter yang tidak diizinkan.`);

export const bankAccountSchema = z.object({
  bank: text("Nama Bank", 50),
  number: z
    .string()
    .trim()
    .regex(
      /^[0-9][0-9 .-]{4,29}$/,
      "Nomor Rekening hanya angka (boleh spasi, titik atau tanda hubung), 5-30 karakter.",
    ),
  holder: text("Atas Nama", 100),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const paymentMethodsSchema = z
  .object({
    bankTransfer: z.object({
      active: z.boolean(),
      accounts: z.array(bankAccountSchema).max(MAX_BANK_ACCOUNTS, `Maksimal ${MAX_BANK_ACCOUNTS} rekening.`),
    }),
    cod: z.object({ active: z.boolean() }),
  })
  .refine((v) => !v.bankTransfer.active || v.bankTransfer.accounts.length > 0, {
    message: "Transfer Bank aktif: isi minimal satu rekening.",
    path: ["bankTransfer"],
  })
  .refine((v) => v.bankTransfer.active || v.cod.active, {
    message: "Aktifkan minimal satu metode pembayaran.",
    path: [""],
  });
export type PaymentMethodsSetting = z.infer<typeof paymentMethodsSchema>;

export const DEFAULT_PAYMENT_METHODS: PaymentMethodsSetting = {
  bankTransfer: {
    active: true,
    accounts: [{ bank: "BRI", number: "0123-01-000123-50-1", holder: "Sayur Jember (contoh, ganti di Pengaturan)" }],
  },
  cod: { active: true },
};

export const PAYMENT_METHOD_LABELS = { bankTransfer: "Transfer Bank", cod: "Bayar di Tempat (COD)" } as const;

export function bankAccountLine(a: BankAccount): string {
  return `${a.bank} ${a.number} a.n. ${a.holder}`;
}

/** How to pay an amount, one line per active method, as a chat message or a page lists it. */
export function paymentInstructionLines(methods: PaymentMethodsSetting, amount: number): string[] {
  const rupiah = formatRupiah(amount).replace(/\u00a0/g, " ");
  const lines: string[] = [];
  if (methods.bankTransfer.active) {
    lines.push(`${PAYMENT_METHOD_LABELS.bankTransfer} ${rupiah} ke:`);
    for (const a of methods.bankTransfer.accounts) lines.push(`- ${bankAccountLine(a)}`);
  }
  if (methods.cod.active) lines.push(`${PAYMENT_METHOD_LABELS.cod}: siapkan uang tunai ${rupiah} untuk kurir.`);
  return lines;
}

/** The setting's lines in the settings history. */
export function summarizePaymentMethods(v: PaymentMethodsSetting): string[] {
  return [
    `${PAYMENT_METHOD_LABELS.bankTransfer}: ${v.bankTransfer.active ? "aktif" : "tidak aktif"}`,
    ...v.bankTransfer.accounts.map((a) => `Rekening ${bankAccountLine(a)}`),
    `${PAYMENT_METHOD_LABELS.cod}: ${v.cod.active ? "aktif" : "tidak aktif"}`,
  ];
}
