// The checkout form's rules, shared by the page (instant checks) and the server action
// (the checks that count). Messages are the ones shown next to each field.
import { z } from "zod";
import { MAX_CART_LINES, MAX_LINE_NOTE } from "./cart";
import { MAX_LINE_GRAMS } from "./weight";
import { isValidDateString } from "./dates";
import { OUTSIDE_AREA } from "./delivery-settings";
import { normalizeIndonesianPhone } from "./phone";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, isSingleLineText, SINGLE_LINE_MESSAGE } from "./form-text";
import { fieldErrorsFromZod, type FormResult } from "./form";
import { uuidField } from "./form-schema";
import { PAYMENT_METHODS } from "./vocab/payment-methods";

export const INCOMPLETE_TITLE = "Data Tidak Lengkap";
export const INCOMPLETE_MESSAGE = "Mohon lengkapi semua data pengiriman.";
export const CHECKOUT_FAILED_TITLE = "Checkout Gagal";
export const CHECKOUT_FAILED_MESSAGE = "Terjadi kesalahan saat memproses pesanan. Silakan coba lagi.";

const DELIVERY_DATE_MESSAGE = "Pilih tanggal dan waktu pengiriman.";

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

// Whole units, or grams for produce sold by weight: the server checks each against its product.
const quantityMessage = "Jumlah harus bilangan bulat (gram untuk produk yang ditimbang).";

export const checkoutLineSchema = z.object({
  productId: uuidField("Produk tidak dikenal."),
  quantity: z.coerce
    .number({ error: quantityMessage })
    .int(quantityMessage)
    .min(1, quantityMessage)
    .max(MAX_LINE_GRAMS, quantityMessage),
  note: z
    .string()
    .trim()
    .max(MAX_LINE_NOTE, `Catatan produk maksimal ${MAX_LINE_NOTE} karakter.`)
    .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .default(""),
  // 'Boleh diganti produk serupa' only when asked for; anything else is 'Jangan diganti'.
  allowSubstitute: z
    .preprocess((v) => v === true || v === "1" || v === "on" || v === "true", z.boolean())
    .default(false),
});

export const checkoutSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Nama lengkap wajib diisi.")
    .max(100, "Nama lengkap maksimal 100 karakter.")
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE),
  phone: z
    .string()
    .trim()
    .min(1, "Nomor telepon wajib diisi.")
    .max(30, "Nomor telepon tidak valid.")
    .transform((value, ctx) => {
      const normalized = normalizeIndonesianPhone(value);
      if (!normalized) {
        ctx.addIssue({
          code: "custom",
          message: "Nomor telepon tidak valid. Gunakan nomor Indonesia, mis. 081234567890.",
        });
        return z.NEVER;
      }
      return normalized;
    }),
  address: z
    .string()
    .trim()
    .min(1, "Alamat lengkap wajib diisi.")
    .min(5, "Alamat minimal 5 karakter.")
    .max(500, "Alamat maksimal 500 karakter.")
    .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
  notes: z
    .string()
    .trim()
    .max(500, "Catatan maksimal 500 karakter.")
    .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .default(""),
  slot: z.enum(["pagi", "sore"], { error: "Pilih waktu pengiriman: pagi atau sore." }),
  /**
   * The chosen date. A post without one comes from a page older than date choices, which
   * promised "besok": it is read as tomorrow and checked like any other choice.
   */
  deliveryDate: z.string({ error: DELIVERY_DATE_MESSAGE }).refine(isValidDateString, DELIVERY_DATE_MESSAGE).optional(),
  /** An area id of the 'Area Pengiriman' setting, or OUTSIDE_AREA (also when not posted). */
  area: z
    .string()
    .trim()
    .min(1, "Pilih area pengiriman.")
    .regex(/^[a-z0-9-]{1,40}$/, "Area pengiriman tidak dikenal. Pilih area dari daftar.")
    .default(OUTSIDE_AREA),
  /**
   * The fee the summary showed (rupiah, or "cs" for 'Ditentukan oleh CS'): never charged,
   * only compared, so a fee changed while the page was open is named instead of charged.
   */
  shownFee: z
    .union([z.literal("cs"), z.coerce.number().int().min(0).max(100_000_000)])
    .optional()
    .catch(undefined),
  /** 'Metode Pembayaran'; a post from a page older than the choice settles it in the chat. */
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "Pilih metode pembayaran." }).optional(),
  lines: z
    .array(checkoutLineSchema, { error: "Keranjang Anda kosong." })
    .min(1, "Keranjang Anda kosong.")
    .max(MAX_CART_LINES, `Maksimal ${MAX_CART_LINES} produk dalam satu pesanan.`)
    .refine(
      (lines) => new Set(lines.map((l) => l.productId.toLowerCase())).size === lines.length,
      "Produk yang sama tercantum dua kali.",
    ),
  /** 'Kode Promo' (one per order), checked again when the order is stored; empty: none. */
  promoCode: z
    .string()
    .trim()
    .max(30, "Kode promo tidak ditemukan.")
    .transform((code) => (code === "" ? undefined : code.toUpperCase()))
    .optional(),
  /**
   * 'Kirim kabar pesanan ke WhatsApp saya', asked only while the shop's WhatsApp is connected;
   * left out (undefined) the customer's earlier choice stands.
   */
  whatsappConsent: z.boolean().optional(),
  idempotencyKey: z
    .string({ error: "Halaman checkout sudah kedaluwarsa. Silakan muat ulang halaman." })
    .regex(IDEMPOTENCY_KEY_PATTERN, "Halaman checkout sudah kedaluwarsa. Silakan muat ulang halaman."),
});

