// The server as a process: one owner of the embedded data, and a clean stop on SIGTERM that
// finishes the requests in flight and ends the staff's live event streams.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nextDelivery } from "../support/factories";
import { cookieHeader, post } from "../support/http";
import { createStaff, DATA_DIR_TEMPLATE_ENV, shopProcessEnv, startTestServer } from "../support/server";
import { sseReader } from "../support/sse";
import {
  checkDurability,
  newEngine,
  openEngine,
  pgliteStartupLog,
  prepareShop,
  removeFaultDataDirs,
  type Line,
} from "../support/shop-load";

afterAll(removeFaultDataDirs);

const root = path.resolve(import.meta.dirname, "../..");

describe("embedded database ownership and shutdown", () => {
  it("refuses a second server on the same data directory, and SIGTERM stops cleanly", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sayur-proc-"));
    // A shop that has started before (the global setup's copy, when there): the lock is what is
    // tested here, not a first start's migrations (the next test has those).
    const template = process.env[DATA_DIR_TEMPLATE_ENV];
    if (template) cpSync(template, dataDir, { recursive: true });
    const first = await startTestServer({ dataDir });
    try {
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      const second = spawnSync(process.execPath, [path.join(root, "server/start.mjs")], {
        cwd: root,
        env: shopProcessEnv(0, first.url, { DATA_DIR: dataDir }),
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/sedang dipakai oleh proses lain/);
      // The first server is unharmed.
      expect((await fetch(`${first.url}/`)).status).toBe(200);
    } finally {
      const started = Date.now();
      const code = await first.stop("SIGTERM");
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    // The lock is gone and the data opens again.
    expect(existsSync(path.join(dataDir, "shop.lock"))).toBe(false);
    const again = await startTestServer({ dataDir });
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    await again.stop();
  });

  it("stops cleanly on a SIGTERM sent the moment it says it is listening", async () => {
    // A supervisor (or a test) may stop the shop as soon as it has started; the stop must
    // still close the embedded database, never leave it to the kernel's default kill. First
    // starts (migrate and fill the sample catalog), where a stop signal used to be lost.
    for (let start = 1; start <= 4; start++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "sayur-proc-"));
      const server = await startTestServer({ dataDir });
      const code = await server.stop("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
      expect(code, `start ${start}`).toBe(0);
    }
  });
});

describe("SIGTERM with staff live streams open", () => {
  it("ends the event streams at once so the process exits well within 10 s", async () => {
    const server = await startTestServer();
    const staff = { email: "staf.live@contoh.id", password: "Sayur-Segar-Live-2026", name: "Staf Live" };
    await createStaff(server, staff);
    const login = await post(
      server.url,
      "/admin/login",
      { email: staff.email, password: staff.password },
      { headers: { Origin: server.url } },
    );
    await login.arrayBuffer();
    const cookie = cookieHeader(login);
    const streams = await Promise.all(
      [1, 2].map(() => fetch(`${server.url}/admin/orders/events`, { headers: { cookie } })),
    );
    const readers = streams.map((s) => sseReader(s.body!));
    for (const reader of readers) await reader.collect("ready", () => true);

    const signalled = Date.now();
    const code = await server.stop("SIGTERM");
    expect(code).toBe(0);
    // Without closing them the stop would wait its full 8 s for these "requests in flight".
    expect(Date.now() - signalled).toBeLessThan(5_000);
    for (const reader of readers) expect(await reader.next(2_000).catch(() => null)).toBeNull();
  });
});

describe("SIGTERM with a request in flight", () => {
  it("stops accepting, finishes the request, closes the database and exits 0 within 10 s", async () => {
    const engine = await newEngine("pglite", "sigterm");
    if (engine.kind !== "pglite") throw new Error("unreachable");
    const fixture = await prepareShop(engine, {
      customers: 1,
      productCount: 1,
    });
    const server = await startTestServer({ dataDir: engine.dataDir });
    const line: Line = { productId: fixture.productIds[0], quantity: 2 };
    const body = new URLSearchParams([
      ["name", "Siti Aminah"],
      ["phone", "081234567890"],
      ["address", "Jl. Kalimantan No. 37, Sumbersari, Jember"],
      ["slot", nextDelivery().slot],
      ["deliveryDate", nextDelivery().deliveryDate],
      ["idempotencyKey", "sigterm-in-flight-0001"],
      ["productId", line.productId],
      ["quantity", String(line.quantity)],
    ]).toString();

    // A slow checkout: headers and half the form now, the rest after the signal.
    const request = http.request(`${server.url}/checkout`, {
      method: "POST",
      headers: {
        cookie: fixture.customers[0].cookie,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": Buffer.byteLength(body),
      },
    });
    const answered = new Promise<{ status: number; location: string }>((resolve, reject) => {
      request.on("response", (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: String(response.headers.location ?? ""),
          }),
        );
      });
      request.on("error", reject);
    });
    request.write(body.slice(0, 40));
    await new Promise((r) => setTimeout(r, 300));

    const signalled = Date.now();
    server.process.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    // No new connections once stopping...
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    // ...but the checkout already under way completes and is stored.
    request.end(body.slice(40));
    const response = await answered;
    expect(response.status).toBe(303);
    expect(response.location).toMatch(/^\/order-success\?order=/);

    const code = await server.stop();
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.logs()).not.toMatch(/"level":"error"/);
    expect(existsSync(path.join(engine.dataDir, "shop.lock"))).toBe(false);

    // A clean close: the engine finds a shut-down database (no crash recovery) holding the
    // order finished during the stop.
    const startup = pgliteStartupLog(engine.dataDir);
    expect(startup).toMatch(/database system was shut down/);
    expect(startup).not.toMatch(/not properly shut down|automatic recovery/);
    const handle = await openEngine(engine);
    try {
      const orderId = new URL(response.location, server.url).searchParams.get("order")!;
      const report = await checkDurability(handle.db, fixture, new Map([[orderId, [line]]]));
      expect(report).toMatchObject({
        storedOrders: 1,
        acknowledgedMissing: [],
        halfStored: [],
        stockMismatches: [],
      });
    } finally {
      await handle.close();
    }
  });
});

// PostgreSQL going away: tests/faults/database-down.test.ts (npm run test:faults).
