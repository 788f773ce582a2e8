// `npm run bench:prices`: the price board ('Harga Hari Ini') at 1,000 and 10,000 products on
// PostgreSQL. Prints, p50 and p95 beside the targets (load under 300 ms, save of 100 changes
// under 500 ms): what a staff member waits for when the board opens, the page document from
// the production server (signed in as staff, the whole body read; its size beside it), for
// the first screen and for a search across every category; the board's queries alone; and a
// save of 100 changed rows (prices and stock, one transaction through the stock ledger, with
// history rows) through the shop's own server module.
// Env: DATABASE_URL names the PostgreSQL server (a throw-away database is made beside the one
// it names and dropped afterwards; default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_ITERATIONS (default 20), BENCH_SIZES (default 1000,10000), BENCH_KEEP=1 keeps the
// database, SKIP_BUILD=1 measures the existing build, BENCH_PORT (default 3260),
// BENCH_HTML_OUT=file keeps the last page document fetched (to see what its bytes are).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { shopProcessEnv } from "../../tests/support/server";
import { buildUnlessSkipped } from "./shop";
import type { PriceChange } from "~/server/catalog/price-changes.server";

process.env.BETTER_AUTH_SECRET ??= randomBytes(32).toString("hex");
process.env.LOG_LEVEL ??= "warn";
const root = path.resolve(import.meta.dirname, "../..");
const { openDatabase } = await import("~/db/client.server");
type Database = Awaited<ReturnType<typeof openDatabase>>["db"];
const { categories, products } = await import("~/db/schema");
const { loadPriceBoardPage, listPriceHistory } = await import("~/server/catalog/price-board.server");
const { applyPriceChanges } = await import("~/server/catalog/price-changes.server");

const { createUser, signIn } = await import("../../tests/support/factories");
const { benchServerUrl, postgresReachable, redact, throwAwayDatabase } = await import("./databases");
const { ms, summarize, table } = await import("./stats");

const LOAD_TARGET_MS = 300;
const SAVE_TARGET_MS = 500;
const CHANGED_ROWS = 100;
const iterations = Math.max(5, Number(process.env.BENCH_ITERATIONS ?? 20) || 20);
const sizes = (process.env.BENCH_SIZES ?? "1000,10000").split(",").map((s) => Number(s.trim()));
const keep = process.env.BENCH_KEEP === "1";
const port = Number(process.env.BENCH_PORT ?? 3260);
const SEARCH = "bench 9";
const log = (msg: string) => console.log(msg);

