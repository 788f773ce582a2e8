// The per-day sales figures the reports and the dashboard counters read are kept by the
// database beside the orders. Whatever staff, customers or a hand-run SQL statement do to
// orders (place, cancel, take a cancellation back, edit lines and fees, delete an order or a
// product, move an order to another day), the figures must stay equal to a recount of the
// orders themselves. Random sequences of those changes check it, on PGlite and (with
// TEST_DATABASE_URL) on PostgreSQL.
import { and, eq, ne, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products } from "~/db/schema";
import { ORDER_STATUSES } from "~/lib/vocab/order-statuses";
import { countOrdersByStatus } from "~/server/orders/staff-list.server";
import { setDeliveryFee } from "~/server/orders/fee.server";
import { setOrderStatus } from "~/server/orders/status.server";
import { cancelOrderByCustomer } from "~/server/orders/customer.server";
import { editOrder } from "~/server/orders/edits.server";
import { markOrderPaid, rejectPaymentProof } from "~/server/orders/payments.server";
import { REPORT_TOP_PRODUCTS, type ReportRange } from "~/lib/reports";
import { forgetHeldDays } from "~/server/reports/best-sellers.server";
import { readTopProducts } from "~/server/reports/sales.server";
import { createOrder, createProduct, createUser, type TestUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let db: TestDatabase;
let admin: TestUser;
let customer: TestUser;
let productIds: string[] = [];

type Row = Record<string, unknown>;
function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])).map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "bigint" ? Number(v) : v])),
  );
}

