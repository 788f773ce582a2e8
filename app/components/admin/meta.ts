// Titles of admin pages; none of them is for search engines.
export function adminMeta(title: string) {
  return [{ title: `${title} | Admin` }, { name: "robots", content: "noindex, nofollow" }];
}
