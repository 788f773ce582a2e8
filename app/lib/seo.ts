// Titles, descriptions and structured data for search engines and link previews.
import { defaultShop } from "./shop";

type MetaMatch = { id: string; data?: unknown } | undefined;

/** The shop's name from the root loader (configurable through SHOP_NAME). */
export function shopNameFrom(matches: readonly MetaMatch[]): string {
  const root = matches.find((m) => m?.id === "root")?.data as { shop?: { name?: string } } | undefined;
  return root?.shop?.name ?? defaultShop.name;
}

/** Every page's title: "Keranjang Belanja | Sayur Jember", with the configured SHOP_NAME. */
export function pageTitle(title: string, shopName: string): string {
  return `${title} | ${shopName}`;
}

/** A meta description: one line, at most ~160 characters, cut at a word. */
export function metaDescription(text: string, max = 160): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, "")}…`;
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** An absolute URL on the shop's public address, for previews and structured data. */
export function absoluteUrl(appUrl: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, `${appUrl}/`).toString();
  } catch {
    return appUrl;
  }
}
