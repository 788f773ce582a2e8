// The pictures that stand for the shop: the header logo, the favicon, the home-screen icons
// of the manifest and the Apple touch icon. The sample's drawings until the owner uploads a
// logo on 'Identitas Toko'; then the copies sharp made of it (app/server/shop/logo.server.ts),
// stored under one random id that changes with every upload, so every address is new and
// may be cached for good.

/** The copies made of an uploaded logo: square PNGs, by name. */
export const LOGO_VARIANTS = {
  favicon: 32,
  header: 96,
  appleTouch: 180,
  icon192: 192,
  icon512: 512,
  /** The logo inside the middle 80 % of a white square: a launcher may cut the corners off. */
  maskable512: 512,
} as const;
export type LogoVariant = keyof typeof LOGO_VARIANTS;

/** A logo's id: 128 random bits as hex, made by the server only. */
export const LOGO_ID = /^[a-f0-9]{32}$/;

/** The storage key of one copy of a logo. */
export function logoKey(id: string, variant: LogoVariant): string {
  const name = variant === "maskable512" ? "maskable-512" : String(LOGO_VARIANTS[variant]);
  return `logo/${id}-${name}.png`;
}

export type ShopIcons = {
  /** The header's picture, or null for the sample's drawn leaf. */
  header: string | null;
  favicon: { href: string; type?: string; sizes?: string }[];
  appleTouch: string;
  manifest: { src: string; sizes: string; type: string; purpose: "any" | "maskable" }[];
};

export function shopIcons(logo: string | null): ShopIcons {
  if (!logo || !LOGO_ID.test(logo))
    return {
      header: null,
      favicon: [
        { href: "/favicon.ico", sizes: "any" },
        { href: "/icon.svg", type: "image/svg+xml" },
      ],
      appleTouch: "/apple-touch-icon.png",
      manifest: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    };
  const url = (variant: LogoVariant) => `/uploads/${logoKey(logo, variant)}`;
  return {
    header: url("header"),
    favicon: [{ href: url("favicon"), type: "image/png", sizes: "32x32" }],
    appleTouch: url("appleTouch"),
    manifest: [
      { src: url("icon192"), sizes: "192x192", type: "image/png", purpose: "any" },
      { src: url("icon512"), sizes: "512x512", type: "image/png", purpose: "any" },
      { src: url("maskable512"), sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
