// `npm run bench:pages`: Lighthouse (mobile preset, default simulated throttling) against the
// production server on a fresh data directory. Prints one row per page and writes the figures
// to bench/results/pages-<timestamp>.json. Env: SKIP_BUILD=1 (use the existing build),
// RUNS=n (repeat and take the median of each figure), CHROMIUM_PATH (default /usr/bin/chromium),
// PAGES=/,/about (measure only these of the six pages; the product page is "product"),
// LHR_DIR=dir (also write each run's whole Lighthouse report there, to read its trace-based audits),
// PEER=0 (skip the comparison shop: a client-rendered Vite + React SPA, scripts/bench/peer-spa,
// measured on `/` and `/products` in the same run, with our/peer ratios printed).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startPeer } from "./peer";
import { buildUnlessSkipped, chromePath, firstProductPath, startShop } from "./shop";

const root = path.resolve(import.meta.dirname, "../..");
const runs = Math.max(1, Number(process.env.RUNS ?? 1) || 1);

type PageFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  jsTransferBytes: number;
  /** Script bytes whose request started before the largest paint (observed trace). */
  jsBeforeLcpBytes: number;
  /** First and largest paint in the observed (unthrottled) trace the figure above is read from. */
  observedFcpMs: number;
  observedLcpMs: number;
  totalTransferBytes: number;
  requests: number;
  /**
   * Lighthouse's CPU benchmark of the machine during the run (higher is faster). TBT is the
   * observed tasks times 4, so it moves with this figure, not only with the page.
   */
  benchmarkIndex: number;
};

/** The targets each page is held to; `/cart` is `noindex` on purpose, so its SEO target does not apply. */
type Target = {
  label: string;
  value: (f: PageFigures) => number;
  show: (n: number) => string;
  ok: (n: number) => boolean;
  goal: string;
};
const TARGETS: Target[] = [
  { label: "Performance", value: (f) => f.performance, show: String, ok: (n) => n >= 95, goal: ">= 95" },
  { label: "Accessibility", value: (f) => f.accessibility, show: String, ok: (n) => n >= 100, goal: "100" },
  { label: "Best Practices", value: (f) => f.bestPractices, show: String, ok: (n) => n >= 100, goal: "100" },
  { label: "SEO", value: (f) => f.seo, show: String, ok: (n) => n >= 100, goal: "100" },
  {
    label: "FCP",
    value: (f) => f.fcpMs,
    show: (n) => `${(n / 1000).toFixed(2)} s`,
    ok: (n) => n <= 1000,
    goal: "<= 1.0 s",
  },
  {
    label: "LCP",
    value: (f) => f.lcpMs,
    show: (n) => `${(n / 1000).toFixed(2)} s`,
    ok: (n) => n <= 1200,
    goal: "<= 1.2 s",
  },
  { label: "TBT", value: (f) => f.tbtMs, show: (n) => `${n} ms`, ok: (n) => n <= 200, goal: "<= 200 ms" },
  { label: "CLS", value: (f) => f.cls, show: String, ok: (n) => n <= 0.02, goal: "<= 0.02" },
  {
    label: "JS before LCP",
    value: (f) => f.jsBeforeLcpBytes,
    show: (n) => `${(n / 1024).toFixed(1)} kB`,
    ok: (n) => n <= 20 * 1024,
    goal: "<= 20 kB",
  },
  {
    label: "first-load JS (gzip, as Lighthouse fetches it)",
    value: (f) => f.jsTransferBytes,
    show: (n) => `${(n / 1024).toFixed(1)} kB`,
    ok: (n) => n <= 115 * 1024,
    goal: "<= 115 kB",
  },
];

/**
 * First-load script as a browser over HTTPS downloads it (brotli, as server/app.mjs sends the
 * build's .br copies): every module the page's HTML starts (its module imports, `import()` and
 * the preload list the deferred start adds after the first paint), followed through their
 * static imports. Lighthouse's own figure runs over plain http://localhost, where Chromium
 * asks for gzip only, and also counts what is fetched after hydration.
 */
