// SIGKILL in the middle of a stream of checkouts, on the embedded database and on PostgreSQL:
// after a restart on the same data the shop opens, every order the customer saw confirmed is
// stored with all its items, no order is half-stored, and stock adds up.
import { afterAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../support/postgres";
import { startTestServer, type TestServer } from "../support/server";
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

const ROUNDS = Number(process.env.KILL_ROUNDS ?? 3);
const WORKERS = 6;
/**
 * Each round kills at a random moment once at least MIN_ACKS confirmations reached the clients
 * (so the kill lands inside transactions, not between them), and at the latest at MAX_ACKS.
 */
const MIN_ACKS = 10;
const MAX_ACKS = 60;
const KILL_AFTER_MS = 10_000;

const pgUp = await postgresAvailable();
const engines: Engine[] = [];

afterAll(async () => {
  for (const engine of engines) if (engine.kind === "postgres") await engine.drop().catch(() => {});
  removeFaultDataDirs();
});

type RoundFigures = {
  acknowledged: number;
  failedInFlight: number;
  unexpected: string[];
};

/** Streams checkouts from WORKERS concurrent customers and SIGKILLs the server mid-stream. */
async function streamAndKill(
  server: TestServer,
  fixture: Awaited<ReturnType<typeof prepareShop>>,
  acknowledged: Map<string, Line[]>,
  round: number,
) {
  const figures: RoundFigures = {
    acknowledged: 0,
    failedInFlight: 0,
    unexpected: [],
  };
  let killed = false;
  let next = round * 97;
  const started = Date.now();
  const kill = () => {
    if (killed) return;
    killed = true;
    server.process.kill("SIGKILL");
  };
  const timer = setTimeout(kill, KILL_AFTER_MS);
  const killAt = MIN_ACKS + Math.floor(Math.random() * (MAX_ACKS - MIN_ACKS));
  // A few milliseconds after the chosen confirmation, while the other workers' orders are mid-write.
  const killSoon = () => setTimeout(kill, Math.floor(Math.random() * 25));
  const worker = async () => {
    while (!killed) {
      const customer = fixture.customers[next++ % fixture.customers.length];
      const lines = randomLines(fixture.productIds);
      try {
        const { status, orderId } = await postCheckout(server.url, customer, lines);
        if (status === 303 && orderId) {
          acknowledged.set(orderId, lines);
          figures.acknowledged++;
          if (figures.acknowledged === killAt) killSoon();
          if (figures.acknowledged >= MAX_ACKS) kill();
        } else if (!killed) {
          figures.unexpected.push(`status ${status}`);
        }
      } catch (error) {
        // Only the kill may break a request: the client never got a confirmation.
        if (killed) figures.failedInFlight++;
        else figures.unexpected.push(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  clearTimeout(timer);
  await server.stop();
  return { ...figures, ms: Date.now() - started };
}

describe.each([
  { kind: "pglite" as const, skip: false },
  { kind: "postgres" as const, skip: !pgUp },
])("SIGKILL during checkouts ($kind)", ({ kind, skip }) => {
  it.skipIf(skip)("keeps every confirmed order whole after a restart, and stock adds up", async () => {
    const engine = await newEngine(kind, "kill");
    engines.push(engine);
    // Checkout allows 20 orders per customer per 10 minutes; enough customers that none is refused.
    const fixture = await prepareShop(engine, {
      customers: Math.ceil((ROUNDS * (MAX_ACKS + 2 * WORKERS)) / 15) + 2,
    });
    const acknowledged = new Map<string, Line[]>();
    const rounds: (RoundFigures & { ms: number })[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const server = await startTestServer(serverOptions(engine));
      const figures = await streamAndKill(server, fixture, acknowledged, round);
      rounds.push(figures);
      expect(figures.unexpected, server.logs().slice(-3000)).toEqual([]);
      expect(figures.acknowledged).toBeGreaterThan(0);
    }

    // The restarted shop opens the data left by the last kill and serves and sells again.
    const server = await startTestServer(serverOptions(engine));
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      const lines = randomLines(fixture.productIds);
      const after = await postCheckout(server.url, fixture.customers[0], lines);
      expect(after.status).toBe(303);
      acknowledged.set(after.orderId!, lines);
    } finally {
      expect(await server.stop("SIGTERM")).toBe(0);
    }

    const handle = await openEngine(engine);
    try {
      const report = await checkDurability(handle.db, fixture, acknowledged);
      console.log(
        `[kill-checkout ${kind}] ${ROUNDS} kills: ${rounds.map((r) => `${r.acknowledged} confirmed, ${r.failedInFlight} cut off in ${r.ms} ms`).join("; ")}; ` +
          `${acknowledged.size} confirmed in all, ${report.storedOrders} stored`,
      );
      expect(report.acknowledgedMissing).toEqual([]);
      expect(report.itemMismatches).toEqual([]);
      expect(report.halfStored).toEqual([]);
      expect(report.stockMismatches).toEqual([]);
      // Orders cut off before their confirmation may or may not be stored, but never more than were sent.
      expect(report.storedOrders).toBeGreaterThanOrEqual(acknowledged.size);
      expect(report.storedOrders).toBeLessThanOrEqual(
        acknowledged.size + rounds.reduce((n, r) => n + r.failedInFlight, 0),
      );
    } finally {
      await handle.close();
    }
  });
});
