// The staff's live order stream on the embedded database (or PostgreSQL with
// TEST_DATABASE_URL): a new order reaches an open stream, a reconnect with the last event
// number gets exactly what it missed, and a stop ends every stream. A stream lives only as
// long as its account is on the team with a live session, each account has a few at most,
// and catching up reaches back over a recent window only. A payment proof arriving (from the
// customer, or attached by staff) reaches the stream as its own event.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { createOrder, createProduct, createUser, signIn } from "../../../tests/support/factories";
import { sseReader } from "../../../tests/support/sse";
import { orderEvents, orders } from "~/db/schema";
import { LocalDiskStorage, setStorageForTests } from "../uploads/storage.server";
import { attachPaymentProofByStaff, uploadPaymentProof } from "./payments.server";
import { addToOrderByCustomer } from "./additions.server";
import { endAllSessionsOfUser } from "../accounts/customer-list.server";
import type * as MailModule from "../notifications/mail-transport.server";
import {
  closeOrderEventStreams,
  MAX_STREAMS_PER_ACCOUNT,
  openOrderEventStream,
  parseEventCursor,
  type LiveOrder,
} from "./events.server";
import { removeStaff } from "../accounts/team.server";

vi.mock("../notifications/mail-transport.server", async (importOriginal) => ({
  ...(await importOriginal<typeof MailModule>()),
  sendMail: vi.fn(async () => {}),
}));

let testDb: TestDatabase;
let customerId: string;
let productId: string;
let staff: { id: string; role: "admin" };