function firstLoadBrotliBytes(html: string): number {
  const assets = path.join(root, "build/client");
  // The route manifest lists the modules of routes the page does not show (the parents of its
  // URL, for route discovery); they are fetched only when the visitor goes there, so they are
  // not read here.
  const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    m[1].replace(/window\.__reactRouterManifest\s*=\s*\{[\s\S]*?\n\};/, ""),
  );
  const queue = scripts.flatMap((code) =>
    [...code.matchAll(/(?:from |import\(|\[|,)\s*"(\/assets\/[\w.~-]+\.js)"/g)].map((m) => m[1]),
  );
  const seen = new Set<string>();
  let total = 0;
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(assets, file));
    total += brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
    for (const m of code
      .toString("utf8")
      .matchAll(/(?:import|export)\s*(?:[\w{}\s,*$]*from\s*)?["'](\.\/[\w.~-]+\.js)["']/g))
      queue.push(`/assets/${m[1].slice(2)}`);
  }
  return total;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

// A fresh browser per run: a reused one sometimes records no navigation (NO_NAVSTART) and would
// carry caches and service workers from one page to the next.
async function measure(url: string): Promise<Measured> {
  // Lighthouse now and then records no navigation on a busy machine (NO_NAVSTART): try again.
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      return await measureIn(url, chrome.port);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`retrying ${url}: ${(error as Error).message.split("\n")[0]}`);
    } finally {
      chrome.kill();
    }
  }
}

type Measured = { figures: PageFigures; failing: string[]; lcpElement: string };

