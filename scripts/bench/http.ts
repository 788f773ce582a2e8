// `npm run bench:http`: throughput of the production server (node server/start.mjs) under
// autocannon, on the embedded database and, when DATABASE_URL names a PostgreSQL server, on a
// throw-away database there. Loads /, /products, /products?q=..., a product page, a repeat
// view of it revalidated with If-None-Match, and order placement (the checkout form's POST
// with real sessions and unique idempotency keys, every order checked afterwards). Each
// catalog page is measured against the machine's ceiling for it in the same run: the same
// bytes from a minimal Node HTTP server in its own process (scripts/bench/ceiling-server.mjs).
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_CUSTOMERS
// (default 250; checkout allows 20 orders per customer per 10 minutes), BENCH_ENGINES,
// BENCH_PRODUCTS (default 30), SKIP_BUILD=1, BENCH_PORT (default 3250), BENCH_WORKERS (server processes on PostgreSQL,
// WEB_CONCURRENCY; default: one per core).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { deliveryDays, earliestOpenChoice } from "~/lib/delivery";
import { DEFAULT_DELIVERY_SLOTS } from "~/lib/delivery-settings";
import { shopProcessEnv } from "../../tests/support/server";

const root = path.resolve(import.meta.dirname, "../..");
process.env.BETTER_AUTH_SECRET ??= randomBytes(32).toString("hex");
process.env.LOG_LEVEL ??= "warn";

const { openDatabase } = await import("~/db/client.server");
const { categories, orderItems, orders, products } = await import("~/db/schema");
const { seedCatalogIfEmpty } = await import("~/db/seed.server");
const { createProduct, createUser, signIn } = await import("../../tests/support/factories");
const { benchServerUrl, postgresReachable, redact, throwAwayDatabase } = await import("./databases");
const { ms, table } = await import("./stats");

const duration = Number(process.env.BENCH_DURATION ?? 10) || 10;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50) || 50;
const customerTotal = Number(process.env.BENCH_CUSTOMERS ?? 250) || 250;
const port = Number(process.env.BENCH_PORT ?? 3250);
const wanted = (process.env.BENCH_ENGINES ?? (process.env.DATABASE_URL ? "pglite,postgres" : "pglite"))
  .split(",")
  .map((e) => e.trim());
const workers = Number(process.env.BENCH_WORKERS ?? os.cpus().length) || 1;
const ORDERS_PER_CUSTOMER = 20;
// Orders spread over this many products; every order for one product waits for that
// product's row lock, so a handful of products would measure lock queueing, not the shop.
const PRODUCT_COUNT = Number(process.env.BENCH_PRODUCTS ?? 30) || 30;
const START_STOCK = 1_000_000;

type Customer = { id: string; cookie: string };
type Fixture = {
  customers: Customer[];
  productIds: string[];
  productSlug: string;
  categorySlug: string;
  runTag: string;
};
type Row = {
  engine: string;
  target: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  ratio: string;
  /** What this figure must reach, and whether it did ("" where no target applies). */
  goal: string;
  met: string;
  loadAverage: string;
  notes: string;
};

/**
 * The targets: anonymous catalog pages at 0.8 of a minimal server's rate for the same bytes
 * or better, with p99 under 20 ms; signed-in pages 300 req/s on PostgreSQL.
 */
const CATALOG_RATIO = 0.8;
const CATALOG_P99_MS = 20;

type Goal = { text: string; met: (reqPerSec: number, p99: number) => boolean };
const SIGNED_IN_REQ_PER_SEC = 300;

const log = (msg: string) => console.log(msg);

