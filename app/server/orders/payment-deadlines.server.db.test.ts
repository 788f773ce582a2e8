// 'Batas Bayar' on the shop's clock: an unpaid order past its deadline is cancelled with its
// stock back, one paid a minute before is not, cash on delivery and a proof waiting for staff
// are never touched, the reminder goes out once, and two lookers at once act once.
import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { orderChanges, orders, orderStatusHistory } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { AUTO_CANCEL_NOTE } from "~/lib/payment-deadline";
import { stockOf } from "../../../tests/support/db-reads";
import { createOrder, createProduct, createUser, liftOrdersPerCustomerLimit } from "../../../tests/support/factories";
import { outboxMails } from "../../../tests/support/outbox";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../../../tests/support/test-db";
import { fixedClock, resetClock, setClock } from "../clock.server";
import { countSlotOrders } from "../delivery/slots.server";
import { editOrder } from "./edits.server";
import { markOrderPaid } from "./payments.server";
import { runPaymentDeadlines } from "./payment-deadlines.server";
import { extendPaymentDeadline, switchToCashOnDelivery } from "./payment-due.server";

let testDb: TestDatabase;
let staff: { id: string; role: "staff" };
let customerId: string;
const kind = usingPostgres ? "postgres" : "pglite";
// A delivery well after the real time of the test run, so the final bill (stamped now) is
// long before the slot: the slot decides the deadline, 'pagi' 05:00 minus two hours.
// Each test delivers on its own day, so no test meets another's orders.
let day = 4;
let deliveryDate = "";
let deadline = "";
beforeEach(() => {
  day += 1;
  deliveryDate = addDays(new Date().toISOString().slice(0, 10), day);
  deadline = `${deliveryDate}T03:00:00+07:00`;
});
const minutesFrom = (instant: string, minutes: number) => new Date(new Date(instant).getTime() + minutes * 60_000);

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  await liftOrdersPerCustomerLimit(testDb.db);
  const user = await createUser(testDb.db, { role: "staff", name: "Dewi Staf" });
  staff = { id: user.id, role: "staff" };
  customerId = (await createUser(testDb.db, { name: "Ani Lestari" })).id;
});
afterAll(async () => {
  await testDb?.destroy();
});
afterEach(() => resetClock());

/** An order of 3 units, billed final, to be paid by `method`. */
async function billedOrder(productId: string, method: "transfer" | "qris" | "cod") {
  const order = await createOrder(testDb.db, {
    userId: customerId,
    items: [{ productId, quantity: 3 }],
    deliveryDate,
    deliverySlot: "pagi",
    deliveryFee: 5000,
  });
  await testDb.db.update(orders).set({ paymentMethod: method }).where(eq(orders.id, order.id));
  const [{ version }] = await testDb.db.select({ version: orders.version }).from(orders).where(eq(orders.id, order.id));
  const done = await editOrder(testDb.db, staff, order.id, { intent: "finalize", version });
  if (!done.ok) throw new Error(done.message);
  return order.id;
}

const row = async (id: string) => (await testDb.db.select().from(orders).where(eq(orders.id, id)))[0];

async function lookAt(instant: Date, db: Database = testDb.db) {
  setClock(fixedClock(instant));
  return runPaymentDeadlines(db, kind);
}

