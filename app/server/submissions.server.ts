// The two public forms: farmer partner applications (/supply-with-us) and contact messages
// (/contact, /about). Both are stored for the admin inbox, carry a honeypot for bots and are
// rate limited per client so a flood never fills the database.
// Limits and result types live in ~/lib/submissions so the forms can share them.
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { contactMessages, partnerApplications } from "~/db/schema";
import { normalizeIndonesianPhone } from "~/lib/phone";
import {
  CONTACT_LIMITS,
  HONEYPOT_FIELD,
  PARTNER_LIMITS,
  type ContactField,
  type PartnerField,
  type SubmissionResult,
} from "~/lib/submissions";
import { log } from "./logger.server";
import { clientKey, hitRateLimit } from "./rate-limit.server";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "~/lib/form-text";

/** Submissions per client per window, for each form. */
export const SUBMISSION_LIMIT = 5;
export const SUBMISSION_WINDOW_SECONDS = 60 * 60;

export const PARTNER_REQUIRED_MESSAGE = "Mohon lengkapi informasi wajib: nama, nomor telepon, dan jenis produk.";
export const CONTACT_REQUIRED_MESSAGE = "Mohon lengkapi nama, e-mail, subjek, dan pesan Anda.";
export const SUBMISSION_FAILED_MESSAGE = "Terjadi kesalahan saat mengirim data. Silakan coba lagi nanti.";
const CHECK_FIELDS_MESSAGE = "Mohon periksa kembali isian yang ditandai.";

/** Form input arrives as strings (or files from a hostile client): anything else counts as empty. */
const text = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z.string().max(max, tooLong).refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
  );

const required = (max: number, missing: string, tooLong: string) => text(max, tooLong).pipe(z.string().min(1, missing));

const partnerSchema = z.object({
  name: required(PARTNER_LIMITS.name, "Nama wajib diisi.", `Nama maksimal ${PARTNER_LIMITS.name} karakter.`),
  phone: required(PARTNER_LIMITS.phone, "Nomor telepon wajib diisi.", "Nomor telepon terlalu panjang.").pipe(
    z.string().transform((v, ctx) => {
      const normalized = normalizeIndonesianPhone(v);
      if (!normalized) {
        ctx.addIssue({
          code: "custom",
          message: "Nomor telepon tidak valid. Gunakan nomor Indonesia, mis. 0812-3456-7890.",
        });
        return z.NEVER;
      }
      return normalized;
    }),
  ),
  landAddress: text(PARTNER_LIMITS.landAddress, `Alamat lahan maksimal ${PARTNER_LIMITS.landAddress} karakter.`),
  farmSize: text(PARTNER_LIMITS.farmSize, `Luas lahan maksimal ${PARTNER_LIMITS.farmSize} karakter.`),
  products: required(
    PARTNER_LIMITS.products,
    "Jenis produk wajib diisi.",
    `Jenis produk maksimal ${PARTNER_LIMITS.products} karakter.`,
  ),
  harvestTime: text(PARTNER_LIMITS.harvestTime, `Waktu panen maksimal ${PARTNER_LIMITS.harvestTime} karakter.`),
  otherInfo: text(PARTNER_LIMITS.otherInfo, `Informasi lainnya maksimal ${PARTNER_LIMITS.otherInfo} karakter.`),
});

const contactSchema = z.object({
  name: required(CONTACT_LIMITS.name, "Nama wajib diisi.", `Nama maksimal ${CONTACT_LIMITS.name} karakter.`),
  email: required(CONTACT_LIMITS.email, "E-mail wajib diisi.", "Alamat e-mail terlalu panjang.").pipe(
    z.email("Alamat e-mail tidak valid, mis. nama@contoh.com."),
  ),
  subject: required(
    CONTACT_LIMITS.subject,
    "Subjek wajib diisi.",
    `Subjek maksimal ${CONTACT_LIMITS.subject} karakter.`,
  ),
  message: required(CONTACT_LIMITS.message, "Pesan wajib diisi.", `Pesan maksimal ${CONTACT_LIMITS.message} karakter.`),
});

type Input = Record<string, unknown>;

function typedValues<F extends string>(input: Input, fields: readonly F[]): Partial<Record<F, string>> {
  const values: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const value = input[field];
    // Kept a little longer than any limit so the person sees what was too long, never megabytes.
    if (typeof value === "string") values[field] = value.slice(0, 5000);
  }
  return values;
}