async function measureIn(url: string, port: number): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  if (process.env.LHR_DIR) {
    mkdirSync(process.env.LHR_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.LHR_DIR, name), JSON.stringify(result.lhr));
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const summary =
    (
      audits["resource-summary"]?.details as
        { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined
    )?.items ?? [];
  const byType = (type: string) => summary.find((i) => i.resourceType === type);
  // Audits that cost points outside performance, so a score below 100 says why.
  const failing = ["accessibility", "best-practices", "seo"].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}:${ref.id}`),
  );
  const observed =
    (audits["metrics"]?.details as { items?: Record<string, number | undefined>[] } | undefined)?.items?.[0] ?? {};
  const figures: PageFigures = {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? NaN),
    cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
    fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? NaN),
    jsTransferBytes: byType("script")?.transferSize ?? 0,
    jsBeforeLcpBytes: scriptBytesBefore(
      (audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [],
      observed.observedLargestContentfulPaint ?? Infinity,
    ),
    observedFcpMs: Math.round(observed.observedFirstContentfulPaint ?? NaN),
    observedLcpMs: Math.round(observed.observedLargestContentfulPaint ?? NaN),
    totalTransferBytes: byType("total")?.transferSize ?? 0,
    requests: byType("total")?.requestCount ?? 0,
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex ?? NaN),
  };
  return { figures, failing, lcpElement: lcpElementOf(audits["largest-contentful-paint-element"]?.details) };
}

type LcpNode = { selector?: string; snippet?: string; nodeLabel?: string };
type LcpDetails = { items?: { items?: { node?: LcpNode; phase?: string; timing?: number }[] }[] };

/**
 * The element Lighthouse took as the largest paint, and the phases of its (simulated) time,
 * e.g. `h1.font-display "Sayur Segar..." [TTFB 450 ms, render delay 500 ms]`.
 */
function lcpElementOf(details: unknown): string {
  const [element, phases] = (details as LcpDetails | undefined)?.items ?? [];
  const node = element?.items?.[0]?.node;
  if (!node) return "(none reported)";
  const label = (node.nodeLabel ?? "").replace(/\s+/g, " ").slice(0, 60);
  const timings = (phases?.items ?? [])
    .filter((p) => p.phase && typeof p.timing === "number")
    .map((p) => `${p.phase} ${Math.round(p.timing!)} ms`);
  return `${node.selector ?? node.snippet ?? "?"} "${label}"${timings.length ? ` [${timings.join(", ")}]` : ""}`;
}

type NetworkItem = { resourceType?: string; networkRequestTime?: number; transferSize?: number };

/** Script bytes of requests started before `lcpMs` (both from the same observed, unthrottled trace). */
function scriptBytesBefore(items: NetworkItem[], lcpMs: number): number {
  return items
    .filter((i) => i.resourceType === "Script" && (i.networkRequestTime ?? Infinity) < lcpMs)
    .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
}

function medianFigures(all: PageFigures[]): PageFigures {
  const keys = Object.keys(all[0]) as (keyof PageFigures)[];
  return Object.fromEntries(keys.map((k) => [k, median(all.map((f) => f[k]))])) as PageFigures;
}

/** Ours against the comparison SPA, page by page: each figure at most 0.6 times the SPA's. */
const PEER_PAGES = ["/", "/products"];
const PEER_RATIO = 0.6;
const PEER_FIGURES: { label: string; value: (f: PageFigures) => number; show: (n: number) => string }[] = [
  { label: "FCP", value: (f) => f.fcpMs, show: (n) => `${n} ms` },
  { label: "LCP", value: (f) => f.lcpMs, show: (n) => `${n} ms` },
  { label: "TBT", value: (f) => f.tbtMs, show: (n) => `${n} ms` },
  { label: "first-load JS", value: (f) => f.jsTransferBytes, show: (n) => kB(n) },
];

type PeerResult = { median: PageFigures; runs: PageFigures[]; lcpElements: string[] };

async function measurePeer(pages: string[]): Promise<Record<string, PeerResult>> {
  console.log("building and starting the comparison SPA (PEER=0 skips it)...");
  const peer = await startPeer();
  try {
    const results: Record<string, PeerResult> = {};
    for (const p of pages) {
      const all: PageFigures[] = [];
      const lcpElements: string[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await measure(`${peer.url}${p}`);
        all.push(run.figures);
        lcpElements.push(run.lcpElement);
      }
      results[p] = { median: medianFigures(all), runs: all, lcpElements };
    }
    return results;
  } finally {
    await peer.stop();
  }
}

function printPeerRatios(ours: Record<string, { median: PageFigures }>, peer: Record<string, PeerResult>) {
  console.log(`\nAgainst the comparison SPA (ours / SPA, median of ${runs} run(s); target each <= ${PEER_RATIO}):`);
  for (const [p, theirs] of Object.entries(peer)) {
    const mine = ours[p]?.median;
    if (!mine) continue;
    const cells = PEER_FIGURES.map((fig) => {
      const a = fig.value(mine);
      const b = fig.value(theirs.median);
      if (!(b > 0)) return `${fig.label} ${fig.show(a)} / ${fig.show(b)} = n/a (SPA at 0: NOT MEASURABLE)`;
      const ratio = a / b;
      return `${fig.label} ${fig.show(a)} / ${fig.show(b)} = ${ratio.toFixed(2)} (${ratio <= PEER_RATIO ? "MET" : "MISSED"})`;
    });
    console.log(`  ${p}: ${cells.join("; ")}`);
    console.log(
      `    CPU benchmark index: ours ${mine.benchmarkIndex}, SPA ${theirs.median.benchmarkIndex} (runs: ${theirs.runs.map((f) => f.benchmarkIndex).join(", ")}); SPA LCP element: ${[...new Set(theirs.lcpElements)].join(" | ")}`,
    );
  }
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
  buildUnlessSkipped();
  const shop = await startShop();
  try {
    const productPath = await firstProductPath(shop.url);
    const only = process.env.PAGES?.split(",").map((p) => (p.trim() === "product" ? productPath : p.trim()));
    const pages = ["/", "/products", productPath, "/cart", "/about", "/category/sayur-daun"].filter(
      (p) => !only || only.includes(p),
    );
    // One unmeasured visit per page first, so the server's first-request work is not measured.
    const firstLoad: Record<string, number> = {};
    for (const p of pages) firstLoad[p] = firstLoadBrotliBytes(await fetch(`${shop.url}${p}`).then((r) => r.text()));
    const results: Record<
      string,
      {
        median: PageFigures;
        runs: PageFigures[];
        failingAudits: string[];
        firstLoadBrotliBytes: number;
        lcpElements: string[];
      }
    > = {};
    for (const p of pages) {
      const all: PageFigures[] = [];
      const failing = new Set<string>();
      const lcpElements: string[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await measure(`${shop.url}${p}`);
        all.push(run.figures);
        lcpElements.push(run.lcpElement);
        for (const f of run.failing) failing.add(f);
      }
      results[p] = {
        median: medianFigures(all),
        runs: all,
        failingAudits: [...failing],
        firstLoadBrotliBytes: firstLoad[p],
        lcpElements,
      };
    }

    const rows = Object.entries(results).map(([p, { median: f }]) => ({
      page: p,
      perf: f.performance,
      a11y: f.accessibility,
      bp: f.bestPractices,
      seo: f.seo,
      LCP: `${(f.lcpMs / 1000).toFixed(2)} s`,
      TBT: `${f.tbtMs} ms`,
      CLS: f.cls,
      "JS (transfer)": kB(f.jsTransferBytes),
      total: kB(f.totalTransferBytes),
    }));
    console.log(
      `\nLighthouse ${lighthouseVersion()}, mobile preset, simulated throttling, ${runs} run(s) per page (median)`,
    );
    console.table(rows);
    for (const [p, r] of Object.entries(results))
      if (r.failingAudits.length) console.log(`${p} loses points on: ${r.failingAudits.join(", ")}`);
    console.log(
      `\nTargets (median; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}):`,
    );
    for (const [p, r] of Object.entries(results)) {
      const cells = TARGETS.filter((t) => !(t.label === "SEO" && p === "/cart")).map((t) => {
        const value = t.value(r.median);
        return `${t.label} ${t.show(value)} (${t.goal}: ${t.ok(value) ? "MET" : "MISSED"})`;
      });
      const https = r.firstLoadBrotliBytes;
      cells.push(
        `first-load JS over HTTPS (brotli, from the build) ${kB(https)} (<= 100 kB: ${https <= 100 * 1024 ? "MET" : "MISSED"})`,
      );
      console.log(`  ${p}: ${cells.join("; ")}`);
      console.log(
        `    CPU benchmark index ${r.median.benchmarkIndex} (runs: ${r.runs.map((f) => f.benchmarkIndex).join(", ")}); observed trace: FCP ${r.median.observedFcpMs} ms, LCP ${r.median.observedLcpMs} ms; LCP element: ${[...new Set(r.lcpElements)].join(" | ")}`,
      );
    }

    const peerPages = PEER_PAGES.filter((p) => pages.includes(p));
    const peer = process.env.PEER === "0" || peerPages.length === 0 ? undefined : await measurePeer(peerPages);
    if (peer) printPeerRatios(results, peer);

    const outDir = path.join(root, "bench/results");
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `pages-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    const machine = {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      chromium: chromeVersion(),
    };
    writeFileSync(
      file,
      `${JSON.stringify({ date: new Date().toISOString(), runs, machine, results, peer }, null, 2)}\n`,
    );
    console.log(`written ${path.relative(root, file)}`);
  } finally {
    await shop.stop();
  }
}

function lighthouseVersion(): string {
  return (
    JSON.parse(readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }
  ).version;
}

function chromeVersion(): string {
  const out = spawnSync(chromePath, ["--version"], { encoding: "utf8" });
  return (out.stdout.match(/Chromium [\d.]+/)?.[0] ?? out.stdout.trim()) || "unknown";
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