async function recount() {
  const kept = rowsOf(
    await db.db.execute(sql`
      select day::text as day, slot, status, payment_status as payment, order_count::int as n, items_total::bigint::text as items,
             fee_total::bigint::text as fee, paid_total::bigint::text as paid
      from order_day_stats where order_count <> 0 or items_total <> 0 or fee_total <> 0 or paid_total <> 0 order by 1, 2, 3, 4`),
  );
  const counted = rowsOf(
    await db.db.execute(sql`
      select (created_at at time zone 'Asia/Jakarta')::date::text as day, delivery_slot as slot, status, payment_status as payment,
             count(*)::int as n, sum(total_amount)::bigint::text as items, sum(coalesce(delivery_fee, 0))::bigint::text as fee,
             sum(coalesce(paid_amount, 0))::bigint::text as paid
      from orders group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
  const keptProducts = rowsOf(
    await db.db.execute(sql`
      select day::text as day, product_key as key, sold_by_weight as weighed, quantity::bigint::text as quantity,
             revenue::bigint::text as revenue, line_count::int as lines
      from order_product_day_stats where quantity <> 0 or revenue <> 0 or line_count <> 0 order by 1, 2, 3`),
  );
  const countedProducts = rowsOf(
    await db.db.execute(sql`
      select (o.created_at at time zone 'Asia/Jakarta')::date::text as day, coalesce(i.product_id::text, 'nama:' || i.product_name) as key,
             i.sold_by_weight as weighed, sum(i.quantity)::bigint::text as quantity,
             sum(case when i.sold_by_weight then (i.price::bigint * i.quantity + 500) / 1000 else i.price::bigint * i.quantity end)::bigint::text as revenue,
             count(*)::int as lines
      from order_items i join orders o on o.id = i.order_id
      where o.status <> 'cancelled' group by 1, 2, 3 order by 1, 2, 3`),
  );
  return { kept, counted, keptProducts, countedProducts };
}

async function expectFiguresEqualRecount() {
  const r = await recount();
  expect(r.kept).toEqual(r.counted);
  expect(r.keptProducts).toEqual(r.countedProducts);
  await expectRankingsEqualDirect();
}

// The orders of these tests are placed from 2026-11-17 to 2026-11-21 (and moved a day): a
// range with all of them, and one with part of them.
const RANKED_RANGES = [
  { from: "2026-11-01", to: "2026-11-30" },
  { from: "2026-11-19", to: "2026-11-20" },
];

type Ranked = { key: string; soldByWeight: boolean; quantity: number; revenue: number; lines: number };

/**
 * The best sellers counted directly from the orders (lines of orders not cancelled, placed on
 * the range's shop days): higher first, equal figures by product key, then units before weighed.
 */
async function rankedFromOrders(range: ReportRange, limit: number) {
  const all: Ranked[] = rowsOf(
    await db.db.execute(sql`
      select coalesce(i.product_id::text, 'nama:' || i.product_name) as key, i.sold_by_weight as weighed,
             sum(i.quantity)::float8 as quantity,
             sum(case when i.sold_by_weight then (i.price::bigint * i.quantity + 500) / 1000 else i.price::bigint * i.quantity end)::float8 as revenue,
             count(*)::int as lines
      from order_items i join orders o on o.id = i.order_id
      where o.status <> 'cancelled' and (o.created_at at time zone 'Asia/Jakarta')::date between ${range.from} and ${range.to}
      group by 1, 2`),
  ).map((r) => ({
    key: String(r.key),
    soldByWeight: r.weighed === true,
    quantity: Number(r.quantity),
    revenue: Number(r.revenue),
    lines: Number(r.lines),
  }));
  const by = (figure: "quantity" | "revenue") => (a: Ranked, b: Ranked) =>
    b[figure] - a[figure] ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
    Number(a.soldByWeight) - Number(b.soldByWeight);
  return {
    revenue: [...all].sort(by("revenue")).slice(0, limit),
    units: all
      .filter((p) => !p.soldByWeight)
      .sort(by("quantity"))
      .slice(0, limit),
    weight: all
      .filter((p) => p.soldByWeight)
      .sort(by("quantity"))
      .slice(0, limit),
  };
}

const figuresOnly = (lists: Record<"revenue" | "units" | "weight", Ranked[]>) => ({
  revenue: lists.revenue.map(({ key, soldByWeight, quantity, revenue, lines }) => ({
    key,
    soldByWeight,
    quantity,
    revenue,
    lines,
  })),
  units: lists.units.map(({ key, soldByWeight, quantity, revenue, lines }) => ({
    key,
    soldByWeight,
    quantity,
    revenue,
    lines,
  })),
  weight: lists.weight.map(({ key, soldByWeight, quantity, revenue, lines }) => ({
    key,
    soldByWeight,
    quantity,
    revenue,
    lines,
  })),
});

/**
 * The best sellers as the report reads them (from the days this process held since the
 * previous check, each read again when its counter moved) equal a ranking counted directly
 * from the orders, and a read by a process that holds nothing gives the same lists, names
 * included. A top two checks the cut-off, a top ten every product sold.
 */
async function expectRankingsEqualDirect() {
  for (const range of RANKED_RANGES) {
    for (const limit of [2, REPORT_TOP_PRODUCTS]) {
      const read = await readTopProducts(db.db, range, limit);
      expect(figuresOnly(read), `${range.from}..${range.to} top ${limit}`).toEqual(
        await rankedFromOrders(range, limit),
      );
      forgetHeldDays(db.db);
      expect(await readTopProducts(db.db, range, limit), `${range.from}..${range.to} top ${limit}`).toEqual(read);
    }
  }
  // Held again for the next check, which then sees only what changed in between.
  for (const range of RANKED_RANGES) await readTopProducts(db.db, range);
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createUser(db.db, { role: "admin" });
  customer = await createUser(db.db);
  const units = await Promise.all([
    createProduct(db.db, { price: 4000, stock: 100_000 }),
    createProduct(db.db, { price: 12_500, stock: 100_000 }),
    createProduct(db.db, { price: 7000, discount: 10, stock: 100_000 }),
  ]);
  const weighed = await createProduct(db.db, {
    price: 38_500,
    unit: "per kg",
    soldByWeight: true,
    weightStep: 250,
    weightMin: 250,
    stock: 10_000_000,
  });
  productIds = [...units, weighed].map((p) => p.id);
});

afterAll(async () => {
  await db?.destroy();
});

const orderIds: string[] = [];
const pickOrder = (i: number) => (orderIds.length ? orderIds[i % orderIds.length] : undefined);

async function versionOf(id: string) {
  const [o] = await db.db.select({ version: orders.version }).from(orders).where(eq(orders.id, id));
  return o?.version ?? 1;
}

async function firstLineOf(id: string, weighed?: boolean) {
  const lines = await db.db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id);
  return weighed === undefined ? lines[0] : lines.find((l) => l.soldByWeight === weighed);
}

type Op =
  | {
      kind: "place";
      items: { p: number; q: number }[];
      dayOffset: number;
      hour: number;
      status: number;
      fee: number | null;
    }
  | { kind: "status"; order: number; status: number }
  | { kind: "customerCancel"; order: number }
  | { kind: "fee"; order: number; fee: number }
  | { kind: "weight"; order: number; grams: number }
  | { kind: "unavailable"; order: number }
  | { kind: "substitute"; order: number; p: number }
  | { kind: "add"; order: number; p: number }
  | { kind: "moveDay"; order: number; days: number }
  | { kind: "deleteOrder"; order: number }
  | { kind: "proofSent"; order: number }
  | { kind: "rejectProof"; order: number }
  | { kind: "markPaid"; order: number; amount: number }
  | { kind: "deleteProduct" };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("place" as const),
      items: fc.array(fc.record({ p: fc.nat(3), q: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 3 }),
      dayOffset: fc.integer({ min: -3, max: 0 }),
      // Hours around midnight in Jakarta (17:00 UTC) put orders on either side of a shop day.
      hour: fc.integer({ min: 15, max: 19 }),
      status: fc.nat(3),
      fee: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("status" as const), order: fc.nat(), status: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("customerCancel" as const), order: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("fee" as const), order: fc.nat(), fee: fc.nat(25_000) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("weight" as const),
      order: fc.nat(),
      grams: fc.integer({ min: 1, max: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unavailable" as const), order: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("substitute" as const), order: fc.nat(), p: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("add" as const), order: fc.nat(), p: fc.nat(3) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("moveDay" as const),
      order: fc.nat(),
      days: fc.integer({ min: -2, max: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteOrder" as const), order: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("proofSent" as const), order: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("rejectProof" as const), order: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("markPaid" as const), order: fc.nat(), amount: fc.nat(100_000) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "deleteProduct" as const }) },
);

/** Applies one change; true when the shop accepted it (a refused edit changes nothing). */
async function apply(op: Op): Promise<boolean> {
  const target = "order" in op ? pickOrder(op.order) : undefined;
  switch (op.kind) {
    case "place": {
      const createdAt = new Date(Date.UTC(2026, 10, 20 + op.dayOffset, op.hour, 30));
      const live = await db.db.select({ id: products.id }).from(products);
      const liveIds = new Set(live.map((p) => p.id));
      const items = op.items
        .filter((i) => liveIds.has(productIds[i.p]))
        .map((i) => ({ productId: productIds[i.p], quantity: i.p === 3 ? i.q * 250 : i.q }));
      if (items.length === 0) return false;
      const order = await createOrder(db.db, {
        userId: customer.id,
        items,
        createdAt,
        status: ORDER_STATUSES[op.status],
        deliveryFee: op.fee,
      });
      orderIds.push(order.id);
      return true;
    }
    case "status":
      return Boolean(
        target && (await setOrderStatus(db.db, admin, { orderId: target, status: ORDER_STATUSES[op.status] })).ok,
      );
    case "customerCancel":
      return Boolean(target && (await cancelOrderByCustomer(db.db, customer.id, target, { reason: "" })).ok);
    case "fee":
      return Boolean(
        target &&
        (await setDeliveryFee(db.db, admin, { orderId: target, deliveryFee: op.fee, version: await versionOf(target) }))
          .ok,
      );
    case "weight": {
      const line = target ? await firstLineOf(target, true) : undefined;
      if (!target || !line) return false;
      const grams = op.grams * 250;
      const amount = `${Math.floor(grams / 1000)},${String(grams % 1000).padStart(3, "0")}`;
      const version = await versionOf(target);
      return (await editOrder(db.db, admin, target, { intent: "weight", version, itemId: line.id, amount })).ok;
    }
    case "unavailable": {
      const line = target ? await firstLineOf(target) : undefined;
      if (!target || !line) return false;
      const version = await versionOf(target);
      return (await editOrder(db.db, admin, target, { intent: "unavailable", version, itemId: line.id })).ok;
    }
    case "substitute": {
      const line = target ? await firstLineOf(target, false) : undefined;
      if (!target || !line) return false;
      const version = await versionOf(target);
      const edit = {
        intent: "substitute" as const,
        version,
        itemId: line.id,
        productId: productIds[op.p],
        amount: "1",
        agreed: true,
      };
      return (await editOrder(db.db, admin, target, edit)).ok;
    }
    case "add": {
      if (!target) return false;
      const amount = op.p === 3 ? "0,5" : "2";
      const version = await versionOf(target);
      return (await editOrder(db.db, admin, target, { intent: "add", version, productId: productIds[op.p], amount }))
        .ok;
    }
    case "moveDay":
      if (!target) return false;
      await db.db
        .update(orders)
        .set({ createdAt: sql`${orders.createdAt} + make_interval(days => ${op.days})` })
        .where(eq(orders.id, target));
      return true;
    case "deleteOrder":
      if (!target) return false;
      await db.db.delete(orders).where(eq(orders.id, target));
      orderIds.splice(orderIds.indexOf(target), 1);
      return true;
    case "proofSent": {
      // What 'Unggah Bukti Bayar' does to the order row (the file itself is not the point here).
      if (!target) return false;
      const sent = await db.db
        .update(orders)
        .set({ paymentStatus: "pending", paymentProofAt: new Date() })
        .where(and(eq(orders.id, target), ne(orders.paymentStatus, "paid")))
        .returning({ id: orders.id });
      return sent.length > 0;
    }
    case "rejectProof":
      return Boolean(target && (await rejectPaymentProof(db.db, admin, target, { reason: "Foto buram" })).ok);
    case "markPaid":
      return Boolean(target && (await markOrderPaid(db.db, admin, target, { paidAmount: op.amount })).ok);
    case "deleteProduct": {
      // The lines keep their name; the figures move from the product to its name.
      const deleted = await db.db.delete(products).where(eq(products.id, productIds[0])).returning({ id: products.id });
      return deleted.length > 0;
    }
  }
}

describe("per-day sales figures", () => {
  it("start equal to a recount, and the status counters read them", async () => {
    await expectFiguresEqualRecount();
    expect(await countOrdersByStatus(db.db, admin)).toEqual({
      total: 0,
      pending: 0,
      processing: 0,
      completed: 0,
      cancelled: 0,
    });
  });

  it("follow each way an order changes, one at a time", async () => {
    const steps: Op[] = [
      {
        kind: "place",
        items: [
          { p: 1, q: 2 },
          { p: 3, q: 3 },
        ],
        dayOffset: 0,
        hour: 16,
        status: 0,
        fee: null,
      },
      {
        kind: "place",
        items: [
          { p: 0, q: 1 },
          { p: 2, q: 4 },
        ],
        dayOffset: -1,
        hour: 18,
        status: 0,
        fee: 5000,
      },
      { kind: "place", items: [{ p: 0, q: 3 }], dayOffset: -2, hour: 17, status: 2, fee: 8000 },
      { kind: "fee", order: 0, fee: 12_000 },
      { kind: "weight", order: 0, grams: 5 },
      { kind: "add", order: 0, p: 0 },
      { kind: "add", order: 1, p: 3 },
      { kind: "unavailable", order: 1 },
      { kind: "substitute", order: 1, p: 1 },
      { kind: "status", order: 0, status: 3 },
      { kind: "status", order: 0, status: 1 },
      { kind: "proofSent", order: 0 },
      { kind: "rejectProof", order: 0 },
      { kind: "markPaid", order: 0, amount: 55_000 },
      { kind: "customerCancel", order: 1 },
      { kind: "moveDay", order: 2, days: 1 },
      { kind: "deleteProduct" },
      { kind: "deleteOrder", order: 2 },
    ];
    for (const step of steps) {
      expect(await apply(step), JSON.stringify(step)).toBe(true);
      await expectFiguresEqualRecount();
    }
    const r = await recount();
    // Cancelled, then taken back: the lines count again; a deleted product's lines go by name.
    expect(r.keptProducts.some((p) => String(p.key).startsWith("nama:"))).toBe(true);
    expect(r.kept.some((k) => k.status === "cancelled")).toBe(true);
    expect(r.kept.some((k) => k.payment === "paid" && k.paid === "55000")).toBe(true);
  });

  it("stay equal to a recount through random sequences of placing, cancelling, editing and deleting", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 14 }), async (ops) => {
        for (const op of ops) await apply(op);
        await expectFiguresEqualRecount();
      }),
      { numRuns: 12 },
    );
    const [{ n }] = rowsOf(await db.db.execute(sql`select count(*)::int as n from orders`));
    const counts = await countOrdersByStatus(db.db, admin);
    expect(counts.total).toBe(n);
    const byStatus = rowsOf(await db.db.execute(sql`select status, count(*)::int as n from orders group by status`));
    for (const s of ORDER_STATUSES) expect(counts[s]).toBe(byStatus.find((r) => r.status === s)?.n ?? 0);
  });

  it("show an order placed on a day the report already read at the next read", async () => {
    const range = RANKED_RANGES[0];
    const first = await readTopProducts(db.db, range);
    expect(await readTopProducts(db.db, range)).toEqual(first);
    // A new product sold a lot on one of the range's days: it tops the ranking at once.
    const fresh = await createProduct(db.db, { price: 90_000, stock: 1000 });
    await createOrder(db.db, {
      userId: customer.id,
      items: [{ productId: fresh.id, quantity: 9 }],
      createdAt: new Date(Date.UTC(2026, 10, 20, 9, 30)),
      status: "pending",
      deliveryFee: null,
    });
    const after = await readTopProducts(db.db, range);
    expect(after).not.toEqual(first);
    expect(after.revenue[0]).toMatchObject({ key: fresh.id, quantity: 9, revenue: 810_000, lines: 1 });
    await expectFiguresEqualRecount();
  });

  it("are rebuilt from the orders after a TRUNCATE", async () => {
    await db.db.execute(sql`delete from order_day_stats`);
    await db.db.execute(sql`truncate order_status_history`);
    await db.db.execute(sql`select rebuild_order_stats()`);
    await expectFiguresEqualRecount();
    await db.db.execute(sql`truncate orders cascade`);
    await expectFiguresEqualRecount();
    expect((await countOrdersByStatus(db.db, admin)).total).toBe(0);
  });
});