function isBot(input: Input): boolean {
  const trap = input[HONEYPOT_FIELD];
  return typeof trap === "string" && trap.trim() !== "";
}

function tooManyMessage(retryAfterSeconds: number, what: string): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Anda sudah mengirim terlalu banyak ${what} dalam waktu singkat. Silakan coba lagi dalam ${minutes} menit, atau hubungi kami langsung lewat WhatsApp.`;
}

/**
 * Field errors from zod's issues. A missing required field gets the form's summary message,
 * any other problem a general "check the marked fields".
 */
function invalid<F extends string>(
  error: z.ZodError,
  input: Input,
  fields: readonly F[],
  requiredFields: readonly F[],
  requiredMessage: string,
): SubmissionResult<F> {
  const fieldErrors: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as F;
    fieldErrors[field] ??= issue.message;
  }
  const missingRequired = requiredFields.some(
    (f) => typeof input[f] !== "string" || (input[f] as string).trim() === "",
  );
  return {
    ok: false,
    status: 400,
    formError: missingRequired ? requiredMessage : CHECK_FIELDS_MESSAGE,
    fieldErrors,
    values: typedValues(input, fields),
  };
}

const PARTNER_FIELDS = Object.keys(PARTNER_LIMITS) as PartnerField[];
const CONTACT_FIELDS = Object.keys(CONTACT_LIMITS) as ContactField[];

/** Stores a farmer's application to become a supplier. No account needed. */
export async function submitPartnerApplication(
  db: Queryable,
  request: Request,
  input: Input,
): Promise<SubmissionResult<PartnerField>> {
  if (isBot(input)) {
    log.info("partner application dropped by honeypot");
    return { ok: true };
  }
  const parsed = partnerSchema.safeParse(input);
  if (!parsed.success)
    return invalid(parsed.error, input, PARTNER_FIELDS, ["name", "phone", "products"], PARTNER_REQUIRED_MESSAGE);

  try {
    const limit = await hitRateLimit(db, `partner:${clientKey(request)}`, SUBMISSION_LIMIT, SUBMISSION_WINDOW_SECONDS);
    if (!limit.allowed) {
      log.warn("partner application rate limited");
      return {
        ok: false,
        status: 429,
        formError: tooManyMessage(limit.retryAfterSeconds, "pengajuan"),
        fieldErrors: {},
        values: typedValues(input, PARTNER_FIELDS),
      };
    }
    const [row] = await db.insert(partnerApplications).values(parsed.data).returning({ id: partnerApplications.id });
    log.info("partner application stored", { id: row.id });
    return { ok: true };
  } catch (error) {
    log.error("partner application failed", { error });
    return {
      ok: false,
      status: 503,
      formError: SUBMISSION_FAILED_MESSAGE,
      fieldErrors: {},
      values: typedValues(input, PARTNER_FIELDS),
    };
  }
}

/** Stores a message from the contact form for the admin inbox. */
export async function submitContactMessage(
  db: Queryable,
  request: Request,
  input: Input,
): Promise<SubmissionResult<ContactField>> {
  if (isBot(input)) {
    log.info("contact message dropped by honeypot");
    return { ok: true };
  }
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, input, CONTACT_FIELDS, CONTACT_FIELDS, CONTACT_REQUIRED_MESSAGE);

  try {
    const limit = await hitRateLimit(db, `contact:${clientKey(request)}`, SUBMISSION_LIMIT, SUBMISSION_WINDOW_SECONDS);
    if (!limit.allowed) {
      log.warn("contact message rate limited");
      return {
        ok: false,
        status: 429,
        formError: tooManyMessage(limit.retryAfterSeconds, "pesan"),
        fieldErrors: {},
        values: typedValues(input, CONTACT_FIELDS),
      };
    }
    const [row] = await db.insert(contactMessages).values(parsed.data).returning({ id: contactMessages.id });
    log.info("contact message stored", { id: row.id });
    return { ok: true };
  } catch (error) {
    log.error("contact message failed", { error });
    return {
      ok: false,
      status: 503,
      formError: SUBMISSION_FAILED_MESSAGE,
      fieldErrors: {},
      values: typedValues(input, CONTACT_FIELDS),
    };
  }
}
