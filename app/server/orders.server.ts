// Placing an order: one transaction that reads the shop's own prices, takes the stock and
// stores the order with all its items, or stores nothing at all.
import { randomBytes } from "node:crypto";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import { orderItems, orders, orderStatusHistory, products, stockAdjustments } from "~/db/schema";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import type { CheckoutInput } from "~/lib/checkout";
import { addDays, shopDate } from "~/lib/dates";
import { feeText, minimumOrderMessage, quoteDeliveryFee, type FeeQuote } from "~/lib/delivery";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { DELIVERY_SLOTS, orderItemsTotal } from "~/lib/orders";
import { activePaymentMethods, ORDER_PAYMENT_METHOD_LABELS } from "~/lib/payment-settings";
import { formatKg, isAllowedWeight } from "~/lib/weight";
import { now as clockNow } from "./clock.server";
import { deliveryRulesOf, rememberDeliveryArea, reserveDeliverySlot, resolveDeliveryArea } from "./delivery.server";
import { queueOrderMail } from "./order-mails.server";
import { readShopSettings } from "./settings.server";

export type OrderItemRecord = {
  id: string;
  productId: string | null;
  productName: string;
  productUnit: string;
  productImageUrl: string | null;
  /** Whole units, or grams when `soldByWeight`. */
  quantity: number;
  soldByWeight: boolean;
  /** Unit price charged (after discount); per kg when `soldByWeight`. */
  price: number;
  /** The shopper's 'Catatan' for the line, and 'Boleh diganti produk serupa' (true) or 'Jangan diganti'. */
  note: string;
  allowSubstitute: boolean;
  originalPrice: number;
  discount: number;
};

export type OrderRecord = {
  id: string;
  userId: string;
  status: string;
  totalAmount: number;
  deliveryFee: number | null;
  /** 'area' (the area's rule at checkout), 'staff' (set on the order page), null (CS decides). */
  deliveryFeeSource: string | null;
  deliveryAreaId: string | null;
  deliveryAreaName: string | null;
  /** The area's fee at checkout, before a free-delivery threshold. */
  areaFee: number | null;
  deliverySlot: string;
  deliveryTime: string;
  deliveryDate: string;
  notes: string;
  recipientName: string;
  recipientPhone: string;
  recipientAddress: string;
  /** 'qris' | 'transfer' | 'cod', or null when settled in the chat (orders from before the choice). */
  paymentMethod: string | null;
  createdAt: Date;
  items: OrderItemRecord[];
};

type CheckoutLine = CheckoutInput["lines"][number];
/** A checked checkout; a line's note and substitution choice may be left out (none, 'Jangan diganti'). */
export type PlaceOrderInput = Omit<CheckoutInput, "lines"> & {
  lines: (Pick<CheckoutLine, "productId" | "quantity"> & Partial<Pick<CheckoutLine, "note" | "allowSubstitute">>)[];
};

export type OrderProblem = { productId: string; message: string };

export type PlaceOrderResult =
  | { ok: true; order: OrderRecord; /** True when this key had already placed the order. */ duplicate: boolean }
  | {
      ok: false;
      message: string;
      problems: OrderProblem[];
      /** Which part of the checkout the message is about, when it is not a product. */
      field?: DeliveryProblemField;
    };

/** The checkout part a delivery refusal names: the date/slot, the area (and its fee), the minimum. */
export type DeliveryProblemField = "delivery" | "area" | "minimum" | "payment";

// The sum has to fit the integer column; no real basket comes near it.
const MAX_ORDER_TOTAL = 2_000_000_000;

class OrderRefused extends Error {
  constructor(readonly problems: OrderProblem[]) {
    super(problems.map((p) => p.message).join(" "));
  }
}

/** The date, the area or the minimum stands in the way: nothing is stored. */
class DeliveryRefused extends Error {
  constructor(
    message: string,
    readonly field: DeliveryProblemField,
  ) {
    super(message);
  }
}

/** Why the fee the page showed is not the fee that applies now, or null when they agree. */
function feeChange(quote: FeeQuote, shown: number | "cs" | undefined): string | null {
  if (shown === undefined) return null;
  const now = quote.kind === "area" ? quote.fee : "cs";
  if (now === shown) return null;
  const before = shown === "cs" ? "ditentukan oleh CS" : formatRupiah(shown);
  const where = quote.kind === "area" ? `ke ${quote.areaName} ` : "";
  return `Ongkir ${where}berubah: sekarang ${feeText(quote)}, sebelumnya ${before}. Periksa ringkasan lalu pesan lagi.`;
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The one projection of an order row: every page that shows an order selects these (plus its own extras). */
export const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  status: orders.status,
  totalAmount: orders.totalAmount,
  deliveryFee: orders.deliveryFee,
  deliveryFeeSource: orders.deliveryFeeSource,
  deliveryAreaId: orders.deliveryAreaId,
  deliveryAreaName: orders.deliveryAreaName,
  areaFee: orders.areaFee,
  deliverySlot: orders.deliverySlot,
  deliveryTime: orders.deliveryTime,
  deliveryDate: orders.deliveryDate,
  notes: orders.notes,
  recipientName: orders.recipientName,
  recipientPhone: orders.recipientPhone,
  recipientAddress: orders.recipientAddress,
  paymentMethod: orders.paymentMethod,
  createdAt: orders.createdAt,
};

