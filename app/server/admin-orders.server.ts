// Orders as the shop's staff see them: the searchable list, one order in full, status
// changes with their stock effects and history, the delivery fee, the picking list and the
// CSV export. Every search, filter, count and page is done by the database.
import { loadShopIdentity } from "./shop/identity.server";
import { and, asc, between, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { uuidField } from "~/lib/form-schema";
import type { Queryable } from "~/db/client.server";
import { orderColumns } from "./orders.server";
import { moveStock } from "./stock-ledger.server";
import { assertAdmin, type AdminActor } from "./admin-actor.server";
import {
  categories,
  orderChanges,
  orderDayStats,
  orderItems,
  orders,
  orderStatusHistory,
  products,
  suppliers,
  users,
} from "~/db/schema";
import { normalizeQuery } from "~/lib/catalog-filters";
import { addDays, isValidDateString, SHOP_TIME_ZONE, shopDate, startOfShopDay } from "~/lib/dates";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { formatRupiah } from "~/lib/money";
import { wholeNumberField } from "~/lib/number-input";
import { canCustomerCancel, orderEditRefusal } from "~/lib/order-edits";
import { paymentMethodLabel } from "~/lib/vocab/payment-methods";
import { amountDue, signedRupiah } from "~/lib/payments";
import { PAYMENT_STATUSES, paymentStatusLabel } from "~/lib/vocab/payment-statuses";
import { orderGrandTotal, orderLineTotal, shortOrderId } from "~/lib/orders";
import { ORDER_STATUSES, orderStatusLabel, type OrderStatus } from "~/lib/vocab/order-statuses";
import { formatIndonesianPhone, normalizeIndonesianPhone, whatsappNumber } from "~/lib/phone";
import { mapsSearchHref, telHref, whatsappHref } from "~/lib/shop";
import { shopTomorrow } from "./clock.server";
import { farmerLists } from "~/lib/farmer-lists";
import { toCsv } from "./csv.server";
import { mailForStatus, queueOrderMail } from "./order-mails.server";
import {
  planCancelSettlement,
  writeCancelSettlement,
  type CancelSettlement,
} from "./payments/cancel-settlement.server";
import { likePattern } from "~/lib/vocab/like-patterns";

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

function filterCondition(filters: Omit<AdminOrderFilters, "page">): SQL | undefined {
  return and(
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
  grandTotal: number;
  deliveryDate: string;
  deliverySlot: string;
  deliveryTime: string;
  recipientName: string;
  recipientPhone: string;
  itemCount: number;
};

export async function listOrdersForAdmin(db: Queryable, actor: AdminActor, filters: AdminOrderFilters) {
  assertAdmin(actor);
  const where = filterCondition(filters);
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
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      totalAmount: orders.totalAmount,
      deliveryFee: orders.deliveryFee,
      deliveryDate: orders.deliveryDate,
      deliverySlot: orders.deliverySlot,
      deliveryTime: orders.deliveryTime,
      recipientName: orders.recipientName,
      recipientPhone: orders.recipientPhone,
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
  const list: AdminOrderRow[] = rows.map((r) => ({
    ...r,
    itemCount: itemCounts.get(r.id) ?? 0,
    shortId: shortOrderId(r.id),
    grandTotal: orderGrandTotal(r.totalAmount, r.deliveryFee),
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

// ---------------------------------------------------------------- one order

/** A tel: link that dials from any phone: stored 62... numbers get their + (tel:6281... would dial a local number). */
export function customerTelHref(phone: string): string {
  const normalized = normalizeIndonesianPhone(phone);
  return normalized ? `tel:+${normalized}` : telHref(phone);
}

/** The greeting staff send a customer about an order. */
export function customerGreeting(customerName: string, orderId: string, shopName: string): string {
  return `Halo ${customerName}, kami dari ${shopName} ingin mengonfirmasi pesanan Anda #${shortOrderId(orderId)}.`;
}

// The area's id means nothing to staff, and the invoice names no account.
const { deliveryAreaId: _areaId, userId: _userId, ...placedColumns } = orderColumns;

/** One order as staff see it and its invoice prints it: the order page, every invoice of a slot. */
export const adminOrderColumns = {
  ...placedColumns,
  paymentStatus: orders.paymentStatus,
  balanceApplied: orders.balanceApplied,
  paidAmount: orders.paidAmount,
};

/** One line of an order as staff see it, with its product's page while the product exists (join `products`). */
export const adminItemColumns = {
  id: orderItems.id,
  productId: orderItems.productId,
  productName: orderItems.productName,
  productUnit: orderItems.productUnit,
  productImageUrl: orderItems.productImageUrl,
  quantity: orderItems.quantity,
  soldByWeight: orderItems.soldByWeight,
  price: orderItems.price,
  originalPrice: orderItems.originalPrice,
  discount: orderItems.discount,
  note: orderItems.note,
  allowSubstitute: orderItems.allowSubstitute,
  productSlug: products.slug,
};

/** How many items an order holds, a weighed line counting as one whatever its grams (select from `orders`). */
export const orderItemCount = sql<number>`(select coalesce(sum(case when oi.sold_by_weight then 1 else oi.quantity end), 0)::int from order_items oi where oi.order_id = "orders"."id")`;

export async function getOrderForAdmin(db: Queryable, actor: AdminActor, id: string, shopName: string) {
  assertAdmin(actor);
  if (!isUuid(id)) return null;
  const [order] = await db
    .select({
      ...adminOrderColumns,
      userId: orders.userId,
      updatedAt: orders.updatedAt,
      accountName: users.name,
      accountEmail: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!order) return null;
  const [items, history] = await Promise.all([
    db
      .select(adminItemColumns)
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.productName)),
    db
      .select({
        id: orderStatusHistory.id,
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        note: orderStatusHistory.note,
        createdAt: orderStatusHistory.createdAt,
        changedByName: users.name,
        changedByRole: users.role,
      })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(desc(orderStatusHistory.createdAt), desc(orderStatusHistory.id)),
  ]);
  return {
    ...order,
    shortId: shortOrderId(order.id),
    grandTotal: orderGrandTotal(order.totalAmount, order.deliveryFee),
    items: items.map((i) => ({ ...i, lineTotal: orderLineTotal(i) })),
    history,
    links: {
      tel: customerTelHref(order.recipientPhone),
      whatsapp: whatsappHref(
        whatsappNumber(order.recipientPhone),
        customerGreeting(order.recipientName, order.id, shopName),
      ),
      maps: mapsSearchHref(order.recipientAddress),
    },
  };
}

export type AdminOrderDetail = NonNullable<Awaited<ReturnType<typeof getOrderForAdmin>>>;

// ---------------------------------------------------------------- status changes

export const statusChangeSchema = z.object({
  orderId: uuidField("Pesanan tidak ditemukan."),
  status: z.enum(ORDER_STATUSES, { message: "Pilih status yang tersedia." }),
});

/**
 * Any status to any status, in one transaction with its history row.
 * Cancelling returns the items' stock; un-cancelling takes it again and is refused,
 * with nothing changed, when a product no longer has enough.
 */
export async function setOrderStatus(
  db: Queryable,
  actor: AdminActor,
  input: { orderId: string; status: OrderStatus },
): Promise<FormResult> {
  assertAdmin(actor);
  return changeOrderStatus(db, { ...input, changedBy: actor.id });
}

/**
 * The one status change with its stock effects, history row and customer mail, for staff
 * (setOrderStatus) and for a customer cancelling their own order (customer-orders.server.ts).
 * `onlyFrom` refuses the change, with nothing changed, unless the order is in that status (or
 * one of those) at the moment its row is locked; `refusal` is the message then.
 */
export async function changeOrderStatus(
  db: Queryable,
  input: {
    orderId: string;
    status: OrderStatus;
    /** Who made the change; null for the shop itself (a scripted or test change). */
    changedBy: string | null;
    note?: string;
    /** The reason told to the customer in the status mail (defaults to the note). */
    mailReason?: string;
    onlyFrom?: OrderStatus | readonly OrderStatus[];
    refusal?: string;
    /**
     * Refuses the change with this message once money has moved on the order (its bill is final
     * or a payment was recorded or sent): a customer's own cancel. Staff may still cancel, and
     * the money then goes to 'Saldo'.
     */
    refusalOnceBilled?: string;
    /** Limits the change to this customer's own order. */
    ownerId?: string;
  },
): Promise<FormResult> {
  const actor = { id: input.changedBy };
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        userId: orders.userId,
        totalAmount: orders.totalAmount,
        billFinalAt: orders.billFinalAt,
        paymentStatus: orders.paymentStatus,
        paidAmount: orders.paidAmount,
      })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), input.ownerId ? eq(orders.userId, input.ownerId) : undefined))
      .for("update");
    if (!order) return formFailure(404, "Pesanan tidak ditemukan.");
    const allowedFrom: readonly string[] | null =
      input.onlyFrom === undefined ? null : typeof input.onlyFrom === "string" ? [input.onlyFrom] : input.onlyFrom;
    if (allowedFrom && !allowedFrom.includes(order.status) && order.status !== input.status) {
      return formFailure(409, input.refusal ?? "Status pesanan sudah berubah.");
    }
    const short = shortOrderId(order.id);
    const label = orderStatusLabel(input.status);
    if (order.status === input.status) return formSuccess(`Status pesanan #${short} sudah ${label}.`);

    const wasCancelled = order.status === "cancelled";
    const becomesCancelled = input.status === "cancelled";
    const billed = !canCustomerCancel({ ...order, billFinal: order.billFinalAt !== null });
    if (input.refusalOnceBilled && billed) return formFailure(409, input.refusalOnceBilled);
    let settlement: CancelSettlement | null = null;
    if (becomesCancelled && billed) {
      // A proof not yet checked may be money received: it is decided first, then the cancel moves it.
      if (order.paymentStatus === "pending")
        return formFailure(
          409,
          `Bukti bayar pesanan #${short} masih menunggu verifikasi. Pilih 'Tandai Lunas' atau 'Tolak Bukti' dulu, lalu batalkan.`,
        );
      const planned = await planCancelSettlement(tx, order);
      if (!planned.ok) return formFailure(409, planned.message);
      settlement = planned.plan;
    }
    if (wasCancelled && !becomesCancelled && order.paymentStatus === "paid") {
      // Its payment went to 'Saldo' when it was cancelled (and may be spent by now): taking the
      // order up again would count that money twice. A 'Saldo' the bill had taken stays in
      // 'Saldo'; the bill, taken up again, asks for its grand total.
      return formFailure(
        409,
        `Pesanan #${short} dibatalkan setelah dibayar, dan pembayarannya sudah dicatat di Saldo pelanggan. Pesanan ini tidak dapat diaktifkan kembali; buat pesanan baru bila pelanggan tetap ingin memesan.`,
      );
    }
    if (wasCancelled !== becomesCancelled) {
      const lines = await tx
        .select({
          productId: orderItems.productId,
          quantity: sql<number>`sum(${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.productId)))
        .groupBy(orderItems.productId);
      const wanted = new Map(lines.map((l) => [l.productId as string, l.quantity]));
      if (wanted.size > 0) {
        // Locked in id order, the same order every writer uses, so two changes never deadlock.
        const stocked = await tx
          .select({
            id: products.id,
            name: products.name,
            stock: products.stock,
          })
          .from(products)
          .where(inArray(products.id, [...wanted.keys()]))
          .orderBy(asc(products.id))
          .for("update");
        if (!becomesCancelled) {
          const short_ = stocked.filter((p) => p.stock < (wanted.get(p.id) ?? 0));
          if (short_.length > 0) {
            const list = short_.map((p) => `${p.name} (perlu ${wanted.get(p.id)}, sisa ${p.stock})`).join(", ");
            return formFailure(
              409,
              `Pesanan #${short} tidak dapat diaktifkan kembali karena stok tidak cukup: ${list}. Tambah stok produk tersebut dulu.`,
            );
          }
        }
        for (const p of stocked) {
          const quantity = wanted.get(p.id) ?? 0;
          await moveStock(tx, {
            productId: p.id,
            delta: becomesCancelled ? quantity : -quantity,
            reason: becomesCancelled ? "cancel" : "uncancel",
            orderId: order.id,
            changedBy: actor.id,
          });
        }
      }
    }

    if (settlement) await writeCancelSettlement(tx, order, settlement, actor.id);
    await tx
      .update(orders)
      // A cancelled bill takes no 'Saldo': what it took went back with the settlement above.
      .set({ status: input.status, updatedAt: new Date(), ...(settlement ? { balanceApplied: 0 } : {}) })
      .where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: input.status,
      changedBy: actor.id,
      note: input.note ?? "",
    });
    const mail = mailForStatus(input.status);
    if (mail) await queueOrderMail(tx, order.id, mail, { reason: (input.mailReason ?? input.note) || undefined });
    const moved = settlement ? settlement.returnedBalance + settlement.paymentToBalance : 0;
    return formSuccess(
      `Status pesanan #${short} diubah menjadi ${label}.${moved !== 0 ? ` ${signedRupiah(moved)} masuk Saldo pelanggan.` : ""}`,
    );
  });
}