async function prepare(open: () => Promise<DatabaseHandle>): Promise<Fixture> {
  const handle = await open();
  try {
    await seedCatalogIfEmpty(handle.db);
    const started = Date.now();
    const customers: Customer[] = [];
    // Password hashing dominates: a few at a time keeps both cores busy without starving them.
    for (let i = 0; i < customerTotal; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, customerTotal - i) }, async () => {
          const user = await createUser(handle.db);
          return { id: user.id, cookie: await signIn(handle.db, user) };
        }),
      );
      customers.push(...batch);
    }
    const productIds: string[] = [];
    for (let i = 0; i < PRODUCT_COUNT; i++)
      productIds.push(
        (await createProduct(handle.db, { stock: START_STOCK, price: 4000 + 500 * i, discount: i % 3 === 1 ? 10 : 0 }))
          .id,
      );
    const [page] = await handle.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.slug))
      .limit(1);
    const [category] = await handle.db
      .select({ slug: categories.slug })
      .from(categories)
      .orderBy(asc(categories.slug))
      .limit(1);
    log(
      `  ${customers.length} signed-in customers and ${PRODUCT_COUNT} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return {
      customers,
      productIds,
      productSlug: page.slug,
      categorySlug: category.slug,
      runTag: randomBytes(3).toString("hex"),
    };
  } finally {
    await handle.close();
  }
}

async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, "server/start.mjs")], {
    cwd: root,
    env: shopProcessEnv(port, url, { LOG_LEVEL: "info", ...env }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("server did not start in 60 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return {
    url,
    child,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The machine's ceiling for these pages: each page fetched once from the shop as autocannon
 * asks for it (no compression), then served with the same status, headers and body by a
 * minimal Node HTTP server in its own process (scripts/bench/ceiling-server.mjs).
 */
async function startCeiling(
  shopUrl: string,
  targets: string[],
  dir: string,
): Promise<{ url: string; sizes: Map<string, number>; stop: () => Promise<void> }> {
  const sizes = new Map<string, number>();
  const pages = [];
  for (const target of targets) {
    const response = await fetch(`${shopUrl}${target}`, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await response.arrayBuffer());
    sizes.set(target, body.length);
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers)
      if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(name)) headers[name] = value;
    pages.push({ path: target, status: response.status, headers, body: body.toString("base64") });
  }
  const file = path.join(dir, "ceiling-pages.json");
  writeFileSync(file, JSON.stringify(pages));
  const child = spawn(process.execPath, [path.join(root, "scripts/bench/ceiling-server.mjs"), file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d;
      if (out.includes("\n")) resolve(Number(out.trim()));
    });
    child.on("exit", (code) => reject(new Error(`ceiling server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    sizes,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function linesFor(i: number, productIds: string[]): { productId: string; quantity: number }[] {
  return [
    { productId: productIds[i % productIds.length], quantity: 1 + (i % 2) },
    { productId: productIds[(i + 7) % productIds.length], quantity: 1 },
  ];
}

function earliestDeliveryDate(): string {
  const choice = earliestOpenChoice(deliveryDays({ slots: DEFAULT_DELIVERY_SLOTS, closedDays: [] }, new Date()));
  if (!choice) throw new Error("no delivery date open under the default rules");
  return choice.date;
}

function checkoutBody(i: number, fixture: Fixture): string {
  const form = new URLSearchParams([
    ["name", "Siti Aminah"],
    ["phone", "081234567890"],
    ["address", "Jl. Kalimantan No. 37, Sumbersari, Jember"],
    ["notes", ""],
    ["slot", i % 2 ? "sore" : "pagi"],
    // The earliest date a fresh shop's rules (21:00 the day before) still take both slots for.
    ["deliveryDate", earliestDeliveryDate()],
    ["idempotencyKey", `bench-${fixture.runTag}-${String(i).padStart(8, "0")}`],
  ]);
  for (const line of linesFor(i, fixture.productIds)) {
    form.append("productId", line.productId);
    form.append("quantity", String(line.quantity));
  }
  return form.toString();
}

async function benchEngine(engine: "pglite" | "postgres"): Promise<Row[]> {
  let dataDir = "";
  let database: Awaited<ReturnType<typeof throwAwayDatabase>> | undefined;
  let env: Record<string, string>;
  let open: () => Promise<DatabaseHandle>;
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  dataDir = path.join(root, ".tmp", `bench-http-${engine}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  if (engine === "pglite") {
    env = { DATA_DIR: dataDir };
    open = () => openDatabase({ kind: "pglite", dataDir, holder: "bench:http" });
  } else {
    database = await throwAwayDatabase("scale_http");
    const url = database.url;
    env = { DATA_DIR: dataDir, DATABASE_URL: url, WEB_CONCURRENCY: String(workers) };
    open = () => openDatabase({ kind: "postgres", url, poolSize: 4 });
  }
  log(
    `\n${engine}: preparing (${engine === "postgres" ? `${workers} server processes` : "1 server process, the embedded database allows no more"})`,
  );
  let fixture: Fixture;
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    fixture = await prepare(open);
    server = await startServer(env);
  } catch (error) {
    if (database) await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const rows: Row[] = [];
  let ordersOk = "";
  try {
    const productPath = `/products/${fixture.productSlug}`;
    const categoryPath = `/category/${fixture.categorySlug}`;
    const catalogTargets = ["/", "/products", categoryPath, productPath, "/products?q=bayam"];
    // Warm: the page cache stores a page on its first render and a search (`?q=`) on its
    // second, so two requests put every target in it before the timed runs.
    for (const target of catalogTargets)
      for (let i = 0; i < 2; i++) await (await fetch(`${server.url}${target}`)).arrayBuffer();
    const ceiling = await startCeiling(server.url, catalogTargets, dataDir);
    try {
      await load({ url: `${server.url}${productPath}`, duration: 3 }); // warm-up
      const loadAverage = () => os.loadavg()[0].toFixed(1);
      const catalogGoal = (ceilingReqPerSec: number): Goal => ({
        text: `>= ${CATALOG_RATIO} x ceiling, p99 < ${CATALOG_P99_MS} ms`,
        met: (reqPerSec, p99) => reqPerSec >= CATALOG_RATIO * ceilingReqPerSec && p99 < CATALOG_P99_MS,
      });
      const signedInGoal: Goal | undefined =
        engine === "postgres"
          ? {
              text: `>= ${SIGNED_IN_REQ_PER_SEC} req/s (${workers} processes)`,
              met: (reqPerSec) => reqPerSec >= SIGNED_IN_REQ_PER_SEC,
            }
          : undefined;
      const record = (target: string, result: autocannon.Result, against: number, notes = "", goal?: Goal) => {
        const ratio = result.requests.average / against;
        const row = {
          engine,
          target,
          reqPerSec: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          ratio: ratio.toFixed(2),
          goal: goal?.text ?? "",
          met: goal ? (goal.met(result.requests.average, result.latency.p99) ? "MET" : "MISSED") : "",
          loadAverage: loadAverage(),
          notes,
        };
        rows.push(row);
        const beside = goal?.text.includes("ceiling")
          ? ` | ratio ${row.ratio} (target >= ${CATALOG_RATIO}): ${ratio >= CATALOG_RATIO ? "MET" : "MISSED"}, p99 ${row.p99} ms (target < ${CATALOG_P99_MS} ms): ${row.p99 < CATALOG_P99_MS ? "MET" : "MISSED"}`
          : goal
            ? ` | target ${row.goal}: ${row.met}`
            : "";
        log(
          `  ${target}: ${row.reqPerSec.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.ratio} x ceiling${beside} | load ${row.loadAverage}${notes ? ` (${notes})` : ""}`,
        );
      };
      let productCeiling = 0;
      for (const target of catalogTargets) {
        const label =
          target === productPath
            ? `product page ${productPath}`
            : target === categoryPath
              ? `category page ${categoryPath}`
              : target;
        // The ceiling for this very page, right before it: the same bytes and headers from a
        // minimal server in its own process, the same connections, the same load.
        const top = await load({ url: `${ceiling.url}${target}` });
        const against = top.requests.average;
        if (target === productPath) productCeiling = against;
        record(`ceiling: ${label} (${ceiling.sizes.get(target)} B)`, top, against, "minimal server, own process");
        // No Accept-Encoding, like the ceiling: the same bytes on the wire, uncompressed.
        const result = await load({ url: `${server.url}${target}` });
        record(
          label,
          result,
          against,
          result.non2xx ? `${result.non2xx} non-2xx` : "",
          target.includes("?") ? undefined : catalogGoal(against),
        );
      }
      // Signed in: the same public product page (nothing personal in it), and the small private
      // answer the browser then asks for (the account menu).
      const signedIn = fixture.customers[0].cookie;
      const signedInPage = await load({
        url: `${server.url}${productPath}`,
        headers: { cookie: signedIn },
      });
      record(
        "product page, signed in",
        signedInPage,
        productCeiling,
        signedInPage.non2xx ? `${signedInPage.non2xx} non-2xx` : "",
        signedInGoal,
      );
      const visitor = await load({ url: `${server.url}/api/visitor`, headers: { cookie: signedIn } });
      record(
        "/api/visitor, signed in",
        visitor,
        productCeiling,
        visitor.non2xx ? `${visitor.non2xx} non-2xx` : "",
        signedInGoal,
      );
      // Fetched just before: the ETag includes the minute, so an older one would no longer match.
      const fresh = await fetch(`${server.url}${productPath}`);
      await fresh.arrayBuffer();
      const etag = fresh.headers.get("etag") ?? "";
      const revalidated = await load({ url: `${server.url}${productPath}`, headers: { "if-none-match": etag } });
      record(
        "product page, If-None-Match (304)",
        revalidated,
        productCeiling,
        `${revalidated.statusCodeStats?.["304"]?.count ?? 0} x 304`,
      );

      // Order placement: each request a new idempotency key, customers in turn (20 orders each at most).
      const capacity = fixture.customers.length * ORDERS_PER_CUSTOMER;
      let next = 0;
      const statuses = new Map<number, number>();
      const result = await load({
        url: `${server.url}/checkout`,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              const i = next++;
              const customer = fixture.customers[i % fixture.customers.length];
              return {
                ...request,
                method: "POST",
                headers: {
                  ...request.headers,
                  cookie: customer.cookie,
                  origin: server.url,
                  "content-type": "application/x-www-form-urlencoded",
                },
                body: checkoutBody(i, fixture),
              };
            },
            onResponse: (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
          },
        ],
      });
      const confirmed = statuses.get(303) ?? 0;
      const statusText = [...statuses].map(([s, n]) => `${n} x ${s}`).join(", ");
      record(
        "order placement (POST /checkout)",
        result,
        productCeiling,
        `${statusText}${next > capacity ? `; ${next} sent > ${capacity} allowed by the rate limit` : ""}`,
      );
      await server.stop();
      ordersOk = await verifyOrders(open, fixture, confirmed, next);
      rows[rows.length - 1].notes += `; ${ordersOk}`;
      log(`  orders: ${ordersOk}`);
    } finally {
      await ceiling.stop();
    }
  } finally {
    if (server.child.exitCode === null) await server.stop();
    if (database) await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** Every stored order matches what its key's request sent, totals add up, stock adds up. */
async function verifyOrders(
  open: () => Promise<DatabaseHandle>,
  fixture: Fixture,
  confirmed: number,
  sent: number,
): Promise<string> {
  const handle = await open();
  try {
    const stored = await handle.db
      .select({ id: orders.id, key: orders.idempotencyKey, total: orders.totalAmount })
      .from(orders)
      .where(like(orders.idempotencyKey, `bench-${fixture.runTag}-%`));
    const items = stored.length
      ? await handle.db
          .select({
            orderId: orderItems.orderId,
            productId: orderItems.productId,
            quantity: orderItems.quantity,
            price: orderItems.price,
          })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              stored.map((o) => o.id),
            ),
          )
      : [];
    const prices = new Map(
      (
        await handle.db
          .select({ id: products.id, price: products.price, discount: products.discount, stock: products.stock })
          .from(products)
          .where(and(inArray(products.id, fixture.productIds)))
      ).map((p) => [p.id, p]),
    );
    const byOrder = new Map<string, typeof items>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    const problems: string[] = [];
    const sold = new Map<string, number>();
    for (const order of stored) {
      const i = Number(order.key.split("-").pop());
      const expected = linesFor(i, fixture.productIds);
      const got = byOrder.get(order.id) ?? [];
      const same =
        got.length === expected.length &&
        expected.every((e) => got.some((g) => g.productId === e.productId && g.quantity === e.quantity));
      if (!same) problems.push(`${order.id}: items differ`);
      let total = 0;
      for (const g of got) {
        const p = prices.get(g.productId ?? "");
        if (!p || g.price !== Math.round((p.price * (100 - p.discount)) / 100))
          problems.push(`${order.id}: wrong unit price`);
        total += g.price * g.quantity;
        sold.set(g.productId ?? "", (sold.get(g.productId ?? "") ?? 0) + g.quantity);
      }
      if (total !== order.total) problems.push(`${order.id}: total ${order.total} != ${total}`);
    }
    for (const [id, p] of prices)
      if (p.stock !== START_STOCK - (sold.get(id) ?? 0))
        problems.push(`${id}: stock ${p.stock}, expected ${START_STOCK - (sold.get(id) ?? 0)}`);
    // Requests still in flight when autocannon stops are completed by the server but not
    // counted by autocannon: more may be stored than were confirmed, never fewer or more than sent.
    if (stored.length < confirmed || stored.length > sent)
      problems.push(`${confirmed} confirmed and ${sent} sent, but ${stored.length} stored`);
    if (problems.length) {
      console.error(problems.slice(0, 20).join("\n"));
      process.exitCode = 1;
      return `${problems.length} PROBLEMS in ${stored.length} orders`;
    }
    return `all ${stored.length} stored orders correct (items, prices, totals, stock; ${confirmed} confirmed in time)`;
  } finally {
    await handle.close();
  }
}

if (process.env.SKIP_BUILD !== "1") {
  log("building (SKIP_BUILD=1 to use the existing build)");
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

log(
  `autocannon: ${connections} connections, ${duration} s per target; ${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const rows: Row[] = [];
for (const engine of wanted) {
  if (engine !== "pglite" && engine !== "postgres") continue;
  if (engine === "postgres" && !(await postgresReachable())) {
    log(`PostgreSQL at ${redact(benchServerUrl)} is unreachable: skipping it.`);
    continue;
  }
  rows.push(...(await benchEngine(engine)));
}
console.log(
  `\n${table(
    ["engine", "target", "req/s", "p50 ms", "p99 ms", "vs ceiling", "goal", "met", "load", "notes"],
    rows.map((r) => [
      r.engine,
      r.target,
      r.reqPerSec.toFixed(0),
      ms(r.p50),
      ms(r.p99),
      r.ratio,
      r.goal,
      r.met,
      r.loadAverage,
      r.notes,
    ]),
  )}`,
);
mkdirSync(path.join(root, "bench/results"), { recursive: true });
const file = path.join(root, "bench/results", `http-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(
  file,
  JSON.stringify(
    { duration, connections, node: process.version, cores: os.cpus().length, loadAverageAtEnd: os.loadavg(), rows },
    null,
    2,
  ),
);
console.log(`Written to ${path.relative(root, file)}`);
process.exit(process.exitCode ?? 0);
