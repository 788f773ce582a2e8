// A soak at steady, bounded loopback load (catalog pages, client-side navigations, order
// pages and checkouts) for SOAK_SECONDS (default 120) on the embedded database and on
// PostgreSQL: the server's memory stops growing after warm-up, no request fails, and the
// PostgreSQL connections stay within the pool.
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, describe, it } from "vitest";
import { postgresAvailable } from "../support/postgres";
import { startTestServer } from "../support/server";
import {
  checkDurability,
  newEngine,
  openEngine,
  postCheckout,
  prepareShop,
  randomLines,
  serverOptions,
  type Engine,
  type Line,
  removeFaultDataDirs,
} from "../support/shop-load";

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const SAMPLE_MS = 2_000;
/** Steady load: three browsing clients at ~12 requests/s each, one checkout every 500 ms. */
const BROWSERS = 3;
const BROWSE_INTERVAL_MS = 80;
const CHECKOUT_INTERVAL_MS = 500;
const POOL_SIZE = 10;
/** Connections held by LISTEN (app/server/lifecycle.server.ts, app/server/orders/events.server.ts). */
const LISTENERS = 3;
/** After warm-up (the first third), the last third may sit at most this far above the middle third. */
const MAX_LATE_RSS_GROWTH_MB = 25;
const MAX_LATE_HEAP_GROWTH_MB = 10;

const pgUp = await postgresAvailable();
/** SOAK_ENGINES=pglite or =postgres runs one only. */
const only = process.env.SOAK_ENGINES?.split(",");
const engines: Engine[] = [];
afterAll(async () => {
  for (const engine of engines) if (engine.kind === "postgres") await engine.drop().catch(() => {});
  removeFaultDataDirs();
});

