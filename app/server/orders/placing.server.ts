// Placing an order: one transaction that reads the shop's own prices, takes the stock and
// stores the order with all its items, or stores nothing at all.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, orderStatusHistory, products } from "~/db/schema";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { CHECKOUT_FAILED_TITLE, type CheckoutField, type CheckoutInput, type OrderProblem } from "~/lib/checkout";
import { addDays, shopDate } from "~/lib/dates";
import { feeText, minimumOrderMessage, quoteDeliveryFee, type FeeQuote } from "~/lib/delivery";
import { formFailure, formSuccess, type FieldErrors, type FormFailure, type FormResult } from "~/lib/form";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { orderItemsTotal } from "~/lib/orders";
import { promoAmounts } from "~/lib/promo";
import { DELIVERY_SLOTS } from "~/lib/vocab/delivery-slots";
import { activePaymentMethods, PAYMENT_METHOD } from "~/lib/vocab/payment-methods";
import { formatAmount, formatKg, isAllowedWeight } from "~/lib/weight";
import { now as clockNow } from "../clock.server";
import {
  deliveryRulesOf,
  rememberDeliveryArea,
  reserveDeliverySlot,
  resolveDeliveryArea,
} from "../delivery/slots.server";
import { syncTransferCode } from "../payments/transfer-code.server";
import { notify } from "../notifications/notify.server";
import { setWhatsappConsent } from "../whatsapp/messages.server";
import { readShopSettings } from "../settings.server";
import { moveStock } from "../catalog/stock-ledger.server";
import { loadOrderItems, orderColumns, type OrderRecord } from "./columns.server";
import { belowMinimumMessage, checkPromo, repriceGoods, type UsablePromo } from "../promos/redeem.server";

type CheckoutLine = CheckoutInput["lines"][number];
/** A checked checkout; a line's note and substitution choice may be left out (none, 'Jangan diganti'). */
export type PlaceOrderInput = Omit<CheckoutInput, "lines"> & {
  lines: (Pick<CheckoutLine, "productId" | "quantity"> & Partial<Pick<CheckoutLine, "note" | "allowSubstitute">>)[];
};

/** The checkout part a delivery refusal names: the date/slot, the area (and its fee), the minimum. */
export type DeliveryProblemField = "delivery" | "area" | "minimum" | "payment" | "promo";

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
  const left = formatAmount(product.stock, product);
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

/** What the ledger's linked order is stored with, besides its lines and their total. */
export type OrderFields = Omit<typeof orders.$inferInsert, "id" | "userId" | "status" | "totalAmount">;

/**
 * The writes of placing an order, once its delivery choices were checked: takes each line's
 * stock through the stock ledger (refused below zero or for a hidden product), prices the
 * lines at the database's discounted prices of this moment and stores the order, its items
 * and its first status. `fields` gives the rest of the order for the item total (it may
 * refuse, by throwing, a total below the minimum or a fee that changed). Refusals throw;
 * run it in a transaction, which they roll back.
 */
