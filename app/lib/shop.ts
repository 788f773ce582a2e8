// The shop's identity: one home for name, address, phone, WhatsApp, e-mail and hours.
// Defaults live here; the environment overrides them (config.server.ts), the owner's saved
// 'Identitas Toko' overrides both (shop-identity.ts), and the root loader hands the result to the browser.

export type ShopIdentity = {
  name: string;
  tagline: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  /** Phone as people read it, e.g. 0812-3456-7890. */
  phone: string;
  /** WhatsApp number in international digits, e.g. 6281234567890. */
  whatsapp: string;
  email: string;
  foundedYear: number;
  deliveryArea: string;
  openingHours: { days: string; hours: string }[];
  /** The home page's big first line. */
  heroLine: string;
  /** The uploaded logo's id (app/lib/shop-logo.ts), or null for the sample's drawings. */
  logo: string | null;
};

export const defaultShop: ShopIdentity = {
  name: "Sayur Jember",
  tagline: "Sayur segar langsung dari petani Jember",
  street: "Sumbersari",
  city: "Jember",
  region: "Jawa Timur",
  postalCode: "68121",
  phone: "0812-3456-7890",
  whatsapp: "6281234567890",
  email: "info@sayurjember.id",
  foundedYear: 2025,
  deliveryArea: "Kota Jember dan sekitarnya",
  openingHours: [
    { days: "Senin - Sabtu", hours: "07:00 - 19:00" },
    { days: "Minggu", hours: "08:00 - 15:00" },
  ],
  heroLine: "Sayur Segar Langsung dari Petani Jember",
  logo: null,
};

export function shopAddressLine(shop: ShopIdentity): string {
  // A saved address is one whole line: the sample's city, region and postal code are empty then.
  const tail = [shop.region, shop.postalCode].filter(Boolean).join(" ");
  return [shop.street, shop.city, tail].filter(Boolean).join(", ");
}

/** tel: link target from a phone written any way people write it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** A chat link to a WhatsApp number (international digits), with an optional prefilled text. */
export function whatsappHref(number: string, text?: string): string {
  const base = `https://wa.me/${number.replace(/\D/g, "")}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

export function mapsSearchHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