// ---------------------------------------------------------------- delivery fee

export const MAX_DELIVERY_FEE = 10_000_000;

/** Accepts what staff type: 15000, 15.000, Rp 15.000 or 15000.00. */
export const deliveryFeeSchema = z.object({
  orderId: uuidField("Pesanan tidak ditemukan."),
  deliveryFee: wholeNumberField({
    kind: "rupiah",
    label: "Ongkos kirim",
    min: 0,
    max: MAX_DELIVERY_FEE,
    required: "Masukkan ongkos kirim.",
  }),
});

/**
 * Sets the fee agreed in the chat. It is an order edit like the packing edits: posted with the
 * version of the page it was typed on, only while the lines may change (open order, bill not
 * final), and a change goes up the version and into the 'Riwayat Perubahan'. Anything refused
 * stores nothing.
 */
export async function setDeliveryFee(
  db: Queryable,
  actor: AdminActor,
  input: { orderId: string; deliveryFee: number; version: number },
): Promise<FormResult> {
  assertAdmin(actor);
  if (!Number.isInteger(input.deliveryFee) || input.deliveryFee < 0 || input.deliveryFee > MAX_DELIVERY_FEE) {
    const message = `Ongkos kirim harus antara Rp 0 dan ${formatRupiah(MAX_DELIVERY_FEE)}.`;
    return formFailure(400, message, { fieldErrors: { deliveryFee: message } });
  }
  if (!isUuid(input.orderId)) return formFailure(404, "Pesanan tidak ditemukan.");
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        status: orders.status,
        version: orders.version,
        billFinalAt: orders.billFinalAt,
        deliveryFee: orders.deliveryFee,
        totalAmount: orders.totalAmount,
      })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (!before) return { refused: formFailure(404, "Pesanan tidak ditemukan.") };
    const refusal = orderEditRefusal(before, input.version);
    if (refusal) return { refused: formFailure(409, refusal) };
    const changed = before.deliveryFee !== input.deliveryFee;
    const [row] = await tx
      .update(orders)
      .set({
        deliveryFee: input.deliveryFee,
        // Staff's fee overrides the area's; the order keeps the area's fee to show which applies.
        deliveryFeeSource: "staff",
        updatedAt: new Date(),
        ...(changed ? { version: sql`${orders.version} + 1` } : {}),
      })
      .where(eq(orders.id, input.orderId))
      .returning({ id: orders.id, totalAmount: orders.totalAmount });
    if (changed) {
      await tx.insert(orderChanges).values({
        orderId: row.id,
        kind: "fee",
        description: `Ongkos kirim: ${before.deliveryFee === null ? "belum ditentukan" : formatRupiah(before.deliveryFee)} → ${formatRupiah(input.deliveryFee)}`,
        totalBefore: before.totalAmount,
        totalAfter: row.totalAmount,
        changedBy: actor.id,
      });
    }
    return { row };
  });
  if (!outcome.row) return outcome.refused;
  const updated = outcome.row;
  await queueOrderMail(db, updated.id, "fee-set");
  return formSuccess(
    `Ongkos kirim pesanan #${shortOrderId(updated.id)} disimpan: ${formatRupiah(input.deliveryFee)}. Total ${formatRupiah(orderGrandTotal(updated.totalAmount, input.deliveryFee))}.`,
  );
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

