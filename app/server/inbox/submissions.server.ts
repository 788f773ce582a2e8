// The two public forms: farmer partner applications (/supply-with-us) and contact messages
// (/contact, /about). Both are stored for the admin inbox, carry a honeypot for bots and are
// rate limited per client so a flood never fills the database.
// Limits live in ~/lib/submissions so the forms can share them. Routes parse with the schemas
// below (through formAction) and call the submit functions with typed input.
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { contactMessages, partnerApplications } from "~/db/schema";
import { normalizeIndonesianPhone } from "~/lib/phone";
import { CHECK_FIELDS_MESSAGE, formFailure, formSuccess, type FormResult } from "~/lib/form";
import {
  CONTACT_LIMITS,
  HONEYPOT_FIELD,
  PARTNER_LIMITS,
  type ContactField,
  type PartnerField,
} from "~/lib/submissions";
import { log } from "../logger.server";
import { hitRateLimit } from "../rate-limit.server";
import {
  CONTROL_CHARACTER_MESSAGE,
  hasNoControlCharacters,
  isSingleLineText,
  SINGLE_LINE_MESSAGE,
} from "~/lib/form-text";

/** Submissions per client per window, for each form. */
export const SUBMISSION_LIMIT = 5;
export const SUBMISSION_WINDOW_SECONDS = 60 * 60;

export const PARTNER_REQUIRED_MESSAGE = "Mohon lengkapi informasi wajib: nama, nomor telepon, dan jenis produk.";
export const CONTACT_REQUIRED_MESSAGE = "Mohon lengkapi nama, e-mail, subjek, dan pesan Anda.";
export const SUBMISSION_FAILED_MESSAGE = "Terjadi kesalahan saat mengirim data. Silakan coba lagi nanti.";
export const PARTNER_FAILED_TITLE = "Pengajuan Gagal";
export const CONTACT_FAILED_TITLE = "Pesan Gagal Dikirim";

/**
 * Form input arrives as strings (or files from a hostile client): anything else counts as empty.
 * A plain form post sends a textarea's line breaks as CRLF and a scripted one as LF: stored as LF.
 */
const text = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : ""),
    z.string().max(max, tooLong).refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
  );

const required = (max: number, missing: string, tooLong: string) => text(max, tooLong).pipe(z.string().min(1, missing));
/** A required one-line field (a name, a subject): a line break there is refused, not stored. */
const requiredLine = (max: number, missing: string, tooLong: string) =>
  required(max, missing, tooLong).pipe(z.string().refine(isSingleLineText, SINGLE_LINE_MESSAGE));

/** The honeypot: people leave it empty; whatever a bot puts there is kept only to be noticed. */
const honeypot = z.preprocess((v) => (typeof v === "string" ? v.slice(0, 200) : ""), z.string());