function rssMb(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return match ? Number(match[1]) / 1024 : NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

// Both engines soak at the same time (separate servers, each at its own bounded load), so a
// two-minute soak costs two minutes of CI, not four.
describe.concurrent("soak", () => {
  it.for([
    { kind: "pglite" as const, skip: only ? !only.includes("pglite") : false },
    {
      kind: "postgres" as const,
      skip: !pgUp || (only ? !only.includes("postgres") : false),
    },
  ])(
    `$kind: holds steady for ${SOAK_SECONDS} s: memory levels off, no errors, no leaked connections`,
    { timeout: SOAK_SECONDS * 1000 + 180_000 },
    async ({ kind, skip }, { expect, skip: skipTest }) => {
      if (skip) return skipTest();
      const engine = await newEngine(kind, "soak");
      engines.push(engine);
      // Checkout allows 20 orders per customer per 10 minutes.
      const checkouts = Math.ceil((SOAK_SECONDS * 1000) / CHECKOUT_INTERVAL_MS);
      const fixture = await prepareShop(engine, {
        customers: Math.ceil(checkouts / 18) + 1,
        productCount: 4,
      });
      const server = await startTestServer({
        ...serverOptions(engine),
        env: {
          ...serverOptions(engine).env,
          LOG_REQUESTS: "0",
          DATABASE_POOL_SIZE: String(POOL_SIZE),
          METRICS_LOG_SECONDS: String(SAMPLE_MS / 1000),
          NODE_OPTIONS: "--expose-gc",
        },
      });
      const pid = server.process.pid!;
      const monitor = engine.kind === "postgres" ? new pg.Client({ connectionString: engine.url }) : null;
      await monitor?.connect();
      const dbName = engine.kind === "postgres" ? new URL(engine.url).pathname.slice(1) : "";

      const failures: string[] = [];
      const counts = { pages: 0, checkouts: 0 };
      const acknowledged = new Map<string, Line[]>();
      const rss: { t: number; mb: number }[] = [];
      const connections: number[] = [];
      const started = Date.now();
      const deadline = started + SOAK_SECONDS * 1000;

      const paths = [
        "/",
        "/products",
        "/products?q=sayur",
        "/categories",
        ...fixture.productSlugs.map((slug) => `/products/${slug}`),
        "/products.data",
        `/products/${fixture.productSlugs[0]}.data`,
        "/orders",
        "/healthz",
      ];
      const browse = async (n: number) => {
        let i = n;
        while (Date.now() < deadline) {
          const path = paths[i % paths.length];
          const customer = fixture.customers[i % fixture.customers.length];
          i++;
          const tick = Date.now();
          try {
            const response = await fetch(`${server.url}${path}`, {
              headers: { cookie: customer.cookie },
              redirect: "manual",
            });
            await response.arrayBuffer();
            if (response.status !== 200) failures.push(`${path}: ${response.status}`);
            counts.pages++;
          } catch (error) {
            failures.push(`${path}: ${String(error)}`);
          }
          await sleep(Math.max(0, BROWSE_INTERVAL_MS - (Date.now() - tick)));
        }
      };
      const buy = async () => {
        let i = 0;
        while (Date.now() < deadline) {
          const tick = Date.now();
          const lines = randomLines(fixture.productIds);
          try {
            const { status, orderId } = await postCheckout(
              server.url,
              fixture.customers[i++ % fixture.customers.length],
              lines,
            );
            if (status !== 303 || !orderId) failures.push(`checkout: ${status}`);
            else acknowledged.set(orderId, lines);
            counts.checkouts++;
          } catch (error) {
            failures.push(`checkout: ${String(error)}`);
          }
          await sleep(Math.max(0, CHECKOUT_INTERVAL_MS - (Date.now() - tick)));
        }
      };
      const sample = async () => {
        while (Date.now() < deadline) {
          rss.push({
            t: Math.round((Date.now() - started) / 1000),
            mb: rssMb(pid),
          });
          if (monitor) {
            const { rows } = await monitor.query<{ n: string }>(
              "select count(*) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
              [dbName],
            );
            connections.push(Number(rows[0].n));
          }
          await sleep(SAMPLE_MS);
        }
      };

      try {
        await Promise.all([...Array.from({ length: BROWSERS }, (_, n) => browse(n * 5)), buy(), sample()]);
      } finally {
        await monitor?.end();
        expect(await server.stop("SIGTERM")).toBe(0);
      }

      // The server's own metrics lines: the JavaScript heap, apart from WebAssembly memory.
      const heap = server
        .logs()
        .split("\n")
        .filter((line) => line.includes('"msg":"metrics"'))
        .map((line) => (JSON.parse(line) as { heapUsedMb: number }).heapUsedMb);
      const heapThird = Math.floor(heap.length / 3);
      const heapMiddle = median(heap.slice(heapThird, 2 * heapThird));
      const heapLast = median(heap.slice(2 * heapThird));
      const third = Math.floor(rss.length / 3);
      const middle = median(rss.slice(third, 2 * third).map((s) => s.mb));
      const last = median(rss.slice(2 * third).map((s) => s.mb));
      const curve = rss
        .filter((_, k) => k % Math.max(1, Math.floor(rss.length / 12)) === 0)
        .map((s) => `${s.t}s ${s.mb.toFixed(0)}`);
      console.log(
        `[soak ${kind}] ${SOAK_SECONDS} s: ${counts.pages} page requests, ${counts.checkouts} checkouts, ${failures.length} failures; ` +
          `RSS MB ${curve.join(", ")}; median middle third ${middle.toFixed(1)}, last third ${last.toFixed(1)}, peak ${Math.max(...rss.map((s) => s.mb)).toFixed(1)}; ` +
          `heap used after GC MB ${heap
            .filter((_, k) => k % Math.max(1, Math.floor(heap.length / 12)) === 0)
            .map((h) => h.toFixed(0))
            .join(", ")}; ` +
          `median middle third ${heapMiddle.toFixed(1)}, last third ${heapLast.toFixed(1)}` +
          (connections.length ? `; PostgreSQL connections max ${Math.max(...connections)} (pool ${POOL_SIZE})` : ""),
      );

      expect(failures.slice(0, 10)).toEqual([]);
      expect(server.logs()).not.toMatch(/"level":"error"/);
      expect(counts.checkouts).toBeGreaterThan(0);
      expect(heap.length).toBeGreaterThan(3);
      expect(last - middle).toBeLessThan(MAX_LATE_RSS_GROWTH_MB);
      expect(heapLast - heapMiddle).toBeLessThan(MAX_LATE_HEAP_GROWTH_MB);
      // The pool, plus the connections that LISTEN by design (each listener holds its own):
      // back-in-stock mails, new orders and staff access changes. More would be a leak.
      if (connections.length) expect(Math.max(...connections)).toBeLessThanOrEqual(POOL_SIZE + LISTENERS);

      // Every order the soak placed is stored whole.
      const handle = await openEngine(engine);
      try {
        const report = await checkDurability(handle.db, fixture, acknowledged);
        expect(report).toMatchObject({
          storedOrders: acknowledged.size,
          acknowledgedMissing: [],
          halfStored: [],
          stockMismatches: [],
        });
      } finally {
        await handle.close();
      }
    },
  );
});