/** A signed-in team member, as the stream's route sees one. */
async function teamMember(role: "admin" | "staff") {
  const user = await createUser(testDb.db, { role });
  await signIn(testDb.db, user);
  return { id: user.id, role };
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  customerId = (await createUser(testDb.db, { name: "Bu Sari Langganan" })).id;
  productId = (await createProduct(testDb.db, { stock: 1000, price: 7_000 })).id;
  staff = (await teamMember("admin")) as { id: string; role: "admin" };
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

async function open(cursor: number | null, actor: { id: string; role: "admin" | "staff" } = staff) {
  const controller = new AbortController();
  const response = await openOrderEventStream(actor, cursor, controller.signal, testDb);
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

  it("removing a staff member closes their open stream at once; no order reaches it afterwards", async () => {
    const member = await teamMember("staff");
    const colleague = await open(null);
    const theirs = await open(null, member);
    await Promise.all([colleague.reader.collect("ready", () => true), theirs.reader.collect("ready", () => true)]);
    const before = await placeOrder("Sebelum Dihapus");
    await theirs.reader.collect("order", (e) => e.data.includes(before), 3_000);

    const removed = await removeStaff(testDb.db, staff, { userId: member.id });
    expect(removed.ok).toBe(true);
    // Closed by the announcement, well before the 15 s poll would notice.
    expect(await theirs.reader.next(3_000)).toBeNull();
    const after = await placeOrder("Sesudah Dihapus");
    await colleague.reader.collect("order", (e) => e.data.includes(after), 3_000);
    colleague.abort();
  });

  it("the owner ending a staff member's sessions closes their stream too", async () => {
    const member = await teamMember("staff");
    const theirs = await open(null, member);
    await theirs.reader.collect("ready", () => true);
    expect(await endAllSessionsOfUser(testDb.db, staff, { userId: member.id })).toMatchObject({ ok: true });
    expect(await theirs.reader.next(3_000)).toBeNull();
  });

  it("an account gets a few streams at most; one more is refused with a message", async () => {
    const member = await teamMember("staff");
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) streams.push(await open(null, member));
    const extra = await openOrderEventStream(member, null, new AbortController().signal, testDb);
    expect(extra.status).toBe(429);
    expect(await extra.text()).toContain("Terlalu banyak tampilan pesanan langsung");
    // Another account is not affected by this one's tabs.
    const other = await open(null);
    for (const s of [...streams, other]) s.abort();
    // A closed tab frees its place.
    await expect(open(null, member)).resolves.toBeTruthy();
  });

  it("catching up from 0 sends only the recent window, not every order ever placed", async () => {
    const old = await placeOrder("Pesanan Lama Sekali");
    await testDb.db
      .update(orderEvents)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(orderEvents.orderId, old));
    const recent = await placeOrder("Pesanan Baru Saja");
    const stream = await open(0);
    const ids: string[] = [];
    for (let e = await stream.reader.next(); e && e.event !== "ready"; e = await stream.reader.next())
      if (e.event === "order") ids.push((JSON.parse(e.data) as LiveOrder).id);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(old);
    stream.abort();
  });

  it("a payment proof reaches open streams as 'proof': 'Bukti bayar masuk', with the order to open", async () => {
    const uploads = mkdtempSync(path.join(tmpdir(), "bukti-live-"));
    setStorageForTests(new LocalDiskStorage(uploads));
    try {
      const orderId = await placeOrder("Bu Ratih Bayar");
      // A final transfer bill, the state in which a proof is taken.
      await testDb.db
        .update(orders)
        .set({ billFinalAt: new Date(), paymentMethod: "transfer", deliveryFee: 0 })
        .where(eq(orders.id, orderId));
      const image = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#2f855a" } })
        .png()
        .toBuffer();
      const proof = () => new File([new Uint8Array(image)], "bukti.png", { type: "image/png" });
      const a = await open(null);
      const b = await open(null);
      await Promise.all([a.reader.collect("ready", () => true), b.reader.collect("ready", () => true)]);

      expect(await uploadPaymentProof(testDb.db, customerId, orderId, { proof: proof() })).toMatchObject({ ok: true });
      for (const { reader } of [a, b]) {
        const [event] = await reader.collect("proof", (e) => e.data.includes(orderId), 3_000);
        expect(JSON.parse(event.data)).toMatchObject({
          kind: "proof",
          note: "Bukti bayar masuk",
          id: orderId,
          recipientName: "Bu Ratih Bayar",
        });
      }
      // Not a new order: the box's order rows do not grow.
      expect(
        (await testDb.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((e) => e.kind),
      ).toEqual(["created", "proof"]);

      expect(await attachPaymentProofByStaff(testDb.db, staff, orderId, { proof: proof() })).toMatchObject({
        ok: true,
      });
      const [byStaff] = await a.reader.collect("proof", (e) => e.data.includes("dilampirkan staf"), 3_000);
      expect(JSON.parse(byStaff.data)).toMatchObject({
        id: orderId,
        note: "Bukti bayar dari WhatsApp dilampirkan staf",
      });
      a.abort();
      b.abort();
    } finally {
      setStorageForTests(undefined);
      rmSync(uploads, { recursive: true, force: true });
    }
  });

  it("a shopper's addition reaches two open streams as 'addition': 'ditambah: 2 produk', with the order to open", async () => {
    const order = await createOrder(testDb.db, {
      userId: customerId,
      recipientName: "Bu Tini Tambah",
      items: [{ productId, quantity: 1 }],
      deliveryDate: "2026-12-01",
      deliverySlot: "pagi",
      deliveryFee: 5000,
    });
    const extra = await createProduct(testDb.db, { stock: 50, price: 3_000 });
    const a = await open(null);
    const b = await open(null);
    await Promise.all([a.reader.collect("ready", () => true), b.reader.collect("ready", () => true)]);
    const added = await addToOrderByCustomer(
      testDb.db,
      customerId,
      order.id,
      [
        { productId, quantity: 1 },
        { productId: extra.id, quantity: 2 },
      ],
      // Monday evening, before Tuesday morning's 21:00 cut-off.
      new Date("2026-11-30T13:00:00Z"),
    );
    expect(added).toMatchObject({ ok: true });
    for (const { reader } of [a, b]) {
      const [event] = await reader.collect("addition", (e) => e.data.includes(order.id), 3_000);
      expect(JSON.parse(event.data)).toMatchObject({
        kind: "addition",
        note: "ditambah: 2 produk",
        id: order.id,
        recipientName: "Bu Tini Tambah",
      });
    }
    a.abort();
    b.abort();
  });
});