export const partnerApplicationSchema = z.object({
  [HONEYPOT_FIELD]: honeypot,
  name: requiredLine(PARTNER_LIMITS.name, "Nama wajib diisi.", `Nama maksimal ${PARTNER_LIMITS.name} karakter.`),
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

export const contactMessageSchema = z.object({
  [HONEYPOT_FIELD]: honeypot,
  name: requiredLine(CONTACT_LIMITS.name, "Nama wajib diisi.", `Nama maksimal ${CONTACT_LIMITS.name} karakter.`),
  email: required(CONTACT_LIMITS.email, "E-mail wajib diisi.", "Alamat e-mail terlalu panjang.").pipe(
    z.email("Alamat e-mail tidak valid, mis. nama@contoh.com."),
  ),
  subject: requiredLine(
    CONTACT_LIMITS.subject,
    "Subjek wajib diisi.",
    `Subjek maksimal ${CONTACT_LIMITS.subject} karakter.`,
  ),
  message: required(CONTACT_LIMITS.message, "Pesan wajib diisi.", `Pesan maksimal ${CONTACT_LIMITS.message} karakter.`),
});

export type PartnerApplicationInput = z.output<typeof partnerApplicationSchema>;
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

const PARTNER_FIELDS = Object.keys(PARTNER_LIMITS) as PartnerField[];
const CONTACT_FIELDS = Object.keys(CONTACT_LIMITS) as ContactField[];
const PARTNER_REQUIRED: PartnerField[] = ["name", "phone", "products"];

function isBlank(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

/** The summary of a refused application: a missing required field, or "check the marked fields". */
export function partnerInvalidMessage(fields: Record<string, unknown>): string {
  return PARTNER_REQUIRED.some((f) => isBlank(fields[f])) ? PARTNER_REQUIRED_MESSAGE : CHECK_FIELDS_MESSAGE;
}

export function contactInvalidMessage(fields: Record<string, unknown>): string {
  return CONTACT_FIELDS.some((f) => isBlank(fields[f])) ? CONTACT_REQUIRED_MESSAGE : CHECK_FIELDS_MESSAGE;
}

function tooManyMessage(retryAfterSeconds: number, what: string): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Anda sudah mengirim terlalu banyak ${what} dalam waktu singkat. Silakan coba lagi dalam ${minutes} menit, atau hubungi kami langsung lewat WhatsApp.`;
}

type SubmitOptions = { /** Who is sending (their address): the rate limit counts per key. */ clientKey: string };

/**
 * Stores one submission behind its honeypot and its rate limit. A bot that filled the
 * honeypot is told all went well and nothing is stored; a storage failure is a 503.
 */
async function store<F extends string>(
  db: Queryable,
  kind: { name: string; limitKey: string; what: string; title: string; sent: string },
  trap: string,
  { clientKey }: SubmitOptions,
  insert: () => Promise<{ id: string }>,
): Promise<FormResult<object, F>> {
  if (trap.trim() !== "") {
    log.info(`${kind.name} dropped by honeypot`);
    return formSuccess(kind.sent);
  }
  try {
    const limit = await hitRateLimit(db, `${kind.limitKey}:${clientKey}`, SUBMISSION_LIMIT, SUBMISSION_WINDOW_SECONDS);
    if (!limit.allowed) {
      log.warn(`${kind.name} rate limited`);
      return formFailure<F>(429, tooManyMessage(limit.retryAfterSeconds, kind.what), { title: kind.title });
    }
    const row = await insert();
    log.info(`${kind.name} stored`, { id: row.id });
    return formSuccess(kind.sent);
  } catch (error) {
    log.error(`${kind.name} failed`, { error });
    return formFailure<F>(503, SUBMISSION_FAILED_MESSAGE, { title: kind.title });
  }
}

/** Stores a farmer's application to become a supplier. No account needed. */
export async function submitPartnerApplication(
  db: Queryable,
  input: PartnerApplicationInput,
  options: SubmitOptions,
): Promise<FormResult<object, PartnerField>> {
  const { [HONEYPOT_FIELD]: trap, ...application } = input;
  return store<PartnerField>(
    db,
    {
      name: "partner application",
      limitKey: "partner",
      what: "pengajuan",
      title: PARTNER_FAILED_TITLE,
      sent: "Pengajuan terkirim.",
    },
    trap,
    options,
    async () => (await db.insert(partnerApplications).values(application).returning({ id: partnerApplications.id }))[0],
  );
}

/** Stores a message from the contact form for the admin inbox. */
export async function submitContactMessage(
  db: Queryable,
  input: ContactMessageInput,
  options: SubmitOptions,
): Promise<FormResult<object, ContactField>> {
  const { [HONEYPOT_FIELD]: trap, ...message } = input;
  return store<ContactField>(
    db,
    {
      name: "contact message",
      limitKey: "contact",
      what: "pesan",
      title: CONTACT_FAILED_TITLE,
      sent: "Pesan terkirim.",
    },
    trap,
    options,
    async () => (await db.insert(contactMessages).values(message).returning({ id: contactMessages.id }))[0],
  );
}

export { PARTNER_FIELDS, CONTACT_FIELDS };
