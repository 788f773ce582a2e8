// Every URL of the shop says how its answers may be kept: a route that declared nothing would
// quietly be `private, no-store`, and a page that should be shared (or one that must never be)
// is a decision to make on purpose, next to its loader.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "./routes";

type Declared = { cachePolicy?: unknown };

/** Route files that answer requests; layouts only wrap their children. */
function leafFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => (entry.children?.length ? leafFiles(entry.children) : [entry.file]));
}

const modules = import.meta.glob<{ middleware?: Declared[] }>("./routes/*.{ts,tsx}");

describe("cache policy of every route", () => {
  const files = leafFiles(routes);

  it("finds the shop's routes", () => {
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expect(modules[`./${file}`], file).toBeDefined();
  });

  it.each(files)("%s declares its cache policy in its middleware", async (file) => {
    const module = await modules[`./${file}`]();
    const policies = (module.middleware ?? []).map((m) => m.cachePolicy).filter(Boolean);
    expect(policies, `${file}: add cachePolicy("catalog" | "asset" | "private") to its middleware`).toHaveLength(1);
  });

  it("shares only the catalog, content pages and public files", async () => {
    const shared: string[] = [];
    for (const file of files) {
      const module = await modules[`./${file}`]();
      const policy = (module.middleware ?? []).map((m) => m.cachePolicy).find(Boolean);
      if (policy !== "private") shared.push(`${file}: ${String(policy)}`);
    }
    expect(shared.sort()).toEqual([
      "routes/about.tsx: catalog",
      "routes/api.search-suggestions.ts: catalog",
      "routes/categories.$slug.tsx: catalog",
      "routes/categories.tsx: catalog",
      "routes/category.$slug.tsx: catalog",
      "routes/contact.tsx: catalog",
      "routes/home.tsx: catalog",
      "routes/manifest[.]webmanifest.ts: asset",
      "routes/privacy.tsx: catalog",
      "routes/products.$slug.tsx: catalog",
      "routes/products.tsx: catalog",
      "routes/robots[.]txt.ts: asset",
      "routes/search.tsx: catalog",
      "routes/sitemap[.]xml.ts: catalog",
      "routes/supply-with-us.tsx: catalog",
      "routes/terms.tsx: catalog",
      "routes/uploads.$.ts: asset",
    ]);
  });
});

type MetaModule = { meta?: (args: unknown) => { title?: string }[] };
const metaModules = import.meta.glob<MetaModule>("./routes/*.{ts,tsx}");

// Every page's title is built by pageTitle: "Keranjang | <shop name>" with the configured name,
// and "Pesanan #A1B2 | Admin" on the admin panel, never a title of its own making.
describe("title of every page", () => {
  const files = leafFiles(routes);
  const shopName = "Toko Uji Coba";
  const args = {
    data: undefined,
    loaderData: undefined,
    params: {},
    location: { pathname: "/", search: "", hash: "" },
    matches: [{ id: "root", data: { shop: { name: shopName } }, loaderData: { shop: { name: shopName } } }],
    error: undefined,
  };

  it.each(files)("%s names the shop (or the admin panel) through pageTitle", async (file) => {
    const { meta } = await metaModules[`./${file}`]();
    if (!meta) return;
    const titles = meta(args)
      .map((tag) => tag.title)
      .filter((title) => title !== undefined);
    expect(titles, file).toHaveLength(1);
    expect(titles[0], file).toMatch(
      file.startsWith("routes/admin") ? / \| (Admin|Toko Uji Coba)$/ : / \| Toko Uji Coba$/,
    );
  });
});
