// `npm run bench:first-load`: the scripts each page of the build loads before it runs, read
// from the build's route manifest (no server, no browser): the entry, then every route from
// the root down to the page, each with its module and static imports. Brotli 11 and gzip 9,
// the copies the server sends. Flags a page that loads the form-validation library (zod)
// without having a form to validate. `COMPARE=bench/results/first-load-....json` prints the
// figures of an earlier run beside this one's. Env: SKIP_BUILD=1 measures the existing build.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { buildUnlessSkipped } from "./shop";
import { table } from "./stats";

const root = path.resolve(import.meta.dirname, "../..");
const client = path.join(root, "build/client");

/** The limits every shop page must keep, compressed. */
const BROTLI_LIMIT = 100 * 1024;
const GZIP_LIMIT = 115 * 1024;

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };
export type PageFigures = {
  route: string;
  files: number;
  raw: number;
  brotli: number;
  gzip: number;
  zod: boolean;
  form: boolean;
};

function readManifest(): Manifest {
  const assets = path.join(client, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("no route manifest in build/client/assets: run `npm run build`");
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;\s*$/, "")) as Manifest;
}

const sizes = new Map<string, { raw: number; brotli: number; gzip: number; zod: boolean; form: boolean }>();
function sizeOf(file: string) {
  let known = sizes.get(file);
  if (known) return known;
  const code = readFileSync(path.join(client, file));
  const text = code.toString("utf8");
  known = {
    raw: code.length,
    brotli: brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    gzip: gzipSync(code, { level: 9 }).length,
    // zod's own error class: the library is in this file.
    zod: /\bZodError\b|[`"']\$ZodError[`"']/.test(text),
    // A rendered form: a JSX "form" element, or React Router's Form (renamed by the bundler, so
    // known by its props: a method).
    form: /\(\s*[`"']form[`"']\s*,\s*\{|[(,]\s*[\w$.]+\s*,\s*\{[^{}]{0,160}?\bmethod\s*:\s*[`"'](?:post|get)[`"']/i.test(
      text,
    ),
  };
  sizes.set(file, known);
  return known;
}

/** Everything a page starts before it runs: the entry and its route chain, with static imports followed. */
function firstLoadFiles(manifest: Manifest, routeId: string): string[] {
  const chain: ManifestRoute[] = [];
  for (
    let r: ManifestRoute | undefined = manifest.routes[routeId];
    r;
    r = r.parentId ? manifest.routes[r.parentId] : undefined
  )
    chain.unshift(r);
  const queue = [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])]),
  ];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(client, file), "utf8");
    for (const m of code.matchAll(/(?:import|export)\s*(?:[\w{}\s,*$]*from\s*)?["'](\.\/[\w.~-]+\.js)["']/g))
      queue.push(`/assets/${m[1].slice(2)}`);
  }
  return [...seen];
}

export function measureFirstLoad(): PageFigures[] {
  const manifest = readManifest();
  const shopRoutes = Object.values(manifest.routes).filter((r) => {
    for (let p = r.parentId; p; p = manifest.routes[p]?.parentId) if (p === "routes/shop-layout") return true;
    return false;
  });
  return shopRoutes.map((r) => {
    const files = firstLoadFiles(manifest, r.id);
    const figures = files.map(sizeOf);
    // The page's own code: what its parent (the shop's shell, with the header's search form)
    // does not load already.
    const shell = new Set(r.parentId ? firstLoadFiles(manifest, r.parentId) : []);
    const pageFigures = files.filter((f) => !shell.has(f)).map(sizeOf);
    return {
      route: r.id.replace(/^routes\//, ""),
      files: files.length,
      raw: figures.reduce((s, f) => s + f.raw, 0),
      brotli: figures.reduce((s, f) => s + f.brotli, 0),
      gzip: figures.reduce((s, f) => s + f.gzip, 0),
      zod: figures.some((f) => f.zod),
      form: pageFigures.some((f) => f.form),
    };
  });
}

const kB = (n: number) => `${(n / 1024).toFixed(1)}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  buildUnlessSkipped();
  const pages = measureFirstLoad().sort((a, b) => a.route.localeCompare(b.route));
  const earlier = process.env.COMPARE
    ? new Map(
        (JSON.parse(readFileSync(path.resolve(process.env.COMPARE), "utf8")).pages as PageFigures[]).map((p) => [
          p.route,
          p,
        ]),
      )
    : undefined;
  const manifestFile = readdirSync(path.join(client, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f))!;
  console.log(
    `Route manifest file (fetched when a visitor moves to a page not yet known): ${kB(sizeOf(`/assets/${manifestFile}`).raw)} kB raw, ${kB(sizeOf(`/assets/${manifestFile}`).brotli)} kB brotli`,
  );
  console.log(
    `\nFirst-load JS of every shop page (kB; limits ${kB(BROTLI_LIMIT)} brotli, ${kB(GZIP_LIMIT)} gzip; "form": the page itself (not the header) renders a form; "zod without form": the validation library on a page that does not)\n`,
  );
  console.log(
    table(
      [
        "page",
        "files",
        "raw",
        ...(earlier ? ["brotli before"] : []),
        "brotli",
        ...(earlier ? ["gzip before"] : []),
        "gzip",
        "limits",
        "zod",
        "form",
        "zod without form",
      ],
      pages.map((p) => {
        const before = earlier?.get(p.route);
        const met = p.brotli <= BROTLI_LIMIT && p.gzip <= GZIP_LIMIT;
        return [
          p.route,
          p.files,
          kB(p.raw),
          ...(earlier ? [before ? kB(before.brotli) : "-"] : []),
          kB(p.brotli),
          ...(earlier ? [before ? kB(before.gzip) : "-"] : []),
          kB(p.gzip),
          met ? "MET" : "MISSED",
          p.zod ? (before && !before.zod ? "yes (new)" : "yes") : before?.zod ? "no (removed)" : "no",
          p.form ? "yes" : "no",
          p.zod && !p.form ? "MISSED" : "MET",
        ];
      }),
    ),
  );
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  const out = path.join(root, "bench/results", `first-load-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(out, JSON.stringify({ pages }, null, 2));
  console.log(`\nWritten to ${path.relative(root, out)}`);
}
