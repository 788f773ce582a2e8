// 'Metode Pembayaran': how customers may pay, set by staff on 'Pengaturan Toko'. A fresh
// shop takes bank transfers (to a sample account staff replace) and cash on delivery, so
// checkout and a final bill work before anyone configures anything. QRIS needs the shop's
// own static QRIS image first.
import { z } from "zod";
import { formatRupiah } from "./money";
import { methodsToExplain, PAYMENT_METHOD, type PaymentMethod } from "./vocab/payment-methods";

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

// Only an image this shop stored itself (app/server/payments.server.ts keeps it under qris/).
const qrisImageUrl = z
  .string()
  .regex(/^\/uploads\/qris\/[a-f0-9]{32}\.(png|jpg|webp)$/, "Gambar QRIS tidak dikenal. Unggah ulang.")
  .nullable();

export const paymentMethodsSchema = z
  .object({
    // Settings saved before QRIS existed read as QRIS switched off.
    qris: z.object({ active: z.boolean(), imageUrl: qrisImageUrl }).default({ active: false, imageUrl: null }),
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
  .refine((v) => !v.qris.active || v.qris.imageUrl !== null, {
    message: "QRIS aktif: unggah gambar QRIS toko dulu.",
    path: ["qris"],
  })
  .refine((v) => v.qris.active || v.bankTransfer.active || v.cod.active, {
    message: "Aktifkan minimal satu metode pembayaran.",
    path: [""],
  });
export type PaymentMethodsSetting = z.infer<typeof paymentMethodsSchema>;

export const DEFAULT_PAYMENT_METHODS: PaymentMethodsSetting = {
  qris: { active: false, imageUrl: null },
  bankTransfer: {
    active: true,
    accounts: [{ bank: "BRI", number: "0123-01-000123-50-1", holder: "Sayur Jember (contoh, ganti di Pengaturan)" }],
  },
  cod: { active: true },
};

export function bankAccountLine(a: BankAccount): string {
  return `${a.bank} ${a.number} a.n. ${a.holder}`;
}

/**
 * How to pay an amount, as a chat message lists it: for the order's chosen method, or one
 * line per active method for an order placed before checkout asked.
 */
export function paymentInstructionLines(
  methods: PaymentMethodsSetting,
  amount: number,
  chosen: string | null = null,
): string[] {
  const rupiah = formatRupiah(amount).replace(/\u00a0/g, " ");
  const linesOf = {
    qris: () => [`${PAYMENT_METHOD.qris.label} ${rupiah}: pindai kode QRIS di halaman pesanan.`],
    transfer: () => [
      `${PAYMENT_METHOD.transfer.label} ${rupiah} ke:`,
      ...methods.bankTransfer.accounts.map((a) => `- ${bankAccountLine(a)}`),
    ],
    cod: () => [`${PAYMENT_METHOD.cod.label}: siapkan uang tunai ${rupiah} untuk kurir.`],
  } satisfies Record<PaymentMethod, () => string[]>;
  return methodsToExplain(methods, chosen).flatMap((method) => linesOf[method]());
}

/** The setting's lines in the settings history. */
export function summarizePaymentMethods(v: PaymentMethodsSetting): string[] {
  return [
    `${PAYMENT_METHOD.qris.label}: ${v.qris.active ? "aktif" : "tidak aktif"}${v.qris.imageUrl ? `, gambar ${v.qris.imageUrl.slice(-12, -4)}` : ""}`,
    `${PAYMENT_METHOD.transfer.label}: ${v.bankTransfer.active ? "aktif" : "tidak aktif"}`,
    ...v.bankTransfer.accounts.map((a) => `Rekening ${bankAccountLine(a)}`),
    `${PAYMENT_METHOD.cod.label}: ${v.cod.active ? "aktif" : "tidak aktif"}`,
  ];
}
