// Two production app processes on one PostgreSQL database, as behind a load balancer: both
// start at once on an empty database (migrations run once), a login on one is a session on
// the other, an order placed on one is seen on the other by its customer and by the staff,
// a new order reaches a staff event stream held open on the other, a staff member removed on
// one loses the stream held open on the other at once, and checkouts of the last units split
// across both never sell more than there is.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { orderItems, products } from "~/db/schema";
import { shortOrderId } from "~/lib/orders";
import { postCheckout, type Customer } from "../support/shop-load";
import { createProduct, createUser, liftOrdersPerCustomerLimit, signIn, type TestUser } from "../support/factories";
import { createPostgresDatabase, postgresOrSkip } from "../support/postgres";
import { startTestServer, type TestServer } from "../support/server";
import { sseReader } from "../support/sse";
import { post, postLogin } from "../support/http";
import { stockOf } from "../support/db-reads";

const pgUp = await postgresOrSkip(
  "two-processes: PostgreSQL (127.0.0.1:5432 or TEST_DATABASE_URL) is unreachable, so the multi-process test cannot run",
);

const root = path.resolve(import.meta.dirname, "../..");
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let handle: DatabaseHandle;
let a: TestServer;
let b: TestServer;

function dataDir(name: string): string {
  const dir = path.join(root, ".tmp", `two-processes-${name}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Logs in through the real form on `server`; returns the cookie the browser would keep. */
async function logIn(server: TestServer, form: "/login" | "/admin/login", user: TestUser): Promise<string> {
  const answer = await postLogin(server.url, user, {
    form,
    fields: { redirect: "/" },
    headers: { Origin: server.url },
  });
  expect(answer.status, `login on ${server.url}${form}`).toBe(303);
  expect(answer.cookie).toMatch(/session_token=/);
  return answer.cookie;
}

async function page(server: TestServer, pathName: string, cookie?: string) {
  const response = await fetch(`${server.url}${pathName}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

describe.skipIf(!pgUp)("two app processes on one PostgreSQL database", () => {
  beforeAll(async () => {
    database = await createPostgresDatabase("scale_two");
    const env = { DATABASE_URL: database.url, DATABASE_POOL_SIZE: "10" };
    // Started together on an empty database: both try to migrate, the advisory lock lets one do it.
    [a, b] = await Promise.all([
      startTestServer({ env, dataDir: dataDir("a") }),
      startTestServer({ env, dataDir: dataDir("b") }),
    ]);
    handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 });
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await handle?.close();
    await database?.drop();
  });

  it("both processes came up healthy on the same freshly migrated database", async () => {
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
    // The sample catalog was seeded once, not twice.
    const seeded = await handle.db.select({ slug: products.slug }).from(products);
    expect(new Set(seeded.map((p) => p.slug)).size).toBe(seeded.length);
    // The list is paged, so any seeded product on its first page shows the catalog is served.
    const firstPage = (await page(a, "/products")).html;
    expect(seeded.some((p) => firstPage.includes(`/products/${p.slug}`))).toBe(true);
  });

  it("a session from logging in on one process works on the other, and an order placed on one is seen on the other", async () => {
    const customer = await createUser(handle.db, { name: "Siti Dua Proses" });
    const admin = await createUser(handle.db, { role: "admin" });
    const product = await createProduct(handle.db, { stock: 50, price: 12_000, name: "Bayam Dua Proses" });

    const cookie = await logIn(a, "/login", customer);
    expect((await page(b, "/profile")).status).toBe(302);
    const profileOnB = await page(b, "/profile", cookie);
    expect(profileOnB.status).toBe(200);
    expect(profileOnB.html).toContain("Siti Dua Proses");

    const placed = await postCheckout(a.url, { id: customer.id, cookie }, [{ productId: product.id, quantity: 3 }]);
    expect(placed.status).toBe(303);
    const orderId = placed.orderId!;

    const ordersOnB = await page(b, "/orders", cookie);
    expect(ordersOnB.status).toBe(200);
    expect(ordersOnB.html).toContain(shortOrderId(orderId));
    const detailOnB = await page(b, `/orders/${orderId}`, cookie);
    expect(detailOnB.status).toBe(200);
    expect(detailOnB.html).toContain("Bayam Dua Proses");

    const adminCookie = await logIn(b, "/admin/login", admin);
    const dashboardOnB = await page(b, "/admin/dashboard", adminCookie);
    expect(dashboardOnB.status).toBe(200);
    expect(dashboardOnB.html).toContain(shortOrderId(orderId));
    // The staff session made on B is valid on A too.
    const adminDetailOnA = await page(a, `/admin/orders/${orderId}`, adminCookie);
    expect(adminDetailOnA.status).toBe(200);
    expect(adminDetailOnA.html).toContain("Bayam Dua Proses");
  });

  it("an order placed through one process appears on a staff event stream held open on the other", async () => {
    const customer = await createUser(handle.db, { name: "Bu Lastri Lintas Proses" });
    const admin = await createUser(handle.db, { role: "admin" });
    const product = await createProduct(handle.db, { stock: 20, price: 9_000, name: "Kangkung Lintas Proses" });
    const adminCookie = await logIn(b, "/admin/login", admin);
    const stream = await fetch(`${b.url}/admin/orders/events`, { headers: { cookie: adminCookie } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = sseReader(stream.body!);
    const [ready] = await events.collect("ready", () => true);

    const cookie = await logIn(a, "/login", customer);
    const placed = await postCheckout(a.url, { id: customer.id, cookie }, [{ productId: product.id, quantity: 2 }]);
    expect(placed.status).toBe(303);
    const [event] = await events.collect("order", (e) => e.data.includes(placed.orderId!), 3_000);
    expect(JSON.parse(event.data)).toMatchObject({ id: placed.orderId, recipientName: expect.any(String) });
    await events.cancel();

    // A browser reconnecting to process A with the last id it saw from B gets nothing twice
    // and what was placed meanwhile (through B) at once.
    const missed = await postCheckout(b.url, { id: customer.id, cookie }, [{ productId: product.id, quantity: 1 }]);
    const resumed = await fetch(`${a.url}/admin/orders/events`, {
      headers: { cookie: adminCookie, "last-event-id": event.id! },
    });
    const after = sseReader(resumed.body!);
    const caughtUp = await after.collect("order", (e) => e.data.includes(missed.orderId!), 3_000);
    expect(caughtUp.map((e) => JSON.parse(e.data).id)).toEqual([missed.orderId]);
    expect(Number(caughtUp[0].id)).toBeGreaterThan(Number(ready.id));
    await after.cancel();
  });

  it("a staff member removed through one process loses the live stream held open on the other at once", async () => {
    const owner = await createUser(handle.db, { role: "admin" });
    const staff = await createUser(handle.db, { role: "staff" });
    const ownerCookie = await logIn(a, "/admin/login", owner);
    const staffCookie = await logIn(b, "/admin/login", staff);
    const stream = await fetch(`${b.url}/admin/orders/events`, { headers: { cookie: staffCookie } });
    const events = sseReader(stream.body!);
    await events.collect("ready", () => true);

    const removed = await post(
      a.url,
      "/admin/team",
      { intent: "remove", userId: staff.id },
      { cookie: ownerCookie, headers: { Origin: a.url } },
    );
    await removed.arrayBuffer();
    expect(removed.status).toBe(303);
    // Ended by the announcement, long before the 15 s safety poll.
    expect(await events.next(3_000)).toBeNull();
  });

  it("concurrent checkouts of the last units split across both processes never oversell", async () => {
    const STOCK = 15;
    const ATTEMPTS = 40;
    const product = await createProduct(handle.db, { stock: STOCK, price: 5_000, name: "Tomat Terakhir" });
    // Five attempts per customer: only the stock may decide, not the per-customer limit.
    await liftOrdersPerCustomerLimit(handle.db);
    const customers: Customer[] = [];
    for (let i = 0; i < 8; i++) {
      const user = await createUser(handle.db);
      customers.push({ id: user.id, cookie: await signIn(handle.db, user) });
    }

    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        postCheckout((i % 2 === 0 ? a : b).url, customers[i % customers.length], [
          { productId: product.id, quantity: 1 },
        ]),
      ),
    );
    const confirmed = results.filter((r) => r.status === 303 && r.orderId);
    const refused = results.filter((r) => r.status !== 303);
    expect(confirmed).toHaveLength(STOCK);
    // The rest were told the stock ran out (409 with a message), never a server error.
    expect(refused.map((r) => r.status)).toEqual(Array(ATTEMPTS - STOCK).fill(409));

    expect(await stockOf(handle.db, product.id)).toBe(0);
    const [sold] = await handle.db
      .select({ units: sum(orderItems.quantity) })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(Number(sold.units)).toBe(STOCK);
  });
});
