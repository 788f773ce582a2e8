// The owner's 'WhatsApp Business' page: saving the connection and 'Kirim pesan uji'.
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { formSuccess, type FormResult } from "~/lib/form";
import { hasNoControlCharacters, isSingleLineText } from "~/lib/form-text";
import { normalizeIndonesianPhone } from "~/lib/phone";
import { assertOwner, type AdminActor } from "../accounts/actor.server";
import { storeConnection, TEMPLATE_KINDS, type TemplateKind, type TemplateRef } from "./connection.server";
import { sendTestMessage } from "./messages.server";

const line = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} maksimal ${max} karakter.`)
    .refine((v) => isSingleLineText(v) && hasNoControlCharacters(v), `${label} harus satu baris tanpa karakter khusus.`)
    .default("");

const templateName = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]{1,512}$/, "Nama templat hanya huruf kecil, angka dan garis bawah, mis. pesanan_diterima.");
const templateLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "Kode bahasa seperti id atau en_US.");

const templateFields = Object.fromEntries(
  TEMPLATE_KINDS.flatMap((kind) => [
    [`template.${kind}.name`, templateName],
    [`template.${kind}.language`, templateLanguage],
  ]),
) as Record<string, typeof templateName>;

export const whatsappSettingsSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    phoneNumberId: z
      .string()
      .trim()
      .regex(/^\d{0,30}$/, "Phone number ID hanya angka (lihat WhatsApp Manager > API Setup).")
      .default(""),
    accessToken: line(1000, "Access token"),
    appSecret: line(200, "App secret"),
    clearSecrets: z.preprocess((v) => v === "on" || v === "1", z.boolean()).default(false),
    verifyToken: line(200, "Verify token"),
    graphUrl: z
      .string()
      .trim()
      .max(300, "Alamat Graph API maksimal 300 karakter.")
      .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v), "Alamat Graph API harus diawali http:// atau https://.")
      .default(""),
    chatReminderMinutes: z.coerce
      .number({ error: "Menit 'Belum chat' harus angka." })
      .int("Menit 'Belum chat' harus bilangan bulat.")
      .min(5, "Menit 'Belum chat' minimal 5.")
      .max(24 * 60, "Menit 'Belum chat' maksimal 1440 (sehari)."),
    ...templateFields,
  }),
  z.object({
    intent: z.literal("test"),
    to: z
      .string()
      .trim()
      .min(1, "Isi nomor WhatsApp tujuan pesan uji.")
      .max(30, "Nomor WhatsApp tidak valid.")
      .transform((value, ctx) => {
        const phone = normalizeIndonesianPhone(value);
        if (!phone) {
          ctx.addIssue({
            code: "custom",
            message: "Nomor WhatsApp tidak valid. Gunakan nomor Indonesia, mis. 081234567890.",
          });
          return z.NEVER;
        }
        return phone;
      }),
  }),
]);

export type WhatsappSettingsInput = z.output<typeof whatsappSettingsSchema>;

/** Fields a refused form may show again: never the token or the secret. */
export const WHATSAPP_SETTINGS_ECHO = [
  "intent",
  "phoneNumberId",
  "verifyToken",
  "graphUrl",
  "chatReminderMinutes",
  "to",
  ...TEMPLATE_KINDS.flatMap((kind) => [`template.${kind}.name`, `template.${kind}.language`]),
];

export async function actOnWhatsappSettings(
  db: Queryable,
  actor: AdminActor,
  input: WhatsappSettingsInput,
): Promise<FormResult> {
  assertOwner(actor);
  if (input.intent === "test") return sendTestMessage(db, input.to);
  const fields = input as Record<string, unknown>;
  const templates = Object.fromEntries(
    TEMPLATE_KINDS.map((kind) => [
      kind,
      { name: String(fields[`template.${kind}.name`]), language: String(fields[`template.${kind}.language`]) },
    ]),
  ) as Record<TemplateKind, TemplateRef>;
  await storeConnection(db, {
    phoneNumberId: input.phoneNumberId,
    accessToken: input.accessToken,
    appSecret: input.appSecret,
    clearSecrets: input.clearSecrets,
    verifyToken: input.verifyToken,
    graphUrl: input.graphUrl,
    chatReminderMinutes: input.chatReminderMinutes,
    templates,
  });
  return formSuccess("Pengaturan WhatsApp disimpan.");
}