const itemColumns = {
  id: orderItems.id,
  productId: orderItems.productId,
  productName: orderItems.productName,
  productUnit: orderItems.productUnit,
  productImageUrl: orderItems.productImageUrl,
  quantity: orderItems.quantity,
  soldByWeight: orderItems.soldByWeight,
  price: orderItems.price,
  note: orderItems.note,
  allowSubstitute: orderItems.allowSubstitute,
  originalPrice: orderItems.originalPrice,
  discount: orderItems.discount,
};

/** The items of an order, in the one order every screen and message lists them. */
export async function loadOrderItems(db: Queryable, orderId: string): Promise<OrderItemRecord[]> {
  return db
    .select(itemColumns)
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
}

async function findOrderByKey(db: Queryable, userId: string, idempotencyKey: string): Promise<OrderRecord | null> {
  const [order] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  if (!order) return null;
  return { ...order, items: await loadOrderItems(db, order.id) };
}

/** Why a line could not be taken, in words the customer understands. */
async function describeShortLine(tx: Queryable, productId: string): Promise<string> {
  const [product] = await tx
    .select({
      name: products.name,
      stock: products.stock,
      isActive: products.isActive,
      soldByWeight: products.soldByWeight,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) return "Salah satu produk di keranjang sudah tidak tersedia. Hapus produk tersebut dari keranjang.";
  if (!product.isActive) return `Produk ${product.name} sudah tidak tersedia. Hapus dari keranjang untuk melanjutkan.`;
  const left = product.soldByWeight ? formatKg(product.stock) : String(product.stock);
  return `Stok ${product.name} tidak cukup: tersisa ${left}.`;
}

/** Why an amount cannot be sold, or null when it can: whole units to the cap, weights on the product's step. */
function amountProblem(
  row: { name: string; soldByWeight: boolean; weightStep: number; weightMin: number },
  quantity: number,
): string | null {
  if (row.soldByWeight) {
    if (isAllowedWeight(quantity, row)) return null;
    return `Berat ${row.name} harus kelipatan ${formatKg(row.weightStep)}, minimal ${formatKg(Math.max(row.weightMin, row.weightStep))}.`;
  }
  return quantity <= MAX_LINE_QUANTITY ? null : `Jumlah ${row.name} maksimal ${MAX_LINE_QUANTITY}.`;
}

/**
 * Places the order of `user` for the checked checkout input. Prices, discounts, names and
 * stock come from the database at this moment; stock is taken with a conditional update
 * so concurrent checkouts can never sell more than there is. A second call with the same
 * idempotency key returns the first order instead of storing another.
 */
export async function placeOrder(
  db: Database,
  user: { id: string },
  input: PlaceOrderInput,
  { now = clockNow() }: { now?: Date } = {},
): Promise<PlaceOrderResult> {
  // Sorted by id so two baskets with the same products lock their rows in the same order.
  const lines = [...input.lines]
    .map((l) => ({
      productId: l.productId.toLowerCase(),
      quantity: l.quantity,
      note: l.note ?? "",
      allowSubstitute: l.allowSubstitute === true,
    }))
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  const slot = DELIVERY_SLOTS[input.slot];
  const deliveryDate = input.deliveryDate ?? addDays(shopDate(now), 1);

  try {
    return await db.transaction(async (tx) => {
      // Requests retried with the same key queue here, so the second one finds the first order.
      await tx.execute(sql`select pg_advisory_xact_lock(7205, hashtext(${`${user.id}:${input.idempotencyKey}`}))`);
      const existing = await findOrderByKey(tx, user.id, input.idempotencyKey);
      if (existing) return { ok: true as const, order: existing, duplicate: true };

      // The settings of this moment, never a cached copy: they decide what is stored.
      const { values: settings } = await readShopSettings(tx);
      const reservation = await reserveDeliverySlot(tx, deliveryRulesOf(settings), now, deliveryDate, input.slot);
      if (!reservation.ok) throw new DeliveryRefused(reservation.message, "delivery");
      const chosenArea = resolveDeliveryArea(settings.deliveryAreas, input.area);
      if (!chosenArea.ok) throw new DeliveryRefused(chosenArea.message, "area");
      const paymentMethod = input.paymentMethod ?? null;
      if (paymentMethod && !activePaymentMethods(settings.paymentMethods).includes(paymentMethod))
        throw new DeliveryRefused(
          `${ORDER_PAYMENT_METHOD_LABELS[paymentMethod]} sedang tidak tersedia. Pilih metode pembayaran lain.`,
          "payment",
        );

      const problems: OrderProblem[] = [];
      const taken: {
        productId: string;
        quantity: number;
        name: string;
        unit: string;
        imageUrl: string | null;
        price: number;
        discount: number;
        stockAfter: number;
        soldByWeight: boolean;
        note: string;
        allowSubstitute: boolean;
      }[] = [];
      for (const line of lines) {
        const [row] = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: sql`now()` })
          .where(and(eq(products.id, line.productId), eq(products.isActive, true), gte(products.stock, line.quantity)))
          .returning({
            name: products.name,
            unit: products.unit,
            imageUrl: products.imageUrl,
            price: products.price,
            discount: products.discount,
            stockAfter: products.stock,
            soldByWeight: products.soldByWeight,
            weightStep: products.weightStep,
            weightMin: products.weightMin,
          });
        // An amount off the product's step is refused; the transaction gives the stock back.
        const wrongAmount = row ? amountProblem(row, line.quantity) : null;
        if (wrongAmount) problems.push({ productId: line.productId, message: wrongAmount });
        else if (row) taken.push({ ...line, ...row });
        else problems.push({ productId: line.productId, message: await describeShortLine(tx, line.productId) });
      }
      if (problems.length > 0) throw new OrderRefused(problems);

      const items = taken.map((t) => ({ ...t, charged: discountedPrice(t.price, t.discount) }));
      const totalAmount = orderItemsTotal(
        items.map((i) => ({ price: i.charged, quantity: i.quantity, soldByWeight: i.soldByWeight })),
      );
      if (totalAmount > MAX_ORDER_TOTAL) {
        throw new OrderRefused([
          { productId: items[0].productId, message: "Total pesanan terlalu besar. Kurangi jumlah produk." },
        ]);
      }

      const missing = minimumOrderMessage(totalAmount, settings.minimumOrder);
      if (missing) throw new DeliveryRefused(`${missing}.`, "minimum");
      const quote = quoteDeliveryFee(chosenArea.area, totalAmount);
      const changedFee = feeChange(quote, input.shownFee);
      if (changedFee) throw new DeliveryRefused(changedFee, "area");

      const [order] = await tx
        .insert(orders)
        .values({
          userId: user.id,
          status: "pending",
          totalAmount,
          deliverySlot: input.slot,
          deliveryTime: slot.time,
          deliveryDate,
          ...(quote.kind === "area"
            ? {
                deliveryFee: quote.fee,
                deliveryFeeSource: "area",
                deliveryAreaId: quote.areaId,
                deliveryAreaName: quote.areaName,
                areaFee: quote.areaFee,
              }
            : {}),
          notes: input.notes,
          recipientName: input.name,
          recipientPhone: input.phone,
          recipientAddress: input.address,
          paymentMethod,
          idempotencyKey: input.idempotencyKey,
        })
        .returning(orderColumns);

      await tx.insert(orderItems).values(
        items.map((i) => ({
          orderId: order.id,
          productId: i.productId,
          productName: i.name,
          productUnit: i.unit,
          productImageUrl: i.imageUrl,
          quantity: i.quantity,
          soldByWeight: i.soldByWeight,
          note: i.note,
          allowSubstitute: i.allowSubstitute,
          price: i.charged,
          originalPrice: i.price,
          discount: i.discount,
        })),
      );
      await tx
        .insert(orderStatusHistory)
        .values({ orderId: order.id, fromStatus: null, toStatus: "pending", changedBy: user.id });
      await tx.insert(stockAdjustments).values(
        items.map((i) => ({
          productId: i.productId,
          delta: -i.quantity,
          stockAfter: i.stockAfter,
          reason: "order",
          orderId: order.id,
          changedBy: user.id,
        })),
      );
      await rememberDeliveryArea(tx, user.id, input.area);
      await queueOrderMail(tx, order.id, "order-received");
      return { ok: true as const, order: { ...order, items: await loadOrderItems(tx, order.id) }, duplicate: false };
    });
  } catch (error) {
    if (error instanceof OrderRefused) return { ok: false, message: error.message, problems: error.problems };
    if (error instanceof DeliveryRefused)
      return { ok: false, message: error.message, problems: [], field: error.field };
    // Another request with this key won the race (the advisory lock makes this rare): its order stands.
    if (isUniqueViolation(error)) {
      const existing = await findOrderByKey(db, user.id, input.idempotencyKey);
      if (existing) return { ok: true, order: existing, duplicate: true };
    }
    throw error;
  }
}

/** A fresh idempotency key for one visit to the checkout page. */
export function newIdempotencyKey(): string {
  return randomBytes(18).toString("base64url");
}
