// 'Metode Pembayaran': how customers may pay, set by staff on 'Pengaturan Toko'. A fresh
// shop takes cash on delivery only, so checkout and a final bill work before anyone
// configures anything; 'Transfer Bank' stays off until the shop enters its own account (a
// sample account would send customers' money nowhere). QRIS needs the shop's own static
// QRIS image first.
import { z } from "zod";
import { formatRupiah } from "./money";
import { transferExactlyText, UNIQUE_CODE_EXPLANATION } from "./order-text";
import { isSampleBankAccount, methodsToExplain, PAYMENT_METHOD, type PaymentMethod } from "./vocab/payment-methods";

export const MAX_BANK_ACCOUNTS = 5;

export const UNIQUE_CODE_MODES = ["added", "subtracted"] as const;
export type UniqueCodeMode = (typeof UNIQUE_CODE_MODES)[number];
export const UNIQUE_CODE_MODE_LABEL: Record<UniqueCodeMode, string> = {
  added: "Ditambahkan ke tagihan, lalu masuk Saldo pelanggan",
  subtracted: "Dikurangkan dari tagihan, ditanggung toko",
};

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
    // `payload`: the code's text, read from the image or pasted by the owner (app/lib/qris.ts);
    // null when it could not be read, and customers then see the plain image without the amount.
    qris: z
      .object({ active: z.boolean(), imageUrl: qrisImageUrl, payload: z.string().max(512).nullable().default(null) })
      .default({ active: false, imageUrl: null, payload: null }),
    bankTransfer: z.object({
      active: z.boolean(),
      accounts: z.array(bankAccountSchema).max(MAX_BANK_ACCOUNTS, `Maksimal ${MAX_BANK_ACCOUNTS} rekening.`),
    }),
    cod: z.object({ active: z.boolean() }),
    // The 'kode unik' of a transfer bill: added and credited to the customer's 'Saldo', or
    // subtracted and borne by the shop. Settings saved before it existed read as added.
    uniqueCode: z.enum(UNIQUE_CODE_MODES, { message: "Pilih cara kode unik." }).default("added"),
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
  qris: { active: false, imageUrl: null, payload: null },
  bankTransfer: { active: false, accounts: [] },
  cod: { active: true },
  uniqueCode: "added",
};

export { isSampleBankAccount };

/** 'Transfer Bank' is on and lists a placeholder account: no bill may go out with it. */
export function sampleBankAccountActive(methods: PaymentMethodsSetting): boolean {
  return methods.bankTransfer.active && methods.bankTransfer.accounts.some(isSampleBankAccount);
}

export const SAMPLE_BANK_ACCOUNT_REFUSAL =
  "Rekening contoh masih aktif di Transfer Bank. Ganti dengan rekening toko yang asli, atau matikan Transfer Bank, di Pengaturan Toko sebelum Tagihan Final.";

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
  /** The bill's amount with its 'kode unik', when it has one. */
  transferAmount: number | null = null,
): string[] {
  const rupiah = formatRupiah(amount).replace(/\u00a0/g, " ");
  const linesOf = {
    qris: () => [`${PAYMENT_METHOD.qris.label} ${rupiah}: pindai kode QRIS di halaman pesanan.`],
    transfer: () =>
      transferAmount === null
        ? [
            `${PAYMENT_METHOD.transfer.label} ${rupiah} ke:`,
            ...methods.bankTransfer.accounts.map((a) => `- ${bankAccountLine(a)}`),
          ]
        : [
            `${PAYMENT_METHOD.transfer.label}: ${transferExactlyText(transferAmount)} ke:`,
            ...methods.bankTransfer.accounts.map((a) => `- ${bankAccountLine(a)}`),
            `(${UNIQUE_CODE_EXPLANATION})`,
          ],
    cod: () => [`${PAYMENT_METHOD.cod.label}: siapkan uang tunai ${rupiah} untuk kurir.`],
  } satisfies Record<PaymentMethod, () => string[]>;
  return methodsToExplain(methods, chosen).flatMap((method) => linesOf[method]());
}

/** The setting's lines in the settings history. */
export function summarizePaymentMethods(v: PaymentMethodsSetting): string[] {
  return [
    `${PAYMENT_METHOD.qris.label}: ${v.qris.active ? "aktif" : "tidak aktif"}${v.qris.imageUrl ? `, gambar ${v.qris.imageUrl.slice(-12, -4)}` : ""}${v.qris.payload ? ", teks QRIS terbaca" : ""}`,
    `${PAYMENT_METHOD.transfer.label}: ${v.bankTransfer.active ? "aktif" : "tidak aktif"}`,
    ...v.bankTransfer.accounts.map((a) => `Rekening ${bankAccountLine(a)}`),
    `${PAYMENT_METHOD.cod.label}: ${v.cod.active ? "aktif" : "tidak aktif"}`,
    `Kode unik transfer: ${UNIQUE_CODE_MODE_LABEL[v.uniqueCode].toLowerCase()}`,
  ];
}
