// Titles of admin pages ("Laporan Penjualan | Admin"): the shop's one title helper with the
// panel's name in the shop name's place. None of them is for search engines.
import { pageTitle } from "~/lib/seo";

export const ADMIN_SITE_NAME = "Admin";

export function adminTitle(title: string): string {
  return pageTitle(title, ADMIN_SITE_NAME);
}

export function adminMeta(title: string) {
  return [{ title: adminTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}
