// `npm run bench:data`: query latency at data scale, calling the shop's own server modules.
// Fills PostgreSQL (a throw-away database on the server named by DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432) with 100,000 products and 1,000,000 orders, and the
// embedded database with 10,000 / 100,000; each also at a tenth of that to show how latency
// grows with data. Prints p50/p95 per operation and writes bench/results/data-<time>.json.
// Then the shop's search on each engine at 100,000 products (synonyms, typos, suggestions as
// you type), its p95 printed beside the target (SEARCH_TARGET_MS) with met / not met.
// Env: BENCH_SCALE=0.1 shrinks every size (quick run), BENCH_ITERATIONS (default 60),
// BENCH_ENGINES=postgres,pglite, BENCH_KEEP=1 keeps the databases, BENCH_SECTIONS=search (or
// =data) runs one part only.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import { EMPTY_FILTERS } from "~/lib/catalog-filters";
import { OUTSIDE_AREA } from "~/lib/delivery-settings";
import { countOrdersByStatus, listOrdersForAdmin } from "~/server/orders/staff-list.server";
import { closestProducts, listProducts, suggestProducts } from "~/server/catalog/public.server";
import { listOrdersForCustomer } from "~/server/orders/customer.server";
import { loadDeliveryOptions } from "~/server/delivery/slots.server";
import { addDays, shopDate } from "~/lib/dates";
import { defaultReportRange } from "~/lib/reports";
import { forgetHeldDays } from "~/server/reports/best-sellers.server";
import { loadSalesReport, readDayFigures, readTopProducts } from "~/server/reports/sales.server";
import { placeOrder } from "~/server/orders/placing.server";
import { benchServerUrl, postgresReachable, redact, throwAwayDatabase } from "./databases";
import { customerCount, fillShop, FIRST_NAMES, LAST_NAMES, type FillSize } from "./fill";
import { ms, summarize, table } from "./stats";

const root = path.resolve(import.meta.dirname, "../..");
const scale = Number(process.env.BENCH_SCALE ?? 1) || 1;
const iterations = Math.max(10, Number(process.env.BENCH_ITERATIONS ?? 60) || 60);
const engines = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",").map((e) => e.trim());
const keep = process.env.BENCH_KEEP === "1";
const sections = (process.env.BENCH_SECTIONS ?? "data,search").split(",").map((e) => e.trim());

/** The search must answer within this at the 95th percentile, at SEARCH_PRODUCTS products. */
const SEARCH_TARGET_MS = 30;
const SEARCH_PRODUCTS = 100_000;

const FULL: Record<"postgres" | "pglite", FillSize> = {
  postgres: { products: 100_000, orders: 1_000_000 },
  pglite: { products: 10_000, orders: 100_000 },
};

const log = (msg: string) => console.log(msg);
const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

/**
 * `prepare` runs before each timed `run`, untimed (a change the timed read must then see);
 * `iterations` caps the samples of an operation too slow for the usual count.
 */
type Operation = {
  name: string;
  run: (i: number) => Promise<unknown>;
  prepare?: (i: number) => Promise<unknown>;
  iterations?: number;
};