export async function storeOrder(
  tx: Queryable,
  {
    userId,
    lines,
    fields,
  }: {
    userId: string;
    lines: readonly { productId: string; quantity: number; note?: string; allowSubstitute?: boolean }[];
    fields: (totalAmount: number) => OrderFields;
  },
): Promise<OrderRecord> {
  type Stored = { order: Omit<OrderRecord, "items">; items: (typeof orderItems.$inferInsert)[] };
  // Set by the ledger's `linkOrder` once every line's stock was taken.
  let stored = null as Stored | null;
  const moved = await moveStock(
    tx,
    lines.map((l) => ({
      productId: l.productId,
      delta: -l.quantity,
      reason: "order",
      changedBy: userId,
      onSale: true,
    })),
    {
      // Every line's stock was taken: price the lines, then store the order the ledger rows name.
      linkOrder: async (taken) => {
        const problems = lines.flatMap((line, i) => {
          const wrong = amountProblem(taken[i].product, line.quantity);
          return wrong ? [{ productId: line.productId, message: wrong }] : [];
        });
        if (problems.length > 0) throw new OrderRefused(problems);
        const items = lines.map((line, i) => {
          const p = taken[i].product;
          return {
            productId: line.productId,
            productName: p.name,
            productUnit: p.unit,
            productImageUrl: p.imageUrl,
            quantity: line.quantity,
            soldByWeight: p.soldByWeight,
            note: line.note ?? "",
            allowSubstitute: line.allowSubstitute === true,
            price: discountedPrice(p.price, p.discount),
            originalPrice: p.price,
            discount: p.discount,
          };
        });
        const totalAmount = orderItemsTotal(items);
        if (totalAmount > MAX_ORDER_TOTAL) {
          throw new OrderRefused([
            { productId: items[0].productId, message: "Total pesanan terlalu besar. Kurangi jumlah produk." },
          ]);
        }
        const orderFields = fields(totalAmount);
        // A promo's goods discount comes off the stored total (its lines' shares are set below).
        const [order] = await tx
          .insert(orders)
          .values({
            ...orderFields,
            userId,
            status: "pending",
            totalAmount: totalAmount - (orderFields.promoDiscount ?? 0),
          })
          .returning(orderColumns);
        stored = { order, items: items.map((i) => ({ ...i, orderId: order.id })) };
        return order.id;
      },
    },
  );
  if (!stored) {
    // Short, hidden or unknown lines are named, with any amount off its step, in the basket's order.
    const problems: OrderProblem[] = [];
    for (const [i, line] of lines.entries()) {
      const result = moved[i];
      const message = result
        ? amountProblem(result.product, line.quantity)
        : await describeShortLine(tx, line.productId);
      if (message) problems.push({ productId: line.productId, message });
    }
    throw new OrderRefused(problems);
  }
  const { order, items } = stored;
  // What was ordered stays beside what is packed: weighing changes `quantity` only.
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderedQuantity: item.quantity })));
  if (order.promoDiscount) await repriceGoods(tx, order.id, order.totalAmount + order.promoDiscount);
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: "pending",
    changedBy: userId,
    createdAt: order.createdAt,
  });
  return { ...order, items: await loadOrderItems(tx, order.id) };
}

/** Why nothing was stored: each product's problem, and which checkout part a delivery refusal names. */
export type OrderRefusal = { problems: OrderProblem[]; field?: DeliveryProblemField };

function refusal(message: string, problems: OrderProblem[], field?: DeliveryProblemField) {
  // A refused date, area or method is also named next to its field (the page reloads the choices).
  const fieldErrors: FieldErrors<CheckoutField> =
    field === "delivery"
      ? { deliveryDate: message }
      : field === "area"
        ? { area: message }
        : field === "payment"
          ? { paymentMethod: message }
          : field === "promo"
            ? { promoCode: message }
            : {};
  const failure: FormFailure<CheckoutField, OrderRefusal> = {
    ...formFailure(409, message, { title: CHECKOUT_FAILED_TITLE, fieldErrors }),
    problems,
    ...(field ? { field } : {}),
  };
  return failure;
}

/**
 * Places the order of `user` for the checked checkout input. Prices, discounts, names and
 * stock come from the database at this moment; stock is taken through the stock ledger's
 * conditional update so concurrent checkouts can never sell more than there is. A second
 * call with the same idempotency key returns the first order instead of storing another.
 */
export async function placeOrder(
  db: Queryable,
  user: { id: string },
  input: PlaceOrderInput,
  {
    now = clockNow(),
    announce = true,
  }: {
    now?: Date;
    /** False when the caller tells the customer in its own words (a standing order's order). */
    announce?: boolean;
  } = {},
): Promise<
  FormResult<
    { order: OrderRecord; /** True when this key had already placed the order. */ duplicate: boolean },
    CheckoutField,
    OrderRefusal
  >