// ---------------------------------------------------------------- CSV export

export const MAX_EXPORT_DAYS = 366;

const bothValid = (v: { from: string; to: string }) => isValidDateString(v.from) && isValidDateString(v.to);

export const exportSchema = z
  .object({
    from: z.string({ message: "Pilih tanggal awal." }).refine(isValidDateString, "Tanggal awal tidak valid."),
    to: z.string({ message: "Pilih tanggal akhir." }).refine(isValidDateString, "Tanggal akhir tidak valid."),
    basis: z.enum(["created", "delivery"]).catch("created"),
  })
  // Zod runs these even when a date above failed; they only judge two valid dates.
  .refine((v) => !bothValid(v) || v.from <= v.to, {
    message: "Tanggal awal harus sebelum tanggal akhir.",
    path: ["to"],
  })
  .refine((v) => !bothValid(v) || v.to <= addDays(v.from, MAX_EXPORT_DAYS - 1), {
    message: `Rentang tanggal maksimal ${MAX_EXPORT_DAYS} hari.`,
    path: ["to"],
  });
export type ExportFilters = z.infer<typeof exportSchema>;

export const CSV_HEADER = [
  "No. Pesanan",
  "ID Pesanan",
  "Tanggal Pesan",
  "Tanggal Kirim",
  "Waktu Kirim",
  "Status",
  "Nama Penerima",
  "Telepon",
  "Alamat",
  "Email Akun",
  "Produk",
  "Jumlah Barang",
  "Subtotal",
  "Ongkir",
  "Total",
  "Catatan",
  "Metode Pembayaran",
  "Status Pembayaran",
  "Saldo Dipakai",
  "Jumlah Ditagih",
  "Jumlah Diterima",
];

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026-11-22 09:15" in Jakarta time: sorts correctly and every spreadsheet reads it. */
function spreadsheetDateTime(instant: Date): string {
  return `${shopDate(instant)} ${clock.format(instant)}`;
}