async function operations(db: Database, size: FillSize): Promise<Operation[]> {
  const cats = await db.select({ id: categories.id }).from(categories);
  const sellable = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true)))
    .limit(200);
  const customers = customerCount(size);
  const fragments = [
    "angku",
    "ortel",
    "rokol",
    "omat segar",
    "Bayam",
    "ubi",
    "cabai merah",
    "jeruk manis",
    "semangka",
    "apel jember",
  ];
  const admin = { id: "bench-admin", role: "admin" as const };
  const run = randomBytes(4).toString("hex");
  // The checkout's default choice at this moment (the fill's orders never reach a quota).
  const earliest = (await loadDeliveryOptions(db)).earliest;
  if (!earliest) throw new Error("no delivery slot open: check the shop's delivery settings");
  const delivery = earliest;
  const today = shopDate(new Date());
  const last30 = defaultReportRange(today);
  const lastYear = { from: addDays(today, -365), to: today };
  const placeBenchOrder = async (i: number) => {
    const result = await placeOrder(
      db,
      { id: `bench-user-${1 + ((i * 104729) % customers)}` },
      {
        name: "Siti Rahayu",
        phone: "6281234567890",
        address: "Jl. Kalimantan No. 37, Jember",
        notes: "",
        slot: delivery.slot,
        deliveryDate: delivery.date,
        area: OUTSIDE_AREA,
        idempotencyKey: `bench-run-${run}-${i}`,
        lines: [
          { productId: pick(sellable, i).id, quantity: 1 },
          { productId: pick(sellable, i + 101).id, quantity: 2 },
        ],
      },
    );
    if (!result.ok) throw new Error(`order refused: ${result.message}`);
  };
  return [
    {
      name: "catalog search by name fragment",
      run: (i) => listProducts(db, { ...EMPTY_FILTERS, q: pick(fragments, i) }),
    },
    {
      name: "category page sorted by price",
      run: (i) => listProducts(db, { ...EMPTY_FILTERS, categories: [pick(cats, i * 7).id], sort: "price-asc" }),
    },
    {
      name: "admin order list, search + status",
      run: (i) =>
        listOrdersForAdmin(db, admin, {
          q: `${pick(FIRST_NAMES, i * 3)} ${pick(LAST_NAMES, i * 5)}`,
          status: pick(["pending", "completed"] as const, i),
          page: 1,
        }),
    },
    { name: "admin order list, newest (no filter)", run: () => listOrdersForAdmin(db, admin, { q: "", page: 1 }) },
    { name: "admin dashboard status counts", run: () => countOrdersByStatus(db, admin) },
    { name: "report: day, slot, status figures (30 days)", run: () => readDayFigures(db, last30) },
    { name: "report: top products (30 days)", run: () => readTopProducts(db, last30) },
    { name: "report: whole page (30 days)", run: () => loadSalesReport(db, admin, last30) },
    { name: "report: whole page (366 days)", run: () => loadSalesReport(db, admin, lastYear) },
    // The best sellers are ranked from the per-day product figures the process holds, each
    // day read again when its counter moved: these rank after an order placed today (inside
    // both ranges) changed today's figures, as the first read after a new order does.
    {
      name: "report: top products, first read after a change (30 days)",
      prepare: (i) => placeBenchOrder(100_000 + i),
      run: () => readTopProducts(db, last30),
    },
    {
      name: "report: top products, first read after a change (366 days)",
      prepare: (i) => placeBenchOrder(200_000 + i),
      run: () => readTopProducts(db, lastYear),
    },
    // A process that has read nothing yet (just started) reads every day of the range once.
    {
      name: "report: top products, first read of a new process (366 days)",
      prepare: async () => forgetHeldDays(db),
      run: () => readTopProducts(db, lastYear),
      iterations: 10,
    },
    {
      name: "customer's order list",
      run: (i) => listOrdersForCustomer(db, `bench-user-${1 + ((i * 7919) % customers)}`, {}),
    },
    { name: "order placement", run: (i) => placeBenchOrder(i) },
  ];
}

async function measure(db: Database, size: FillSize) {
  const ops = await operations(db, size);
  const results: { operation: string; p50: number; p95: number; n: number }[] = [];
  for (const op of ops) {
    for (let i = 0; i < 5; i++) {
      await op.prepare?.(10_000 + i);
      await op.run(10_000 + i); // warm-up
    }
    const samples: number[] = [];
    for (let i = 0; i < Math.min(iterations, op.iterations ?? iterations); i++) {
      await op.prepare?.(i);
      const t = performance.now();
      await op.run(i);
      samples.push(performance.now() - t);
    }
    results.push({ operation: op.name, ...summarize(samples) });
  }
  return results;
}

async function withPostgres<T>(size: FillSize, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await throwAwayDatabase(`scale_bench_${size.products}`);
  const handle = await openDatabase({
    kind: "postgres",
    url: database.url,
    poolSize: 4,
    // The bulk fill's inserts run for minutes; the shop's 15 s guard is for requests.
    queryTimeoutMs: 30 * 60_000,
  });
  try {
    return await work(handle);
  } finally {
    await handle.close();
    if (!keep) await database.drop();
    else log(`  kept database ${redact(database.url)}`);
  }
}