> {
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
  const placed = (order: OrderRecord, duplicate: boolean) =>
    formSuccess("Pesanan berhasil dibuat.", { order, duplicate });

  try {
    return await db.transaction(async (tx) => {
      // Requests retried with the same key queue here, so the second one finds the first order.
      await tx.execute(sql`select pg_advisory_xact_lock(7205, hashtext(${`${user.id}:${input.idempotencyKey}`}))`);
      const existing = await findOrderByKey(tx, user.id, input.idempotencyKey);
      if (existing) return placed(existing, true);

      // The settings of this moment, never a cached copy: they decide what is stored.
      const { values: settings } = await readShopSettings(tx);
      const reservation = await reserveDeliverySlot(tx, deliveryRulesOf(settings), now, deliveryDate, input.slot, {
        userId: user.id,
        limit: settings.ordersPerCustomer,
      });
      if (!reservation.ok) throw new DeliveryRefused(reservation.message, "delivery");
      const chosenArea = resolveDeliveryArea(settings.deliveryAreas, input.area);
      if (!chosenArea.ok) throw new DeliveryRefused(chosenArea.message, "area");
      const paymentMethod = input.paymentMethod ?? null;
      if (paymentMethod && !activePaymentMethods(settings.paymentMethods).includes(paymentMethod))
        throw new DeliveryRefused(
          `${PAYMENT_METHOD[paymentMethod].label} sedang tidak tersedia. Pilih metode pembayaran lain.`,
          "payment",
        );
      // The promo row stays locked to the end: its uses are counted, and this one added, alone.
      let promo: UsablePromo | null = null;
      if (input.promoCode) {
        const checked = await checkPromo(tx, {
          code: input.promoCode,
          userId: user.id,
          phone: input.phone,
          paymentMethod,
          now,
          lock: true,
        });
        if (!checked.ok) throw new DeliveryRefused(checked.message, "promo");
        promo = checked.promo;
      }

      const order = await storeOrder(tx, {
        userId: user.id,
        lines,
        fields: (totalAmount) => {
          const missing = minimumOrderMessage(totalAmount, settings.minimumOrder);
          if (missing) throw new DeliveryRefused(`${missing}.`, "minimum");
          const quote = quoteDeliveryFee(chosenArea.area, totalAmount);
          const changedFee = feeChange(quote, input.shownFee);
          if (changedFee) throw new DeliveryRefused(changedFee, "area");
          if (promo && totalAmount < promo.terms.minSpend)
            throw new DeliveryRefused(belowMinimumMessage(promo.terms.minSpend), "promo");
          const fee = quote.kind === "area" ? quote.fee : null;
          const off = promo ? promoAmounts(promo.terms, totalAmount, fee) : null;
          return {
            ...(promo && off
              ? {
                  promoId: promo.id,
                  promoCode: promo.code,
                  promoTerms: promo.terms,
                  promoDiscount: off.goods,
                  promoFeeDiscount: off.fee,
                }
              : {}),
            deliverySlot: input.slot,
            deliveryTime: slot.time,
            deliveryDate,
            ...(quote.kind === "area"
              ? {
                  deliveryFee: quote.fee - (off?.fee ?? 0),
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
          };
        },
      });
      await rememberDeliveryArea(tx, user.id, input.area);
      // Before the news: the choice made with this order decides whether it goes to WhatsApp.
      if (input.whatsappConsent !== undefined) await setWhatsappConsent(tx, user.id, input.whatsappConsent);
      // A transfer bill with nothing to weigh is payable now: it gets its amount with the code.
      await syncTransferCode(tx, order.id);
      if (announce) await notify(tx, { kind: "order-received", order: order.id });
      return placed(order, false);
    });
  } catch (error) {
    if (error instanceof OrderRefused) return refusal(error.message, error.problems);
    if (error instanceof DeliveryRefused) return refusal(error.message, [], error.field);
    // Another request with this key won the race (the advisory lock makes this rare): its order stands.
    if (isUniqueViolation(error)) {
      const existing = await findOrderByKey(db, user.id, input.idempotencyKey);
      if (existing) return placed(existing, true);
    }
    throw error;
  }
}

/** A fresh idempotency key for one visit to the checkout page. */
export function newIdempotencyKey(): string {
  return randomBytes(18).toString("base64url");
}
