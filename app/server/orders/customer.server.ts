// A customer's own orders: every query here takes the customer's id and filters by it, so
// no route can show one customer's order to another.
import { addToOrderByCustomer, additionLinesSchema } from "./additions.server";
import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import { normalizeQuery } from "~/lib/catalog-filters";
import {
  CHECK_FIELDS_MESSAGE,
  fieldErrorsFromZod,
  formFailure,
  formSuccess,
  isUuid,
  type FormResult,
} from "~/lib/form";
import { addDays, shopDate, startOfShopDay } from "~/lib/dates";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "~/lib/form-text";
import { shortOrderId } from "~/lib/orders";
import { ORDER_STATUSES } from "~/lib/vocab/order-statuses";
import { planReorder, type ReorderPlan } from "~/lib/reorder";
import { now as clockNow } from "../clock.server";
import { itemColumns, orderListColumns } from "./columns.server";
import { getCartProducts } from "../catalog/public.server";
import { imageFileSchema, uploadPaymentProof } from "./payments.server";
import { changeOrderStatus } from "./status.server";
import { CUSTOMER_CANCEL_NOTE } from "./view.server";
import { likePattern, likePrefix } from "~/lib/vocab/like-patterns";

export const CUSTOMER_ORDERS_PAGE_SIZE = 10;
export const ORDER_THUMBNAILS = 4;

export const ORDER_TIME_FILTERS = ["week", "month", "3months"] as const;
export type OrderTimeFilter = (typeof ORDER_TIME_FILTERS)[number];