async function withPglite<T>(size: FillSize, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const dir = path.join(root, ".tmp", `bench-data-${size.products}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const handle = await openDatabase({ kind: "pglite", dataDir: dir, holder: "bench:data" });
  try {
    return await work(handle);
  } finally {
    await handle.close();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

type Run = {
  engine: string;
  products: number;
  orders: number;
  fillSeconds: number;
  results: Awaited<ReturnType<typeof measure>>;
};
const runs: Run[] = [];

for (const engine of sections.includes("data") ? engines : []) {
  if (engine !== "postgres" && engine !== "pglite") continue;
  if (engine === "postgres" && !(await postgresReachable())) {
    log(`PostgreSQL at ${redact(benchServerUrl)} is unreachable: skipping it.`);
    continue;
  }
  for (const factor of [0.1, 1]) {
    const size = {
      products: Math.round(FULL[engine].products * scale * factor),
      orders: Math.round(FULL[engine].orders * scale * factor),
    };
    log(
      `\n${engine}: filling ${size.products.toLocaleString("en")} products, ${size.orders.toLocaleString("en")} orders`,
    );
    const started = Date.now();
    const open = engine === "postgres" ? withPostgres : withPglite;
    await open(size, async (handle) => {
      await fillShop(handle.db, size, log);
      const fillSeconds = (Date.now() - started) / 1000;
      const results = await measure(handle.db, size);
      runs.push({ engine, ...size, fillSeconds, results });
      console.log(
        table(
          ["operation", "p50 ms", "p95 ms", "n"],
          results.map((r) => [r.operation, ms(r.p50), ms(r.p95), r.n]),
        ),
      );
    });
  }
}

console.log(
  `\nLoad average of the machine at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} (2 cores shared with other work)`,
);
console.log("\nSummary (p95 in ms; growth = p95 at full size / p95 at a tenth of the data)");
const rows: (string | number)[][] = [];
for (const engine of engines) {
  const [small, full] = [
    runs.find((r) => r.engine === engine && r === runs.filter((x) => x.engine === engine)[0]),
    runs.filter((x) => x.engine === engine)[1],
  ];
  if (!small || !full) continue;
  for (const r of full.results) {
    const before = small.results.find((s) => s.operation === r.operation)!;
    rows.push([
      engine,
      r.operation,
      `${small.products}/${small.orders}`,
      ms(before.p95),
      `${full.products}/${full.orders}`,
      ms(r.p50),
      ms(r.p95),
      `${(r.p95 / before.p95).toFixed(2)}x`,
    ]);
  }
}
console.log(
  table(
    ["engine", "operation", "small (prod/orders)", "p95 small", "full (prod/orders)", "p50 full", "p95 full", "growth"],
    rows,
  ),
);

/**
 * What a shopper's search costs, as the /products page and the search box call it: a word
 * with its synonyms, two words, a typo answered with the closest names, and the suggestions
 * for the first letters typed.
 */
function searchOperations(db: Database): Operation[] {
  const synonyms = ["cabe", "brambang", "bawang prei", "kol", "lombok", "toge", "laos", "sledri"];
  const twoWords = ["cabe merah", "bawang prei segar", "kol organik", "sawi ijo"];
  const typos = ["kangkong", "bayem", "wortell", "brokoly", "tomaat", "jagong"];
  const prefixes = ["ka", "cab", "baw", "brok", "sel", "jah"];
  return [
    {
      name: "search, a word with its synonyms",
      run: (i) => listProducts(db, { ...EMPTY_FILTERS, q: pick(synonyms, i) }),
    },
    { name: "search, two words", run: (i) => listProducts(db, { ...EMPTY_FILTERS, q: pick(twoWords, i) }) },
    {
      name: "search, a typo: no match, then 'Mungkin maksud Anda'",
      run: async (i) => {
        const q = pick(typos, i);
        const page = await listProducts(db, { ...EMPTY_FILTERS, q });
        if (page.total === 0) await closestProducts(db, q);
      },
    },
    { name: "suggestions while typing", run: (i) => suggestProducts(db, pick(prefixes, i)) },
    { name: "suggestions for a typo", run: (i) => suggestProducts(db, pick(typos, i)) },
  ];
}

type SearchRun = {
  engine: string;
  products: number;
  /** The machine's 1-minute load average as the timing started and as it ended. */
  loadAverage: [number, number];
  results: { operation: string; p50: number; p95: number; n: number }[];
};
const searchRuns: SearchRun[] = [];

for (const engine of sections.includes("search") ? engines : []) {
  if (engine !== "postgres" && engine !== "pglite") continue;
  if (engine === "postgres" && !(await postgresReachable())) continue;
  const size = { products: Math.round(SEARCH_PRODUCTS * scale), orders: 0 };
  log(`\n${engine}: search at ${size.products.toLocaleString("en")} products`);
  const open = engine === "postgres" ? withPostgres : withPglite;
  await open(size, async (handle) => {
    await fillShop(handle.db, size, log);
    const results: SearchRun["results"] = [];
    const loadBefore = os.loadavg()[0];
    for (const op of searchOperations(handle.db)) {
      for (let i = 0; i < 5; i++) await op.run(10_000 + i); // warm-up
      const samples: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const t = performance.now();
        await op.run(i);
        samples.push(performance.now() - t);
      }
      results.push({ operation: op.name, ...summarize(samples) });
    }
    const loadAverage: [number, number] = [loadBefore, os.loadavg()[0]];
    searchRuns.push({ engine, products: size.products, loadAverage, results });
    log(`  load average ${loadAverage.map((l) => l.toFixed(1)).join(" -> ")} (2 cores shared with other work)`);
    // Printed at once: a later engine's failure must not lose this one's figures.
    console.log(
      table(
        ["operation", "p50 ms", "p95 ms"],
        results.map((r) => [r.operation, ms(r.p50), ms(r.p95)]),
      ),
    );
  });
}

if (searchRuns.length > 0) {
  console.log(`\nSearch at ${SEARCH_PRODUCTS.toLocaleString("en")} products (scale ${scale}): p95 against the target`);
  console.log(
    table(
      ["engine", "products", "load avg", "operation", "p50 ms", "p95 ms", "target", "met"],
      searchRuns.flatMap((run) =>
        run.results.map((r) => [
          run.engine,
          run.products,
          run.loadAverage.map((l) => l.toFixed(1)).join("-"),
          r.operation,
          ms(r.p50),
          ms(r.p95),
          `< ${SEARCH_TARGET_MS} ms`,
          r.p95 < SEARCH_TARGET_MS ? "met" : "not met",
        ]),
      ),
    ),
  );
}

// The reports and the dashboard counters read the per-day figures: each must answer in
// under 50 ms at p95 on PostgreSQL with a million orders.
const TARGET_MS = 50;
const targetRows: (string | number)[][] = [];
for (const run of runs.filter((r) => r.engine === "postgres")) {
  for (const r of run.results.filter((x) => x.operation.startsWith("report:") || x.operation.includes("status counts")))
    targetRows.push([
      `${run.products}/${run.orders}`,
      r.operation,
      ms(r.p95),
      `< ${TARGET_MS}`,
      r.p95 < TARGET_MS ? "met" : "NOT MET",
    ]);
}
if (targetRows.length) {
  console.log("\nReport queries against their target (PostgreSQL, p95 in ms)");
  console.log(table(["size (prod/orders)", "operation", "p95 ms", "target", "result"], targetRows));
}

mkdirSync(path.join(root, "bench/results"), { recursive: true });
const file = path.join(root, "bench/results", `data-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      scale,
      iterations,
      node: process.version,
      loadAverageAtEnd: os.loadavg(),
      runs,
      search: { targetMs: SEARCH_TARGET_MS, runs: searchRuns },
    },
    null,
    2,
  ),
);
console.log(`\nWritten to ${path.relative(root, file)}`);
process.exit(0);
