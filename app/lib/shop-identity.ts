// 'Identitas Toko': the shop's name, numbers, address, hours, service area and the home
// page's hero line as the owner saved them on /admin/settings (or on /setup). Until the
// owner saves it the setting is null and the environment's values (SHOP_NAME, SHOP_WHATSAPP,
// ... read by config.server.ts over the defaults of app/lib/shop.ts) stay in force; once
// saved, the saved values win. `applyShopIdentity` is the one place the two meet.
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./account-rules";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, isSingleLineText, SINGLE_LINE_MESSAGE } from "./form-text";
import { normalizeIndonesianPhone } from "./phone";
import { defaultShop, type ShopIdentity } from "./shop";
import { LOGO_ID } from "./shop-logo";

/** The WhatsApp number of the sample shop: while it is in force shoppers would chat to nobody. */
export const SAMPLE_WHATSAPP = defaultShop.whatsapp;
export const SAMPLE_SHOP_NAME = defaultShop.name;

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .min(1, `${label} wajib diisi.`)
    .max(max, `${label} maksimal ${max} karakter.`)
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE);

const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} maksimal ${max} karakter.`)
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE)
    .default("");

export const WHATSAPP_MESSAGE = "Nomor WhatsApp tidak valid. Tulis dengan kode negara 62, mis. 6281234567890.";

/** A WhatsApp number as typed (0812..., +62 812..., 62812...) kept as international digits 62... */
export const whatsappField = z
  .string({ error: "Nomor WhatsApp wajib diisi." })
  .trim()
  .min(1, "Nomor WhatsApp wajib diisi.")
  .max(24, WHATSAPP_MESSAGE)
  .transform((v, ctx) => {
    const digits = normalizeIndonesianPhone(v);
    if (!digits) {
      ctx.addIssue({ code: "custom", message: WHATSAPP_MESSAGE });
      return z.NEVER;
    }
    return digits;
  });

const hoursRow = z.object({ days: optionalLine("Hari", 40), hours: optionalLine("Jam", 40) });

export const shopIdentitySchema = z.object({
  name: line("Nama toko", 60),
  whatsapp: whatsappField,
  phone: line("Telepon", 30).refine(
    (v) => /^[\d\s()+.-]+$/.test(v),
    "Telepon hanya berisi angka, spasi, +, - atau ().",
  ),
  email: z
    .string({ error: "Email toko wajib diisi." })
    .trim()
    .toLowerCase()
    .min(1, "Email toko wajib diisi.")
    .max(EMAIL_MAX_LENGTH, "Email toko terlalu panjang.")
    .pipe(z.email("Format email toko tidak valid.")),
  address: line("Alamat", 200).refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
  openingHours: z
    .array(hoursRow)
    .max(4, "Jam buka paling banyak 4 baris.")
    // A row half filled is a mistake to show at its place; empty rows are simply unused.
    .superRefine((rows, ctx) => {
      rows.forEach((r, i) => {
        if (!r.days && r.hours)
          ctx.addIssue({ code: "custom", path: [i, "days"], message: "Tulis harinya, mis. Senin - Sabtu." });
        if (r.days && !r.hours)
          ctx.addIssue({ code: "custom", path: [i, "hours"], message: "Tulis jamnya, mis. 07:00 - 19:00." });
      });
    })
    .transform((rows) => rows.filter((r) => r.days && r.hours)),
  serviceArea: line("Area layanan", 160),
  heroLine: line("Kalimat utama beranda", 120),
  // Made by the server from an upload (/admin/settings/logo); the identity form carries it along.
  logo: z.string().regex(LOGO_ID, "Logo tidak dikenal. Muat ulang halaman.").nullable().default(null),
});

export type ShopIdentitySetting = z.output<typeof shopIdentitySchema>;

/** The stored value before the owner saves one: the environment's identity holds. */
export const FROM_ENVIRONMENT = "environment";
export type StoredShopIdentity = ShopIdentitySetting | typeof FROM_ENVIRONMENT;
// Not a union: a union's refusal is one message for the whole value, and the form must show
// each field's own message next to it.
export const storedShopIdentitySchema = z.unknown().transform((value, ctx): StoredShopIdentity => {
  if (value === FROM_ENVIRONMENT) return FROM_ENVIRONMENT;
  const parsed = shopIdentitySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  return z.NEVER;
});

/** The saved identity, or null while the environment's holds. */
export function savedIdentityOf(stored: StoredShopIdentity | null | undefined): ShopIdentitySetting | null {
  return stored && stored !== FROM_ENVIRONMENT ? stored : null;
}

/** The setting as the environment's identity would fill it: the form's starting values. */
export function identitySettingFrom(shop: ShopIdentity): ShopIdentitySetting {
  return {
    name: shop.name,
    whatsapp: shop.whatsapp,
    phone: shop.phone,
    email: shop.email,
    address: shop.street,
    openingHours: shop.openingHours,
    serviceArea: shop.deliveryArea,
    heroLine: shop.heroLine,
    logo: shop.logo,
  };
}

/** The identity every page, invoice, mail and chat link shows: the saved setting over the environment's. */
export function applyShopIdentity(base: ShopIdentity, saved: ShopIdentitySetting | null): ShopIdentity {
  if (!saved) return base;
  return {
    ...base,
    name: saved.name,
    whatsapp: saved.whatsapp,
    phone: saved.phone,
    email: saved.email,
    // The saved address is the whole line shoppers read; the parts of the sample address go with it.
    street: saved.address,
    city: "",
    region: "",
    postalCode: "",
    openingHours: saved.openingHours,
    deliveryArea: saved.serviceArea,
    heroLine: saved.heroLine,
    logo: saved.logo,
  };
}

export function summarizeShopIdentity(stored: StoredShopIdentity): string[] {
  const value = savedIdentityOf(stored);
  if (!value) return ["Memakai identitas bawaan (variabel lingkungan)"];
  return [
    `Nama: ${value.name}`,
    `WhatsApp: ${value.whatsapp}`,
    `Telepon: ${value.phone}`,
    `Email: ${value.email}`,
    `Alamat: ${value.address}`,
    `Jam buka: ${value.openingHours.map((h) => `${h.days} ${h.hours}`).join("; ") || "-"}`,
    `Area layanan: ${value.serviceArea}`,
    `Kalimat utama: ${value.heroLine}`,
    `Logo: ${value.logo ? "diunggah" : "bawaan"}`,
  ];
}

/** Rows of 'Jam Buka' the forms offer. */
export const OPENING_HOURS_ROWS = 3;

/** A posted identity form (fields name, whatsapp, ..., hours.0.days, hours.0.hours) as the candidate the schema checks. */
export function identityCandidateFrom(get: (name: string) => string) {
  return {
    name: get("name"),
    whatsapp: get("whatsapp"),
    phone: get("phone"),
    email: get("email"),
    address: get("address"),
    openingHours: Array.from({ length: OPENING_HOURS_ROWS }, (_, i) => ({
      days: get(`hours.${i}.days`),
      hours: get(`hours.${i}.hours`),
    })),
    serviceArea: get("serviceArea"),
    heroLine: get("heroLine"),
    logo: get("logo") || null,
  };
}
