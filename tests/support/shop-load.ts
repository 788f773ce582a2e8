// Shared by the fault tests: a shop database prepared with customers who are signed in and
// products with plenty of stock, checkouts posted the way the browser's form posts them,
// and the durability checks run on the database afterwards.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import { seedCatalogIfEmpty } from "~/db/seed.server";
import { createPostgresDatabase } from "./postgres";
import { createProduct, createUser, liftOrdersPerCustomerLimit, nextDelivery, signIn } from "./factories";

/** The checkout's default choice under a fresh shop's rules, as its radio posts it. */
function nextDeliveryValue(): string {
  const { deliveryDate, slot } = nextDelivery();
  return `${deliveryDate}|${slot}`;
}

const root = path.resolve(import.meta.dirname, "../..");

const madeDirs: string[] = [];

/** A data directory of its own under the project's .tmp/, removed by removeFaultDataDirs(). */
export function faultDataDir(name: string): string {
  const dir = path.join(root, ".tmp", `faults-${name}-${Date.now()}-${randomBytes(3).toString("hex")}`);
  mkdirSync(dir, { recursive: true });
  madeDirs.push(dir);
  return dir;
}

/** For a test file's afterAll: the data dirs go (tens of MB each) unless KEEP_FAULT_DATA=1 keeps them for a post-mortem. */
export function removeFaultDataDirs() {
  if (process.env.KEEP_FAULT_DATA === "1") return;
  for (const dir of madeDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export type Engine = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; drop: () => Promise<void> };

export async function newEngine(kind: "pglite" | "postgres", name: string): Promise<Engine> {
  if (kind === "pglite") return { kind, dataDir: faultDataDir(name) };
  const database = await createPostgresDatabase("faults");
  return { kind, url: database.url, drop: database.drop };
}

/** Environment for startTestServer: the data dir, or the PostgreSQL URL. */
export function serverOptions(engine: Engine): {
  dataDir?: string;
  env: Record<string, string>;
} {
  return engine.kind === "pglite" ? { dataDir: engine.dataDir, env: {} } : { env: { DATABASE_URL: engine.url } };
}

export async function openEngine(engine: Engine, holder = "test"): Promise<DatabaseHandle> {
  return engine.kind === "pglite"
    ? openDatabase({ kind: "pglite", dataDir: engine.dataDir, holder })
    : openDatabase({ kind: "postgres", url: engine.url, poolSize: 2 });
}

export type Customer = { id: string; cookie: string };
export type ShopFixture = {
  customers: Customer[];
  productIds: string[];
  productSlugs: string[];
  startStock: Map<string, number>;
};

/**
 * Customers signed in (Better Auth sessions made in the database, the cookie a browser would
 * hold) and products of their own, made before the server starts so that the embedded
 * database is never opened by two processes.
 */
export async function prepareShop(
  engine: Engine,
  { customers = 4, productCount = 3, stock = 1_000_000 } = {},
): Promise<ShopFixture> {
  const handle = await openEngine(engine, "test-setup");
  try {
    await seedCatalogIfEmpty(handle.db);
    await liftOrdersPerCustomerLimit(handle.db);
    const made: Customer[] = [];
    for (let i = 0; i < customers; i++) {
      const user = await createUser(handle.db);
      made.push({ id: user.id, cookie: await signIn(handle.db, user) });
    }
    const productIds: string[] = [];
    const productSlugs: string[] = [];
    const startStock = new Map<string, number>();
    for (let i = 0; i < productCount; i++) {
      const product = await createProduct(handle.db, {
        stock,
        price: 3000 + 1000 * i,
      });
      productIds.push(product.id);
      productSlugs.push(product.slug);
      startStock.set(product.id, stock);
    }
    return { customers: made, productIds, productSlugs, startStock };
  } finally {
    await handle.close();
  }
}

export type Line = { productId: string; quantity: number };

/** Posts the checkout form as the browser does without JavaScript; a 303 to the success page is the confirmation. */
export async function postCheckout(
  baseUrl: string,
  customer: Customer,
  lines: Line[],
  {
    signal,
    idempotencyKey = randomBytes(18).toString("base64url"),
  }: { signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<{ status: number; orderId: string | null }> {
  const body = new URLSearchParams([
    ["name", "Siti Aminah"],
    ["phone", "081234567890"],
    ["address", "Jl. Kalimantan No. 37, Sumbersari, Jember"],
    ["notes", ""],
    ["delivery", nextDeliveryValue()],
    ["area", "sumbersari"],
    ["idempotencyKey", idempotencyKey],
    ...lines.flatMap((l): [string, string][] => [
      ["productId", l.productId],
      ["quantity", String(l.quantity)],
    ]),
  ]);
  // node:http rather than fetch: fetch always says Sec-Fetch-Mode "cors" (a script's request,
  // answered with data), while this is a plain form post, answered with a 303 to the order.
  const { status, location } = await new Promise<{ status: number; location: string }>((resolve, reject) => {
    const payload = body.toString();
    const request = http.request(
      `${baseUrl}/checkout`,
      {
        method: "POST",
        signal,
        headers: {
          cookie: customer.cookie,
          origin: baseUrl,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(payload)),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, location: String(response.headers.location ?? "") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
  const orderId = status === 303 ? new URL(location, baseUrl).searchParams.get("order") : null;
  return { status, orderId };
}

/** A random cart of 1-3 of the fixture's products. */
export function randomLines(productIds: string[], random: () => number = Math.random): Line[] {
  const count = 1 + Math.floor(random() * Math.min(3, productIds.length));
  const chosen = [...productIds].sort(() => random() - 0.5).slice(0, count);
  return chosen.map((productId) => ({
    productId,
    quantity: 1 + Math.floor(random() * 5),
  }));
}

export type DurabilityReport = {
  storedOrders: number;
  acknowledgedMissing: string[];
  itemMismatches: string[];
  halfStored: string[];
  stockMismatches: string[];
};

/**
 * What the kill test asserts: every acknowledged order is stored with exactly the lines that
 * were sent, no stored order lacks items or has items that do not add up to its total, and
 * each product's stock is its start stock minus what the stored orders hold.
 */
export async function checkDurability(
  db: Database,
  fixture: ShopFixture,
  acknowledged: Map<string, Line[]>,
): Promise<DurabilityReport> {
  const userIds = fixture.customers.map((c) => c.id);
  const stored = await db.select().from(orders).where(inArray(orders.userId, userIds));
  const items = stored.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            stored.map((o) => o.id),
          ),
        )
    : [];
  const itemsByOrder = new Map<string, typeof items>();
  for (const item of items) itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), item]);
  const storedIds = new Set(stored.map((o) => o.id));

  const report: DurabilityReport = {
    storedOrders: stored.length,
    acknowledgedMissing: [],
    itemMismatches: [],
    halfStored: [],
    stockMismatches: [],
  };
  for (const [orderId, lines] of acknowledged) {
    if (!storedIds.has(orderId)) {
      report.acknowledgedMissing.push(orderId);
      continue;
    }
    const got = (itemsByOrder.get(orderId) ?? []).map((i) => `${i.productId}x${i.quantity}`).sort();
    const sent = lines.map((l) => `${l.productId}x${l.quantity}`).sort();
    if (got.join() !== sent.join()) report.itemMismatches.push(`${orderId}: sent ${sent.join()} stored ${got.join()}`);
  }
  for (const order of stored) {
    const lines = itemsByOrder.get(order.id) ?? [];
    const sum = lines.reduce((total, l) => total + l.price * l.quantity, 0);
    if (lines.length === 0 || sum !== order.totalAmount)
      report.halfStored.push(`${order.id}: ${lines.length} items, ${sum} of ${order.totalAmount}`);
  }
  const held = new Map<string, number>();
  for (const item of items)
    if (item.productId) held.set(item.productId, (held.get(item.productId) ?? 0) + item.quantity);
  const now = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, fixture.productIds));
  for (const product of now) {
    const expected = (fixture.startStock.get(product.id) ?? 0) - (held.get(product.id) ?? 0);
    if (product.stock !== expected)
      report.stockMismatches.push(`${product.id}: stock ${product.stock}, expected ${expected}`);
  }
  return report;
}

/**
 * What PostgreSQL inside PGlite says when it opens the data dir: "database system was shut
 * down" after a clean close, "not properly shut down; automatic recovery" after a crash.
 * Run in a child process so that the messages (printed by the engine itself) can be read.
 */
export function pgliteStartupLog(dataDir: string): string {
  const script = `import { PGlite } from "@electric-sql/pglite";
const pg = await PGlite.create(process.argv[1], { debug: 1 });
await pg.query("select 1");
await pg.close();`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script, path.join(dataDir, "pgdata")], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  return `${result.stdout}${result.stderr}`;
}