export type CheckoutInput = z.output<typeof checkoutSchema>;
export type CheckoutField = keyof CheckoutInput;
/** The account part a visitor fills in checkout ('Akun'): e-mail and password. */
export type CheckoutAccountField = "email" | "password";
export type CheckoutFieldErrors = Partial<Record<CheckoutField | CheckoutAccountField, string>>;

/** A cart line the shop could not take, and why, in words the customer understands. */
export type OrderProblem = { productId: string; message: string };

/**
 * The checkout's answer: the stored order's id and chat link, or why nothing was stored, with
 * the products it is about and whether the page shows it as a dialog (else beside the fields).
 * An unexpected error's answer carries neither; the page shows it as a dialog.
 */
export type CheckoutAnswer = FormResult<
  { orderId: string; chatUrl: string },
  CheckoutField | CheckoutAccountField,
  { problems?: OrderProblem[]; dialog?: boolean }
>;

export type CheckoutParseResult =
  | { success: true; data: CheckoutInput }
  | {
      success: false;
      fieldErrors: CheckoutFieldErrors;
      /** Name, phone or address left empty: the 'Data Tidak Lengkap' dialog. */
      incomplete: boolean;
    };

/** The three fields without which the order button stays disabled. */
export const REQUIRED_FIELDS = ["name", "phone", "address"] as const;

export function isIncomplete(values: { name?: unknown; phone?: unknown; address?: unknown }): boolean {
  return REQUIRED_FIELDS.some((field) => typeof values[field] !== "string" || values[field].trim() === "");
}

const REQUIRED_FIELD_NAMES: Record<(typeof REQUIRED_FIELDS)[number], string> = {
  name: "nama lengkap",
  phone: "nomor telepon",
  address: "alamat lengkap",
};

/**
 * What still keeps 'Pesan Sekarang' from being pressed, in the words of the form ('area
 * pengiriman', 'jadwal pengiriman'), so a grey button says why it is grey. Empty: nothing.
 */
export function checkoutMissing(
  values: { name?: unknown; phone?: unknown; address?: unknown; area?: unknown; delivery?: unknown },
  cart: { empty: boolean; belowMinimum: boolean },
): string[] {
  const missing: string[] = [];
  if (cart.empty) missing.push("produk di keranjang");
  for (const field of REQUIRED_FIELDS)
    if (typeof values[field] !== "string" || values[field].trim() === "") missing.push(REQUIRED_FIELD_NAMES[field]);
  if (values.area === "" || values.area === undefined) missing.push("area pengiriman");
  if (values.delivery === "" || values.delivery === undefined) missing.push("jadwal pengiriman");
  if (cart.belowMinimum) missing.push("minimal belanja");
  return missing;
}

export function parseCheckout(raw: unknown): CheckoutParseResult {
  const parsed = checkoutSchema.safeParse(raw);
  if (parsed.success) return { success: true, data: parsed.data };
  const fields = Object.keys(checkoutSchema.shape) as CheckoutField[];
  const fieldErrors: CheckoutFieldErrors = fieldErrorsFromZod(parsed.error, fields);
  const values = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  return { success: false, fieldErrors, incomplete: isIncomplete(values) };
}

function text(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

function deliveryFields(formData: FormData): { slot: string; deliveryDate: string | undefined } {
  const combined = text(formData, "delivery");
  if (combined !== undefined) {
    const [deliveryDate = "", slot = ""] = combined.split("|", 2);
    return { deliveryDate, slot };
  }
  return { slot: text(formData, "slot") ?? "", deliveryDate: text(formData, "deliveryDate") };
}

/**
 * Reads the checkout form. Cart lines arrive as repeated `productId`, `quantity`,
 * `lineNote` and `lineSubstitute` ('1' or '0') inputs, one of each per line in the same
 * order; prices are never read from the form.
 */
export function checkoutInputFromForm(formData: FormData): Record<string, unknown> {
  const ids = formData.getAll("productId");
  const quantities = formData.getAll("quantity");
  const notes = formData.getAll("lineNote");
  const substitutes = formData.getAll("lineSubstitute");
  // One more than allowed is enough for the schema to say "too many".
  const count = Math.min(Math.max(ids.length, quantities.length), MAX_CART_LINES + 1);
  const lines = Array.from({ length: count }, (_, i) => ({
    productId: typeof ids[i] === "string" ? ids[i] : "",
    quantity: typeof quantities[i] === "string" ? quantities[i] : "",
    note: typeof notes[i] === "string" ? notes[i] : "",
    allowSubstitute: substitutes[i] === "1",
  }));
  return {
    name: text(formData, "name") ?? "",
    phone: text(formData, "phone") ?? "",
    address: text(formData, "address") ?? "",
    notes: text(formData, "notes") ?? "",
    // One radio carries date and slot ("2026-11-26|pagi"); separate fields work too.
    ...deliveryFields(formData),
    // Not posted at all (a page from before areas existed): outside the areas, as it then was.
    area: text(formData, "area"),
    shownFee: text(formData, "shownFee") || undefined,
    paymentMethod: text(formData, "paymentMethod"),
    promoCode: text(formData, "promoCode"),
    whatsappConsent: formData.get("whatsappConsentAsked") === "1" ? formData.get("whatsappConsent") === "1" : undefined,
    lines,
    idempotencyKey: text(formData, "idempotencyKey") ?? "",
  };
}

export function parseCheckoutForm(formData: FormData): CheckoutParseResult {
  return parseCheckout(checkoutInputFromForm(formData));
}
