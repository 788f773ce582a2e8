// The staff's live order stream on the embedded database (or PostgreSQL with
// TEST_DATABASE_URL): a new order reaches an open stream, a reconnect with the last event
// number gets exactly what it missed, and a stop ends every stream.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { createOrder, createProduct, createUser } from "../../tests/support/factories";
import { sseReader } from "../../tests/support/sse";
import { closeOrderEventStreams, openOrderEventStream, parseEventCursor, type LiveOrder } from "./order-events.server";

let testDb: TestDatabase;
let customerId: string;
let productId: string;
const staff = { id: "staff-test", role: "admin" as const };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  customerId = (await createUser(testDb.db, { name: "Bu Sari Langganan" })).id;
  productId = (await createProduct(testDb.db, { stock: 1000, price: 7_000 })).id;
});

afterAll(async () => {
  await closeOrderEventStreams();
  await testDb?.destroy();
});

async function placeOrder(recipientName: string) {
  const order = await createOrder(testDb.db, {
    userId: customerId,
    recipientName,
    items: [{ productId, quantity: 2 }],
  });
  return order.id as string;
}

async function open(cursor: number | null) {
  const controller = new AbortController();
  const response = await openOrderEventStream(staff, cursor, controller.signal, testDb);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  return { reader: sseReader(response.body!), abort: () => controller.abort() };
}

describe("live order events", () => {
  it("sends a new order to an open stream with what the dashboard row shows", async () => {
    const { reader, abort } = await open(null);
    const ready = await reader.collect("ready", () => true);
    expect(ready[0].id).toMatch(/^\d+$/);

    const orderId = await placeOrder("Pak Darto Baru");
    const [event] = await reader.collect("order", () => true, 3_000);
    const order = JSON.parse(event.data) as LiveOrder;
    expect(order).toMatchObject({ id: orderId, recipientName: "Pak Darto Baru", totalAmount: 14_000, itemCount: 1 });
    expect(Number(event.id)).toBeGreaterThan(Number(ready[0].id));
    abort();
  });

  it("after a reconnect sends exactly the orders placed meanwhile, in order, none twice", async () => {
    const first = await open(null);
    await first.reader.collect("ready", () => true);
    const seenId = await placeOrder("Sebelum Putus");
    const [before] = await first.reader.collect("order", (e) => e.data.includes(seenId));
    first.abort();

    const missed = [await placeOrder("Selama Putus 1"), await placeOrder("Selama Putus 2")];
    const second = await open(parseEventCursor(before.id));
    const after = await placeOrder("Sesudah Sambung");
    const events = await second.reader.collect("order", (e) => e.data.includes(after));
    expect(events.map((e) => (JSON.parse(e.data) as LiveOrder).id)).toEqual([...missed, after]);
    second.abort();
  });

  it("two streams both hear one order; a graceful stop ends every open stream", async () => {
    const a = await open(null);
    const b = await open(null);
    await Promise.all([a.reader.collect("ready", () => true), b.reader.collect("ready", () => true)]);
    const orderId = await placeOrder("Untuk Dua Layar");
    for (const { reader } of [a, b]) await reader.collect("order", (e) => e.data.includes(orderId), 3_000);

    await closeOrderEventStreams();
    expect(await a.reader.next(2_000)).toBeNull();
    expect(await b.reader.next(2_000)).toBeNull();
  });

  it("refuses anyone who is not staff, and ignores a malformed cursor", async () => {
    await expect(
      openOrderEventStream({ id: "x", role: "customer" } as never, null, new AbortController().signal, testDb),
    ).rejects.toMatchObject({ status: 403 });
    expect(parseEventCursor("12abc")).toBeNull();
    expect(parseEventCursor("-1")).toBeNull();
    expect(parseEventCursor(" 42 ")).toBe(42);
  });
});
