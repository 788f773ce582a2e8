// PostgreSQL going away while the shop runs: the server reaches its own throw-away database
// through a TCP proxy in the test, so the test can cut the database off without stopping
// the shared PostgreSQL. Shoppers get a friendly Indonesian 503, never a stack trace, and
// the shop recovers by itself when the database is back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, startTcpProxy } from "../support/postgres";
import { freePort, startTestServer, type TestServer } from "../support/server";
import { newEngine, postCheckout, prepareShop, randomLines, type ShopFixture } from "../support/shop-load";

const pgUp = await postgresAvailable();
const STACK_TRACE = /at \S+ \(|node_modules|\w*Error:|ECONNREFUSED|Connection terminated/;

async function get(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { redirect: "manual", ...init });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    headers: response.headers,
    text: await response.text(),
  };
}

describe.skipIf(!pgUp)("PostgreSQL going away", () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let drop: () => Promise<void>;
  let server: TestServer;
  let fixture: ShopFixture;
  let cookie: string;

  beforeAll(async () => {
    const engine = await newEngine("postgres", "down");
    if (engine.kind !== "postgres") throw new Error("unreachable");
    drop = engine.drop;
    fixture = await prepareShop(engine, { customers: 1, productCount: 2 });
    cookie = fixture.customers[0].cookie;
    const target = new URL(engine.url);
    proxy = await startTcpProxy({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    const viaProxy = new URL(engine.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    server = await startTestServer({
      env: {
        DATABASE_URL: viaProxy.toString(),
        DATABASE_QUERY_TIMEOUT_MS: "2000",
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await drop?.();
  });

  it("answers 503 'sedang gangguan' while the database is away and recovers without a restart", async () => {
    const up = await postCheckout(server.url, fixture.customers[0], randomLines(fixture.productIds));
    expect(up.status).toBe(303);
    expect((await get(`${server.url}/`)).status).toBe(200);

    proxy.cut();

    // The home page rendered a moment ago is answered from the in-process page cache: the
    // catalog stays readable while the database is away.
    expect((await get(`${server.url}/`)).status).toBe(200);

    // Pages that need the database: the friendly HTML page, for visitors and signed-in customers
    // alike ("/?away" is a home page the cache has not stored).
    for (const [path, init] of [
      ["/?away", {}],
      ["/products", {}],
      ["/products?q=bayam", {}],
      ["/orders", { headers: { cookie } }],
      ["/checkout", { headers: { cookie } }],
    ] as const) {
      const page = await get(`${server.url}${path}`, init);
      expect(page.status, path).toBe(503);
      expect(page.type, path).toMatch(/text\/html/);
      expect(page.text, path).toContain("sedang gangguan");
      expect(page.text, path).not.toMatch(STACK_TRACE);
      expect(page.headers.get("retry-after"), path).toBeTruthy();
    }

    // An order placed during the outage: the same page, and nothing half-done.
    const body = new URLSearchParams([
      ["name", "Siti Aminah"],
      ["phone", "081234567890"],
      ["address", "Jl. Kalimantan No. 37, Jember"],
      ["slot", "pagi"],
      ["idempotencyKey", "database-down-order-0001"],
      ["productId", fixture.productIds[0]],
      ["quantity", "1"],
    ]);
    const checkout = await get(`${server.url}/checkout`, {
      method: "POST",
      headers: {
        cookie,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body,
    });
    expect(checkout.status).toBe(503);
    expect(checkout.text).toContain("sedang gangguan");
    expect(checkout.text).not.toMatch(STACK_TRACE);

    // Client-side navigations (.data) and the health check: JSON with 503. Without React
    // Router's own response header the browser's router shows its 503 error page.
    for (const path of ["/products.data", "/orders.data", "/healthz"]) {
      const data = await get(`${server.url}${path}`, { headers: { cookie } });
      expect(data.status, path).toBe(503);
      expect(data.type, path).toMatch(/application\/json/);
      expect(data.headers.get("x-remix-response"), path).toBeNull();
      expect(data.text, path).not.toMatch(STACK_TRACE);
    }
    expect(JSON.parse((await get(`${server.url}/healthz`)).text)).toMatchObject({ ok: false });

    // Static files need no database.
    expect((await get(`${server.url}/favicon.ico`)).status).toBe(200);

    proxy.restore();
    const restored = Date.now();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await get(`${server.url}/`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    console.log(`[database-down] database cut: shop answered 200 again ${Date.now() - restored} ms after it came back`);
    expect((await get(`${server.url}/orders`, { headers: { cookie } })).status).toBe(200);
    expect((await get(`${server.url}/healthz`)).status).toBe(200);
    const again = await postCheckout(server.url, fixture.customers[0], randomLines(fixture.productIds));
    expect(again.status).toBe(303);
    expect(server.process.exitCode).toBeNull();
  });

  it("answers 503 within seconds, not minutes, when the database host stops answering", async () => {
    expect((await get(`${server.url}/orders`, { headers: { cookie } })).status).toBe(200);
    // Open connections stay open but nothing comes back, as when the host drops off the network.
    proxy.stall();
    try {
      // "/?stalled" is a home page the in-process page cache has not stored (the cached home page
      // itself is answered from memory, without the database): it must be rendered, so it needs
      // the database like /orders does.
      for (const path of ["/?stalled", "/orders"]) {
        const asked = Date.now();
        const page = await get(`${server.url}${path}`, {
          headers: { cookie },
          signal: AbortSignal.timeout(30_000),
        });
        expect(page.status, path).toBe(503);
        expect(page.text, path).toContain("sedang gangguan");
        expect(page.text, path).not.toMatch(STACK_TRACE);
        // The query timeout (2 s here, 15 s by default) plus the health check's connect timeout.
        const waited = Date.now() - asked;
        console.log(`[database-down] stalled database: ${path} answered 503 after ${waited} ms`);
        expect(waited, path).toBeLessThan(15_000);
      }
    } finally {
      proxy.restore();
    }
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await get(`${server.url}/orders`, { headers: { cookie } })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  });
});

describe.skipIf(!pgUp)("PostgreSQL not up yet when the shop starts", () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let drop: () => Promise<void>;
  let viaProxy: URL;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    const engine = await newEngine("postgres", "late");
    if (engine.kind !== "postgres") throw new Error("unreachable");
    drop = engine.drop;
    await prepareShop(engine, { customers: 1, productCount: 2 });
    const target = new URL(engine.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    viaProxy = new URL(engine.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await proxy?.close();
    await drop?.();
  });

  it("waits for the database, answering 503 meanwhile, and serves the shop once it is up", async () => {
    proxy.cut();
    const port = await freePort();
    const starting = startTestServer({ port, env: { DATABASE_URL: viaProxy.toString() } });
    starting.then((server) => servers.push(server)).catch(() => {});
    // The port is open while the database is away: a load balancer sees a failing health
    // check, a shopper the friendly outage page, never a refused connection.
    let health = 0;
    for (let i = 0; i < 50 && health !== 503; i++) {
      health = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
      if (health !== 503) await new Promise((r) => setTimeout(r, 200));
    }
    expect(health).toBe(503);
    const page = await get(`http://127.0.0.1:${port}/products`);
    expect(page.status).toBe(503);
    expect(page.text).toContain("sedang gangguan");
    expect(page.text).not.toMatch(STACK_TRACE);

    proxy.restore();
    const server = await starting;
    expect(server.logs()).toContain("waiting for the database");
    expect((await get(`${server.url}/products`)).status).toBe(200);
    expect((await get(`${server.url}/healthz`)).status).toBe(200);
  });

  it("gives up after DATABASE_STARTUP_WAIT_SECONDS with a clear message and a non-zero exit", async () => {
    proxy.cut();
    try {
      const started = Date.now();
      const failure = await startTestServer({
        env: { DATABASE_URL: viaProxy.toString(), DATABASE_STARTUP_WAIT_SECONDS: "2" },
      }).then(
        (server) => {
          servers.push(server);
          return "";
        },
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/server exited with 1/);
      expect(failure).toContain("tidak bisa dihubungi setelah 2 detik");
      expect(failure).not.toMatch(/at \S+ \(/);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      proxy.restore();
    }
  });
});
