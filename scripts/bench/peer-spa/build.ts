// Builds the comparison shop (index.html, main.tsx) with the repo's own Vite into `outDir`, and
// writes the catalog it fetches (40 products, /products.json) and one SVG placeholder per product.
// No React plugin: Vite turns the JSX into `react/jsx-runtime` calls itself (tsconfig's `react-jsx`).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const NAMES = [
  ["Sayur daun", ["Bayam", "Kangkung", "Sawi Hijau", "Selada", "Pakcoy", "Daun Singkong", "Kemangi", "Seledri"]],
  ["Sayur buah", ["Tomat", "Terong Ungu", "Timun", "Labu Siam", "Pare", "Cabai Merah", "Cabai Rawit", "Buncis"]],
  ["Umbi", ["Kentang", "Wortel", "Bawang Merah", "Bawang Putih", "Jahe", "Kunyit", "Singkong", "Ubi Ungu"]],
  ["Buah", ["Pisang Ambon", "Pepaya", "Semangka", "Jeruk Medan", "Mangga Arumanis", "Nanas", "Salak", "Apel Malang"]],
  ["Bumbu", ["Serai", "Lengkuas", "Daun Jeruk", "Daun Salam", "Kencur", "Jeruk Nipis", "Asam Jawa", "Kemiri"]],
] as const;

export function peerCatalog() {
  return NAMES.flatMap(([category, names], c) =>
    names.map((name, i) => {
      const id = c * 8 + i + 1;
      return { id, name, category, price: 3_000 + ((id * 1_700) % 30_000), unit: "kg", image: `/img/${id}.svg` };
    }),
  );
}

export async function buildPeer(outDir: string): Promise<void> {
  await build({
    root: import.meta.dirname,
    configFile: false,
    // React Router's "use client" line means nothing here; the bundler's note about it is noise.
    logLevel: "error",
    build: { outDir, emptyOutDir: true, rolldownOptions: { checks: { bundlerTimings: false } } },
  });
  const catalog = peerCatalog();
  writeFileSync(path.join(outDir, "products.json"), JSON.stringify(catalog));
  mkdirSync(path.join(outDir, "img"), { recursive: true });
  for (const p of catalog)
    writeFileSync(
      path.join(outDir, "img", `${p.id}.svg`),
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160"><rect width="160" height="160" fill="hsl(${(p.id * 37) % 360} 45% 80%)"/><text x="80" y="86" font-size="14" text-anchor="middle" fill="#1c2b1f">${p.name}</text></svg>`,
    );
}
