// Title and description tags of a page, with the shop's configured name.
import type { MetaDescriptor } from "react-router";
import { pageTitle } from "./seo";

/** `title` becomes "title | Shop name" (pageTitle); description feeds search engines and link previews. */
export function pageMeta({
  title,
  description,
  shopName,
  noIndex = false,
}: {
  title: string;
  description: string;
  shopName?: string;
  noIndex?: boolean;
}): MetaDescriptor[] {
  const fullTitle = shopName ? pageTitle(title, shopName) : title;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(shopName ? [{ property: "og:site_name", content: shopName }] : []),
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