/** Orders of a date range (by order date or delivery date) as a spreadsheet-ready CSV. */
export async function exportOrdersCsv(
  db: Queryable,
  actor: AdminActor,
  filters: ExportFilters,
): Promise<{ csv: string; count: number }> {
  assertAdmin(actor);
  const range =
    filters.basis === "delivery"
      ? and(gte(orders.deliveryDate, filters.from), lt(orders.deliveryDate, addDays(filters.to, 1)))
      : and(
          gte(orders.createdAt, startOfShopDay(filters.from)),
          lt(orders.createdAt, startOfShopDay(addDays(filters.to, 1))),
        );
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      deliveryDate: orders.deliveryDate,
      deliveryTime: orders.deliveryTime,
      status: orders.status,
      recipientName: orders.recipientName,
      recipientPhone: orders.recipientPhone,
      recipientAddress: orders.recipientAddress,
      email: users.email,
      totalAmount: orders.totalAmount,
      deliveryFee: orders.deliveryFee,
      notes: orders.notes,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      balanceApplied: orders.balanceApplied,
      paidAmount: orders.paidAmount,
      // Weighed lines read '0,75 kg' (exact numeric, comma decimal), others 'x3 per ikat'.
      items: sql<string>`(select coalesce(string_agg(case when oi.sold_by_weight then oi.product_name || ' ' || replace(trim_scale(oi.quantity::numeric / 1000)::text, '.', ',') || ' kg' else oi.product_name || ' x' || oi.quantity || ' ' || oi.product_unit end, ', ' order by oi.product_name), '') from order_items oi where oi.order_id = "orders"."id")`,
      quantity: orderItemCount,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(range)
    .orderBy(asc(orders.createdAt), asc(orders.id));
  // "#" keeps spreadsheets from reading an all-digit number (or 1e5...) as a number;
  // phones are written 0812-... for the same reason and because staff read them so.
  const data = rows.map((r) => [
    `#${shortOrderId(r.id)}`,
    r.id,
    spreadsheetDateTime(r.createdAt),
    r.deliveryDate,
    r.deliveryTime,
    orderStatusLabel(r.status),
    r.recipientName,
    formatIndonesianPhone(r.recipientPhone),
    r.recipientAddress,
    r.email,
    r.items,
    r.quantity,
    r.totalAmount,
    r.deliveryFee,
    orderGrandTotal(r.totalAmount, r.deliveryFee),
    r.notes,
    paymentMethodLabel(r.paymentMethod),
    paymentStatusLabel(r.paymentStatus),
    r.balanceApplied,
    amountDue(r),
    r.paidAmount,
  ]);
  return { csv: toCsv(CSV_HEADER, data), count: rows.length };
}
