// Orders as the shop's staff see them in bulk: the dashboard's searchable list and counters,
// and the picking list of a delivery. Every search, filter, count and page is done by the
// database. One order's page reads through `loadOrderView` (view.server.ts).
import { isChatMissing } from "~/lib/whatsapp";
import { chatMissingCondition } from "../whatsapp/chat-check.server";
import { loadConnection } from "../whatsapp/connection.server";
import { and, asc, between, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { categories, orderDayStats, orderItems, orders, products, suppliers } from "~/db/schema";
import { normalizeQuery } from "~/lib/catalog-filters";
import { isValidDateString } from "~/lib/dates";
import { farmerLists } from "~/lib/farmer-lists";
import { shortOrderId } from "~/lib/orders";
import { orderTotalSummary } from "~/lib/order-text";
import { likePattern } from "~/lib/vocab/like-patterns";
import { ORDER_STATUSES } from "~/lib/vocab/order-statuses";
import { PAYMENT_STATUSES } from "~/lib/vocab/payment-statuses";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { now, shopTomorrow } from "../clock.server";
import { loadShopIdentity } from "../shop/identity.server";
import { orderListColumns } from "./columns.server";

export const ADMIN_ORDERS_PAGE_SIZE = 20;
/**
 * Counting stops here: with a million orders an exact count would read the whole index on
 * every visit. Past it the list says "lebih dari 10.000" and offers the first 500 pages;
 * older orders are found by search or date.
 */
export const ADMIN_ORDERS_COUNT_CAP = 10_000;

// ---------------------------------------------------------------- list and counts

const dateParam = z.string().refine(isValidDateString).optional().catch(undefined);

/** The dashboard's filters from its query string; odd values are ignored, never an error. */
export const adminOrderFiltersSchema = z.object({
  q: z.string().transform(normalizeQuery).catch("").default(""),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  // 'Belum Bayar', 'Menunggu Verifikasi', 'Lunas', 'Ditolak': apart from the order status.
  payment: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  date: dateParam,
  slot: z.enum(["pagi", "sore"]).optional().catch(undefined),
  // 'Belum chat': waiting orders whose prefilled chat has not reached the shop.
  chat: z.enum(["belum"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});
export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>;

export function parseAdminOrderFilters(params: URLSearchParams): AdminOrderFilters {
  return adminOrderFiltersSchema.parse(Object.fromEntries([...params.entries()].filter(([, v]) => v !== "")));
}

function uuidFromHex(hex32: string): string {
  return `${hex32.slice(0, 8)}-${hex32.slice(8, 12)}-${hex32.slice(12, 16)}-${hex32.slice(16, 20)}-${hex32.slice(20)}`;
}

/**
 * Order number (a prefix of the id, as printed: "#1a2b3c4d"), customer name or phone.
 * The id prefix becomes a range on the primary key and name/phone use the trigram indexes,
 * so a search stays fast however many orders there are.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const conditions: SQL[] = [];
  const hex = text.replace(/^#/, "").replace(/-/g, "").toLowerCase();
  if (/^[0-9a-f]{1,32}$/.test(hex)) {
    conditions.push(between(orders.id, uuidFromHex(hex.padEnd(32, "0")), uuidFromHex(hex.padEnd(32, "f"))));
  }
  conditions.push(sql`${orders.recipientName} ilike ${likePattern(text)}`);
  if (/^\+?[\d\s().-]+$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    if (digits.length >= 3) {
      // People type 0812..., 62812... or +62 812...; the order may hold either form.
      const variants = new Set([digits]);
      if (digits.startsWith("0")) variants.add(`62${digits.slice(1)}`);
      if (digits.startsWith("62")) variants.add(`0${digits.slice(2)}`);
      for (const v of variants) conditions.push(sql`${orders.recipientPhone} ilike ${`%${v}%`}`);
    }
  }
  return or(...conditions);
}

function filterCondition(filters: Omit<AdminOrderFilters, "page">, chatMinutes: number): SQL | undefined {
  return and(
    filters.chat ? chatMissingCondition(chatMinutes) : undefined,
    searchCondition(filters.q),
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.payment ? eq(orders.paymentStatus, filters.payment) : undefined,
    filters.date ? eq(orders.deliveryDate, filters.date) : undefined,
    filters.slot ? eq(orders.deliverySlot, filters.slot) : undefined,
  );
}

export type AdminOrderRow = {
  id: string;
  shortId: string;
  createdAt: Date;
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  totalAmount: number;
  deliveryFee: number | null;
  billFinal: boolean;
  grandTotal: number;
  deliveryDate: string;
  deliverySlot: string;
  deliveryTime: string;
  recipientName: string;
  recipientPhone: string;
  itemCount: number;
  /** 'Belum chat' (see app/server/whatsapp/chat-check.server.ts). */
  chatMissing: boolean;
};

export async function listOrdersForAdmin(db: Queryable, actor: AdminActor, filters: AdminOrderFilters) {
  assertAdmin(actor);
  const { chatReminderMinutes } = await loadConnection(db);
  const where = filterCondition(filters, chatReminderMinutes);
  const matching = db
    .select({ one: sql<number>`1`.as("one") })
    .from(orders)
    .where(where)
    .limit(ADMIN_ORDERS_COUNT_CAP + 1)
    .as("matching");
  const [{ counted }] = await db.select({ counted: sql<number>`count(*)::int` }).from(matching);
  const totalCapped = counted > ADMIN_ORDERS_COUNT_CAP;
  const total = Math.min(counted, ADMIN_ORDERS_COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await db
    .select({
      ...orderListColumns,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      deliverySlot: orders.deliverySlot,
      recipientName: orders.recipientName,
      recipientPhone: orders.recipientPhone,
      chatConfirmedAt: orders.chatConfirmedAt,
    })
    .from(orders)
    .where(where)
    // "nulls last" as in the index (orders_created_idx); plain DESC means nulls first and
    // would make PostgreSQL sort every order instead of reading the index.
    .orderBy(sql`${orders.createdAt} desc nulls last`, desc(orders.id))
    .limit(ADMIN_ORDERS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE);
  // Counted for the 20 rows shown only; a column subquery would also run for every row an
  // OFFSET skips.
  const itemCounts = new Map<string, number>();
  if (rows.length > 0) {
    const counted = await db
      // A weighed line counts as one item, whatever its grams.
      .select({
        orderId: orderItems.orderId,
        n: sql<number>`sum(case when ${orderItems.soldByWeight} then 1 else ${orderItems.quantity} end)::int`,
      })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(orderItems.orderId);
    for (const c of counted) itemCounts.set(c.orderId, c.n);
  }
  const at = now();
  const list: AdminOrderRow[] = rows.map(({ chatConfirmedAt, ...r }) => ({
    ...r,
    chatMissing: isChatMissing({ ...r, chatConfirmedAt }, chatReminderMinutes, at),
    itemCount: itemCounts.get(r.id) ?? 0,
    shortId: shortOrderId(r.id),
    grandTotal: orderTotalSummary(r).amount,
  }));
  return {
    orders: list,
    total,
    totalCapped,
    page,
    pageCount,
    pageSize: ADMIN_ORDERS_PAGE_SIZE,
  };
}

export type AdminOrderCounts = {
  total: number;
  pending: number;
  processing: number;
  completed: number;
  cancelled: number;
};

/**
 * The 'Statistik' counters, over every order. Read from the per-day figures the database
 * keeps beside the orders (a few rows per day) instead of counting a million orders.
 */
export async function countOrdersByStatus(db: Queryable, actor: AdminActor): Promise<AdminOrderCounts> {
  assertAdmin(actor);
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${orderDayStats.orderCount}), 0)::int`,
      pending: sql<number>`coalesce(sum(${orderDayStats.orderCount}) filter (where ${orderDayStats.status} = 'pending'), 0)::int`,
      processing: sql<number>`coalesce(sum(${orderDayStats.orderCount}) filter (where ${orderDayStats.status} = 'processing'), 0)::int`,
      completed: sql<number>`coalesce(sum(${orderDayStats.orderCount}) filter (where ${orderDayStats.status} = 'completed'), 0)::int`,
      cancelled: sql<number>`coalesce(sum(${orderDayStats.orderCount}) filter (where ${orderDayStats.status} = 'cancelled'), 0)::int`,
    })
    .from(orderDayStats);
  return row;
}

// ---------------------------------------------------------------- picking list

export const pickingListSchema = z.object({
  date: z
    .string()
    .refine(isValidDateString)
    .catch(() => shopTomorrow()),
  slot: z.enum(["pagi", "sore", "semua"]).catch("semua"),
});
export type PickingListFilters = z.infer<typeof pickingListSchema>;

export function parsePickingListFilters(params: URLSearchParams): PickingListFilters {
  return pickingListSchema.parse({
    date: params.get("date") ?? undefined,
    slot: params.get("slot") ?? undefined,
  });
}

/** What to collect from farmers for one delivery: each product's total over the non-cancelled orders. */
export async function pickingList(db: Queryable, actor: AdminActor, filters: PickingListFilters) {
  assertAdmin(actor);
  const where = and(
    eq(orders.deliveryDate, filters.date),
    ne(orders.status, "cancelled"),
    filters.slot === "semua" ? undefined : eq(orders.deliverySlot, filters.slot),
  );
  const [lines, [summary]] = await Promise.all([
    db
      .select({
        productId: orderItems.productId,
        productName: orderItems.productName,
        productUnit: orderItems.productUnit,
        categoryName: categories.name,
        // The product's farmer now ('Daftar Belanja per Petani'); none for a deleted product.
        supplierId: suppliers.id,
        supplierName: suppliers.name,
        supplierPhone: suppliers.phone,
        supplierVillage: suppliers.village,
        // Grams for produce sold by weight, units otherwise: never summed together.
        soldByWeight: orderItems.soldByWeight,
        quantity: sql<number>`sum(${orderItems.quantity})::int`,
        orderCount: sql<number>`count(distinct ${orders.id})::int`,
        // What the shoppers asked for this product, each with its order number.
        notes: sql<
          string[]
        >`coalesce(array_agg(${orderItems.note} || ' (#' || left(${orders.id}::text, 8) || ')' order by ${orders.id}) filter (where ${orderItems.note} <> ''), '{}')`,
        substitutable: sql<number>`count(*) filter (where ${orderItems.allowSubstitute})::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(suppliers, eq(suppliers.id, products.supplierId))
      .where(where)
      .groupBy(
        orderItems.productId,
        orderItems.productName,
        orderItems.productUnit,
        orderItems.soldByWeight,
        categories.name,
        suppliers.id,
      )
      .orderBy(sql`${categories.name} asc nulls last`, asc(orderItems.productName)),
    db
      .select({ orderCount: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return {
    ...filters,
    lines,
    orderCount: summary.orderCount,
    farmers: farmerLists(lines, {
      shopName: (await loadShopIdentity(db)).name,
      date: filters.date,
      slot: filters.slot,
    }),
  };
}
