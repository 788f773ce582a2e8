// `npm run bench:prices`: the price board ('Harga Hari Ini') at 1,000 and 10,000 products on
// PostgreSQL, through the shop's own server modules. Prints the time to load the board
// (every product with its category and waiting price) and to save 100 changed rows (prices
// and stock, one transaction through the stock ledger, with history rows), p50 and p95,
// beside the targets: load under 300 ms, save of 100 changes under 500 ms.
// Env: DATABASE_URL names the PostgreSQL server (a throw-away database is made beside the one
// it names and dropped afterwards; default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_ITERATIONS (default 20), BENCH_SIZES (default 1000,10000), BENCH_KEEP=1 keeps the database.
import { randomBytes } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import { openDatabase, type Database } from "~/db/client.server";
import { categories, products, users } from "~/db/schema";
import { loadPriceBoard } from "~/server/catalog/price-board.server";
import { applyPriceChanges, type PriceChange } from "~/server/catalog/price-changes.server";
import { benchServerUrl, postgresReachable, redact, throwAwayDatabase } from "./databases";
import { ms, summarize, table } from "./stats";

const LOAD_TARGET_MS = 300;
const SAVE_TARGET_MS = 500;
const CHANGED_ROWS = 100;
const iterations = Math.max(5, Number(process.env.BENCH_ITERATIONS ?? 20) || 20);
const sizes = (process.env.BENCH_SIZES ?? "1000,10000").split(",").map((s) => Number(s.trim()));
const keep = process.env.BENCH_KEEP === "1";
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
  const actorId = `bench-${randomBytes(4).toString("hex")}`;
  await db.insert(users).values({ id: actorId, name: "Bench Staf", email: `${actorId}@contoh.id`, role: "staff" });
  const actor = { id: actorId, role: "staff" as const };
  const rows: (string | number)[][] = [];
  try {
    for (const size of sizes.sort((a, b) => a - b)) {
      await fill(db, size);
      await db.execute(sql`analyze`);
      // Warm-up, untimed.
      await loadPriceBoard(db, actor);
      const loads: number[] = [];
      for (let i = 0; i < iterations; i++) loads.push(await time(() => loadPriceBoard(db, actor)));
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
            if (!outcome.ok) throw new Error(`save refused: ${outcome.kind}`);
          }),
        );
      }
      const load = summarize(loads);
      const save = summarize(saves);
      rows.push(
        [
          size.toLocaleString("en"),
          "load board",
          ms(load.p50),
          ms(load.p95),
          `< ${LOAD_TARGET_MS}`,
          load.p95 < LOAD_TARGET_MS ? "met" : "NOT met",
        ],
        [
          size.toLocaleString("en"),
          `save ${CHANGED_ROWS} changes`,
          ms(save.p50),
          ms(save.p95),
          `< ${SAVE_TARGET_MS}`,
          save.p95 < SAVE_TARGET_MS ? "met" : "NOT met",
        ],
      );
    }
    log(`\nPrice board on PostgreSQL, ${iterations} runs each (ms)\n`);
    log(table(["products", "operation", "p50", "p95", "target", "p95 vs target"], rows));
  } finally {
    await handle.close();
    if (!keep) await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
