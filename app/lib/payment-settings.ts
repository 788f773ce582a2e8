// 'Metode Pembayaran': how customers may pay, set by staff on 'Pengaturan Toko'. A fresh
// shop takes cash on delivery only, so checkout and a final bill work before anyone
// configures anything; 'Transfer Bank' stays off until the shop enters its own account (a
// sample account would send customers' money nowhere). QRIS needs the shop's own static
// QRIS image first.
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
  bankTransfer: { active: false, accounts: [] },
  cod: { active: true },
};

// The sample account earlier versions of the shop stored switched on. A shop that never
// replaced it still has it in its settings.
const SAMPLE_ACCOUNT_NUMBER = "0123-01-000123-50-1";

/** A placeholder rather than the shop's own account: the old sample, or one marked 'contoh'. */
export function isSampleBankAccount(a: BankAccount): boolean {
  const digits = a.number.replace(/\D/g, "");
  return digits === SAMPLE_ACCOUNT_NUMBER.replace(/\D/g, "") || /\bcontoh\b/i.test(`${a.bank} ${a.holder}`);
}

/** 'Transfer Bank' is on and lists a placeholder account: no bill may go out with it. */
export function sampleBankAccountActive(methods: PaymentMethodsSetting): boolean {
  return methods.bankTransfer.active && methods.bankTransfer.accounts.some(isSampleBankAccount);
}

export const SAMPLE_BANK_ACCOUNT_REFUSAL =
  "Rekening contoh masih aktif di Transfer Bank. Ganti dengan rekening toko yang asli, atau matikan Transfer Bank, di Pengaturan Toko sebelum Tagihan Final.";

export const PAYMENT_METHOD_LABELS = {
  qris: "QRIS",
  bankTransfer: "Transfer Bank",
  cod: "Bayar di Tempat (COD)",
} as const;

/** How an order is paid, as stored on the order. */
export const PAYMENT_METHODS = ["qris", "transfer", "cod"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  qris: PAYMENT_METHOD_LABELS.qris,
  transfer: PAYMENT_METHOD_LABELS.bankTransfer,
  cod: PAYMENT_METHOD_LABELS.cod,
};

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** The label of an order's method; orders from before checkout asked were settled in the chat. */
export function paymentMethodLabel(method: string | null): string {
  return isPaymentMethod(method) ? ORDER_PAYMENT_METHOD_LABELS[method] : "Dikonfirmasi via WhatsApp";
}

/** The methods a customer can choose now, in the order checkout lists them. */
export function activePaymentMethods(methods: PaymentMethodsSetting): PaymentMethod[] {
  const out: PaymentMethod[] = [];
  if (methods.qris.active && methods.qris.imageUrl) out.push("qris");
  // A placeholder account is never offered: the customer would pay into it.
  if (
    methods.bankTransfer.active &&
    methods.bankTransfer.accounts.length > 0 &&
    !methods.bankTransfer.accounts.some(isSampleBankAccount)
  )
    out.push("transfer");
  if (methods.cod.active) out.push("cod");
  return out;
}

/** Methods paid ahead with a proof the customer uploads; cash is counted by the courier. */
export function needsProof(method: string | null): boolean {
  return method === "qris" || method === "transfer";
}

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
  const lines: string[] = [];
  const only = isPaymentMethod(chosen) ? chosen : null;
  if (only === "qris" || (only === null && methods.qris.active && methods.qris.imageUrl)) {
    lines.push(`${PAYMENT_METHOD_LABELS.qris} ${rupiah}: pindai kode QRIS di halaman pesanan.`);
  }
  if (only === "transfer" || (only === null && methods.bankTransfer.active)) {
    lines.push(`${PAYMENT_METHOD_LABELS.bankTransfer} ${rupiah} ke:`);
    for (const a of methods.bankTransfer.accounts) lines.push(`- ${bankAccountLine(a)}`);
  }
  if (only === "cod" || (only === null && methods.cod.active))
    lines.push(`${PAYMENT_METHOD_LABELS.cod}: siapkan uang tunai ${rupiah} untuk kurir.`);
  return lines;
}

/** The setting's lines in the settings history. */
export function summarizePaymentMethods(v: PaymentMethodsSetting): string[] {
  return [
    `${PAYMENT_METHOD_LABELS.qris}: ${v.qris.active ? "aktif" : "tidak aktif"}${v.qris.imageUrl ? `, gambar ${v.qris.imageUrl.slice(-12, -4)}` : ""}`,
    `${PAYMENT_METHOD_LABELS.bankTransfer}: ${v.bankTransfer.active ? "aktif" : "tidak aktif"}`,
    ...v.bankTransfer.accounts.map((a) => `Rekening ${bankAccountLine(a)}`),
    `${PAYMENT_METHOD_LABELS.cod}: ${v.cod.active ? "aktif" : "tidak aktif"}`,
  ];
}