describe("the payment deadline", () => {
  it("cancels an unpaid order at its deadline with its stock back, and not one paid a minute before", async () => {
    const product = await createProduct(testDb.db, { stock: 20 });
    const unpaid = await billedOrder(product.id, "transfer");
    const paid = await billedOrder(product.id, "qris");
    const cod = await billedOrder(product.id, "cod");
    expect(await stockOf(testDb.db, product.id)).toBe(11);
    const slotPlaces = async () =>
      (await countSlotOrders(testDb.db, deliveryDate, deliveryDate))[`${deliveryDate}|pagi`];
    expect(await slotPlaces()).toBe(3);

    // A minute before the deadline nothing is cancelled; the QRIS order is paid then.
    expect(await lookAt(minutesFrom(deadline, -1))).toMatchObject({ cancelled: [] });
    setClock(fixedClock(minutesFrom(deadline, -1)));
    const amount = (await row(paid)).totalAmount + 5000;
    expect((await markOrderPaid(testDb.db, staff, paid, { paidAmount: amount })).ok).toBe(true);

    const round = await lookAt(new Date(deadline));
    expect(round).toEqual({ reminded: [], cancelled: [unpaid] });
    expect((await row(unpaid)).status).toBe("cancelled");
    expect((await row(paid)).status).toBe("pending");
    expect((await row(cod)).status).toBe("pending");
    expect(await stockOf(testDb.db, product.id)).toBe(14);
    // Its place in the slot is free for another shopper.
    expect(await slotPlaces()).toBe(2);
    const [, history] = await testDb.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, unpaid))
      .orderBy(orderStatusHistory.createdAt);
    expect(history).toMatchObject({ toStatus: "cancelled", note: AUTO_CANCEL_NOTE, changedBy: null });
    const told = (await outboxMails(testDb.db, { kind: "cancelled" })).filter((m) => m.orderId === unpaid);
    expect(told).toHaveLength(1);
    expect(told[0].textBody).toContain(AUTO_CANCEL_NOTE);

    // Hours later (a server that was down catches up): still only that one.
    expect(await lookAt(minutesFrom(deadline, 600))).toEqual({ reminded: [], cancelled: [] });
  });

  it("leaves an order whose proof waits for staff, and one staff gave more time", async () => {
    const product = await createProduct(testDb.db, { stock: 20 });
    const waiting = await billedOrder(product.id, "transfer");
    await testDb.db.update(orders).set({ paymentStatus: "pending" }).where(eq(orders.id, waiting));
    const extended = await billedOrder(product.id, "transfer");
    await testDb.db
      .update(orders)
      .set({ paymentDueAt: minutesFrom(deadline, 240) })
      .where(eq(orders.id, extended));
    expect(await lookAt(minutesFrom(deadline, 10))).toMatchObject({ cancelled: [] });
    expect((await row(waiting)).status).toBe("pending");
    expect((await row(extended)).status).toBe("pending");
    expect(await lookAt(minutesFrom(deadline, 241))).toMatchObject({ cancelled: [extended] });
  });

  it("leaves an order staff switched to cash on delivery, and refuses a deadline in the past", async () => {
    const product = await createProduct(testDb.db, { stock: 20 });
    const order = await billedOrder(product.id, "transfer");
    setClock(fixedClock(minutesFrom(deadline, -90)));
    const early = await extendPaymentDeadline(testDb.db, staff, order, { dueAt: `${deliveryDate}T01:00` });
    expect(early).toMatchObject({ ok: false, fieldErrors: { dueAt: expect.stringContaining("5 menit") } });
    expect((await switchToCashOnDelivery(testDb.db, staff, order)).ok).toBe(true);
    expect(await lookAt(minutesFrom(deadline, 30))).toMatchObject({ cancelled: [] });
    expect(await row(order)).toMatchObject({ status: "pending", paymentMethod: "cod" });
    const [change] = await testDb.db
      .select()
      .from(orderChanges)
      .where(eq(orderChanges.orderId, order))
      .orderBy(desc(orderChanges.createdAt))
      .limit(1);
    expect(change.description).toBe("Metode bayar diubah ke Bayar di Tempat (COD)");
  });

  it("reminds the shopper once, an hour before", async () => {
    const product = await createProduct(testDb.db, { stock: 20 });
    const order = await billedOrder(product.id, "transfer");
    expect(await lookAt(minutesFrom(deadline, -61))).toEqual({ reminded: [], cancelled: [] });
    expect(await lookAt(minutesFrom(deadline, -60))).toEqual({ reminded: [order], cancelled: [] });
    expect(await lookAt(minutesFrom(deadline, -30))).toEqual({ reminded: [], cancelled: [] });
    const mails = await outboxMails(testDb.db, { dedupePrefix: `payment-reminder:${order}` });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("menunggu pembayaran");
    expect(mails[0].textBody).toContain("03.00 WIB");
  });

  it("is done once when two lookers look at the same moment", async () => {
    const product = await createProduct(testDb.db, { stock: 20 });
    const order = await billedOrder(product.id, "qris");
    // A second process: on PostgreSQL its own connection pool, meeting the first at the advisory lock.
    const second = usingPostgres ? await openDatabase({ kind: "postgres", url: testDb.url!, poolSize: 2 }) : null;
    try {
      setClock(fixedClock(new Date(deadline)));
      const rounds = await Promise.all([
        runPaymentDeadlines(testDb.db, kind),
        runPaymentDeadlines(second?.db ?? testDb.db, kind),
      ]);
      const cancelled = rounds.flatMap((r) => ("cancelled" in r ? r.cancelled : []));
      // The earlier tests' orders are past their deadlines too: each is still cancelled once.
      expect(cancelled.filter((id) => id === order)).toHaveLength(1);
      expect(new Set(cancelled).size).toBe(cancelled.length);
      const history = await testDb.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order));
      expect(history.filter((h) => h.toStatus === "cancelled")).toHaveLength(1);
      expect(await stockOf(testDb.db, product.id)).toBe(20);
    } finally {
      await second?.close();
    }
  });
});