async function fill(db: Database, count: number): Promise<void> {
  const cats = await db
    .insert(categories)
    .values(Array.from({ length: 12 }, (_, i) => ({ name: `Kategori ${i + 1}`, slug: `kategori-${i + 1}` })))
    .onConflictDoNothing()
    .returning({ id: categories.id });
  const ids = cats.length ? cats : await db.select({ id: categories.id }).from(categories);
  const [{ existing }] = await db.select({ existing: sql<number>`count(*)::int` }).from(products);
  for (let start = existing; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
      const i = start + k;
      return {
        name: `Sayur Bench ${i}`,
        slug: `sayur-bench-${i}`,
        price: 1000 + (i % 90) * 500,
        stock: 100,
        unit: "per ikat",
        categoryId: ids[i % ids.length].id,
        soldByWeight: i % 5 === 0,
      };
    });
    await db.insert(products).values(batch);
  }
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The production server on the bench's database, one process. */
async function startServer(databaseUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.join(root, ".tmp", `bench-prices-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [path.join(root, "server/start.mjs")], {
    cwd: root,
    env: shopProcessEnv(port, url, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, WEB_CONCURRENCY: "1" }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("server did not start in 120 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One page document as the browser gets it: the time until its last byte, and its size. */
async function fetchDocument(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, accept: "text/html", "accept-encoding": "identity" } });
  const body = await response.arrayBuffer();
  if (process.env.BENCH_HTML_OUT) writeFileSync(process.env.BENCH_HTML_OUT, Buffer.from(body));
  const took = performance.now() - started;
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ms: took, bytes: body.byteLength };
}

async function main() {
  if (!(await postgresReachable())) {
    log(`PostgreSQL is not reachable at ${redact(benchServerUrl)}; set DATABASE_URL.`);
    process.exitCode = 1;
    return;
  }
  const { url, drop } = await throwAwayDatabase("bench_prices");
  log(`PostgreSQL: ${redact(url)} (throw-away)`);
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 5 });
  const db = handle.db;
  const staff = await createUser(db, { role: "staff", name: "Bench Staf" });
  const actorId = staff.id;
  const actor = { id: actorId, role: "staff" as const };
  const cookie = await signIn(db, staff);
  buildUnlessSkipped();
  // Started once the first products are in (on an empty catalog it would add the sample one).
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  const rows: (string | number)[][] = [];
  const row = (size: number, operation: string, times: number[], target: number, note = "") => {
    const s = summarize(times);
    rows.push([
      size.toLocaleString("en"),
      operation,
      ms(s.p50),
      ms(s.p95),
      `< ${target}`,
      s.p95 < target ? "met" : "NOT met",
      note,
    ]);
  };
  try {
    for (const size of sizes.sort((a, b) => a - b)) {
      await fill(db, size);
      await db.execute(sql`analyze`);
      server ??= await startServer(url);
      const screens = [
        { label: "open board (page document)", path: "/admin/prices" },
        { label: `search "${SEARCH}" (page document)`, path: `/admin/prices?q=${encodeURIComponent(SEARCH)}` },
      ];
      for (const screen of screens) {
        const base = server.url;
        // Warm-up, untimed: a serving process has run its code many times before staff open the board.
        for (let i = 0; i < 3; i++) await fetchDocument(base + screen.path, cookie);
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < iterations; i++) {
          const got = await fetchDocument(base + screen.path, cookie);
          times.push(got.ms);
          bytes = got.bytes;
        }
        row(size, screen.label, times, LOAD_TARGET_MS, `${Math.round(bytes / 1024)} kB HTML`);
      }
      // The loader's queries alone (the first screen and 'Riwayat Harga').
      const loadQueries = () =>
        Promise.all([loadPriceBoardPage(db, actor, {}), listPriceHistory(db, actor, { limit: 30 })]);
      await loadQueries();
      const loads: number[] = [];
      for (let i = 0; i < iterations; i++) loads.push(await time(loadQueries));
      row(size, "board queries (server module)", loads, LOAD_TARGET_MS);
      const saves: number[] = [];
      for (let i = 0; i < iterations; i++) {
        // The page as loaded (untimed), then 100 rows of it changed and saved.
        const picked = await db
          .select({ id: products.id, version: products.priceVersion, price: products.price })
          .from(products)
          .orderBy(asc(products.id))
          .offset((i * CHANGED_ROWS * 7) % Math.max(1, size - CHANGED_ROWS))
          .limit(CHANGED_ROWS);
        const changes: PriceChange[] = picked.map((p, k) => ({
          productId: p.id,
          version: p.version,
          price: p.price + 500,
          stockDelta: k % 2 === 0 ? 5 : -1,
        }));
        saves.push(
          await time(async () => {
            const outcome = await applyPriceChanges(db, changes, { actorId, source: "board", now: new Date() });
            if (!outcome.ok)
              throw new Error(
                `save refused: ${outcome.kind} ${[...outcome.rows.values()].slice(0, 3).join(" | ")} (${outcome.rows.size})`,
              );
          }),
        );
      }
      row(size, `save ${CHANGED_ROWS} changes (server module)`, saves, SAVE_TARGET_MS);
    }
    log(`\nPrice board on PostgreSQL, ${iterations} runs each (ms)\n`);
    log(table(["products", "operation", "p50", "p95", "target", "p95 vs target", "note"], rows));
  } finally {
    await server?.stop();
    await handle.close();
    if (!keep) await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