/** The list's query string; anything odd falls back to "no filter" instead of an error. */
export const customerOrdersQuerySchema = z.object({
  // The one search normaliser: a NUL byte or other control character never reaches SQL.
  q: z.string().transform(normalizeQuery).catch(""),
  status: z.enum(["all", ...ORDER_STATUSES]).catch("all"),
  time: z.enum(["all", ...ORDER_TIME_FILTERS]).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type CustomerOrdersQuery = z.output<typeof customerOrdersQuerySchema>;

export function parseCustomerOrdersQuery(params: URLSearchParams): CustomerOrdersQuery {
  return customerOrdersQuerySchema.parse({
    q: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    time: params.get("time") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

export type OrderThumbnail = { name: string; imageUrl: string | null };

/** An order as a line of the customer's lists (the profile's latest orders). */
export type RecentOrder = {
  id: string;
  status: string;
  totalAmount: number;
  deliveryFee: number | null;
  createdAt: Date;
  deliveryDate: string;
  deliveryTime: string;
  /** The bill is final; before it the total is 'perkiraan'. */
  billFinal: boolean;
  itemCount: number;
};

/** An order as a card of /orders: a list line with the first products' pictures. */
export type CustomerOrderCard = RecentOrder & { thumbnails: OrderThumbnail[] };

/** Both lists show the newest first. */
const newestFirst = [sql`${orders.createdAt} desc nulls last`, desc(orders.id)];

export type CustomerOrderPage = {
  orders: CustomerOrderCard[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Whether the customer has any order at all (tells the two empty states apart). */
  hasAnyOrder: boolean;
};

function subtractMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The first instant a time filter lets through, counted in whole shop days (Asia/Jakarta). */
export function timeFilterStart(time: OrderTimeFilter, now: Date = clockNow()): Date {
  const today = shopDate(now);
  if (time === "week") return startOfShopDay(addDays(today, -7));
  return startOfShopDay(subtractMonths(today, time === "month" ? 1 : 3));
}

function searchCondition(q: string): SQL | undefined {
  const term = q.replace(/^#/, "").trim();
  if (term === "") return undefined;
  const contains = likePattern(term);
  const conditions: SQL[] = [
    sql`${orders.notes} ilike ${contains}`,
    sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.productName} ilike ${contains})`,
  ];
  // Order numbers are the id's first characters: match them as a prefix.
  if (/^[0-9a-f-]{1,36}$/i.test(term)) conditions.push(sql`${orders.id}::text like ${likePrefix(term.toLowerCase())}`);
  return or(...conditions);
}

export async function listOrdersForCustomer(
  db: Queryable,
  userId: string,
  query: Partial<CustomerOrdersQuery> = {},
  { now = clockNow(), pageSize = CUSTOMER_ORDERS_PAGE_SIZE }: { now?: Date; pageSize?: number } = {},
): Promise<CustomerOrderPage> {
  const { q, status, time, page } = customerOrdersQuerySchema.parse(query);
  const filters: (SQL | undefined)[] = [
    eq(orders.userId, userId),
    status === "all" ? undefined : eq(orders.status, status),
    time === "all" ? undefined : gte(orders.createdAt, timeFilterStart(time, now)),
    searchCondition(q),
  ];
  const where = and(...filters);
  const filtered = filters.slice(1).some(Boolean);

  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const currentPage = Math.min(page, pageCount);

  const rows =
    total === 0
      ? []
      : await db
          .select(orderListColumns)
          .from(orders)
          .where(where)
          .orderBy(...newestFirst)
          .limit(pageSize)
          .offset((currentPage - 1) * pageSize);

  const thumbnails = await loadThumbnails(
    db,
    rows.map((r) => r.id),
  );
  let hasAnyOrder = total > 0;
  if (!hasAnyOrder && filtered) {
    hasAnyOrder =
      (await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1)).length > 0;
  }

  return {
    orders: rows.map((r) => ({
      ...r,
      itemCount: thumbnails.get(r.id)?.count ?? 0,
      thumbnails: thumbnails.get(r.id)?.items ?? [],
    })),
    total,
    page: currentPage,
    pageCount,
    pageSize,
    hasAnyOrder,
  };
}

/** The first four item pictures of each order and how many lines it has, in one query. */
async function loadThumbnails(
  db: Queryable,
  orderIds: string[],
): Promise<Map<string, { count: number; items: OrderThumbnail[] }>> {
  const result = new Map<string, { count: number; items: OrderThumbnail[] }>();
  if (orderIds.length === 0) return result;
  const ranked = db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.productName,
      imageUrl: orderItems.productImageUrl,
      position:
        sql<number>`row_number() over (partition by ${orderItems.orderId} order by ${orderItems.productName}, ${orderItems.id})`.as(
          "position",
        ),
      lineCount: sql<number>`count(*) over (partition by ${orderItems.orderId})`.as("line_count"),
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .as("ranked");
  const rows = await db
    .select({
      orderId: ranked.orderId,
      name: ranked.name,
      imageUrl: ranked.imageUrl,
      position: ranked.position,
      lineCount: ranked.lineCount,
    })
    .from(ranked)
    .where(lte(ranked.position, ORDER_THUMBNAILS))
    .orderBy(ranked.orderId, ranked.position);
  for (const row of rows) {
    const entry = result.get(row.orderId) ?? { count: Number(row.lineCount), items: [] };
    entry.items.push({ name: row.name, imageUrl: row.imageUrl });
    result.set(row.orderId, entry);
  }
  return result;
}

/** The latest orders of a customer, newest first (the profile's Pesanan tab). */
export async function listRecentOrdersForCustomer(db: Queryable, userId: string, limit = 5): Promise<RecentOrder[]> {
  const safeLimit = Math.min(50, Math.max(1, Math.floor(limit) || 1));
  return db
    .select({
      ...orderListColumns,
      // Spelled out: inside a select list Drizzle leaves column names unqualified.
      itemCount: sql<number>`(select count(*)::int from order_items oi where oi.order_id = "orders"."id")`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(...newestFirst)
    .limit(safeLimit);
}

// ---------------------------------------------------------------- cancelling before processing

export const CANCEL_REASON_MAX = 300;
export const customerCancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(CANCEL_REASON_MAX, `Alasan maksimal ${CANCEL_REASON_MAX} karakter.`)
    .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
});

/**
 * A customer cancels their own order while it is still 'Menunggu': the stock comes back and
 * the history records the customer as the one who cancelled, with their reason. Once staff
 * have moved it on, the change is refused and nothing changes.
 */
export async function cancelOrderByCustomer(
  db: Queryable,
  userId: string,
  orderId: string,
  input: { reason?: string },
): Promise<FormResult> {
  if (!isUuid(orderId)) return formFailure(404, "Pesanan tidak ditemukan.");
  // The route's schema checked the reason already; a direct caller gets the same rule.
  const parsed = customerCancelSchema.safeParse({ reason: input.reason ?? "" });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFromZod(parsed.error);
    return formFailure(400, fieldErrors.reason ?? CHECK_FIELDS_MESSAGE, { fieldErrors });
  }
  const short = shortOrderId(orderId);
  const result = await changeOrderStatus(db, {
    orderId,
    ownerId: userId,
    status: "cancelled",
    changedBy: userId,
    note: parsed.data.reason ? `${CUSTOMER_CANCEL_NOTE}: ${parsed.data.reason}` : CUSTOMER_CANCEL_NOTE,
    mailReason: parsed.data.reason,
    onlyFrom: "pending",
    refusal: `Pesanan #${short} sudah diproses sehingga tidak dapat dibatalkan lagi. Hubungi kami lewat WhatsApp bila ada perubahan.`,
    refusalOnceBilled: `Pesanan #${short} tidak dapat dibatalkan sendiri karena tagihan final sudah dikirim atau pembayaran sudah tercatat. Hubungi kami lewat WhatsApp untuk membatalkannya; uang yang sudah dibayar atau Saldo yang terpakai akan dikembalikan ke Saldo Anda.`,
  });
  if (!result.ok) return formFailure(result.status, result.message);
  return formSuccess(`Pesanan #${short} telah dibatalkan.`);
}

// ---------------------------------------------------------------- ordering again

/**
 * 'Pesan Lagi': the lines of one of this customer's orders as cart lines at today's prices
 * and stock, with the lines that could not be added (or only in part). Null when the order
 * is not this customer's.
 */
export async function planReorderForCustomer(
  db: Queryable,
  userId: string,
  orderId: string,
): Promise<ReorderPlan | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) return null;
  // What was ordered (before weighing), with each line's note and substitution choice.
  const items = await db
    .select({ ...itemColumns, orderedQuantity: orderItems.orderedQuantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  const current = await getCartProducts(
    db,
    items.map((i) => i.productId).filter((id): id is string => id !== null),
  );
  return planReorder(items, current);
}

// ---------------------------------------------------------------- the order page's actions

/** What the customer can post from their order page, by intent. */
export const customerOrderActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("reorder") }),
    customerCancelSchema.extend({ intent: z.literal("cancel"), reason: customerCancelSchema.shape.reason.default("") }),
    z.object({ intent: z.literal("proof"), proof: imageFileSchema }),
    z.object({ intent: z.literal("add"), lines: additionLinesSchema }),
  ],
  { error: "Permintaan tidak dikenal." },
);
export type CustomerOrderAction = z.output<typeof customerOrderActionSchema>;

/** 'Pesan Lagi', 'Batalkan Pesanan', 'Unggah Bukti Bayar' or 'Tambah ke Pesanan' on the customer's own order. */
export async function actOnCustomerOrder(
  db: Queryable,
  userId: string,
  orderId: string,
  input: CustomerOrderAction,
): Promise<FormResult<{ intent: string; plan?: ReorderPlan }, string, { intent: string }>> {
  switch (input.intent) {
    case "reorder": {
      const plan = await planReorderForCustomer(db, userId, orderId);
      if (!plan) return { ...formFailure(404, "Pesanan tidak ditemukan."), intent: input.intent };
      return formSuccess("", { intent: input.intent, plan });
    }
    case "cancel": {
      const result = await cancelOrderByCustomer(db, userId, orderId, { reason: input.reason });
      return { ...result, intent: input.intent };
    }
    case "proof": {
      const result = await uploadPaymentProof(db, userId, orderId, { proof: input.proof });
      return { ...result, intent: input.intent };
    }
    case "add": {
      const result = await addToOrderByCustomer(db, userId, orderId, input.lines);
      return { ...result, intent: input.intent };
    }
  }
}
