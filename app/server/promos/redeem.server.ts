// Using a 'Kode Promo' on an order: the checks a code must pass at checkout (in words the
// shopper understands), the lock that makes its quota exact under concurrent checkouts, and
// the repricing that keeps an order's promo, its lines' shares and its totals in step when
// the goods or the fee change later (weighing, 'Tambah ke Pesanan', a merge, the fee).
//
// A use is an order naming the promo that is not cancelled: the quota and the per-customer
// limit count those rows under the promo row's lock, so cancelling gives the use back.
import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, promos } from "~/db/schema";
import { formatDateTime } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { orderLineTotal } from "~/lib/orders";
import { promoAmounts, splitDiscount, type PromoTerms } from "~/lib/promo";
import { isPromoKind } from "~/lib/vocab/promo-kinds";
import { PAYMENT_METHOD, isPaymentMethod } from "~/lib/vocab/payment-methods";

export const PROMO_MESSAGES = {
  notFound: "Kode promo tidak ditemukan.",
  ended: "Kode promo sudah berakhir.",
  quota: "Kuota promo sudah habis.",
  used: "Anda sudah memakai kode ini.",
  newOnly: "Kode ini hanya untuk pelanggan baru.",
} as const;

/** A typed code as it is kept: trimmed, in capitals (codes are case-insensitive). */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export function belowMinimumMessage(minSpend: number): string {
  return `Belanja minimal ${formatRupiah(minSpend)} untuk kode ini (ongkir tidak dihitung).`;
}

export type UsablePromo = { id: string; code: string; terms: PromoTerms };

type PromoRow = typeof promos.$inferSelect;

export function termsOf(promo: Pick<PromoRow, "kind" | "value" | "maxDiscount" | "minSpend">): PromoTerms {
  if (!isPromoKind(promo.kind)) throw new Error(`unknown promo kind ${promo.kind}`);
  return { kind: promo.kind, value: promo.value, maxDiscount: promo.maxDiscount, minSpend: promo.minSpend };
}

/** Non-cancelled orders naming the promo, optionally only this customer's (by account or phone). */
async function countUses(
  tx: Queryable,
  promoId: string,
  customer?: { userId: string | null; phone: string },
  exceptOrderId?: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.promoId, promoId),
        ne(orders.status, "cancelled"),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
        customer
          ? customer.userId
            ? or(eq(orders.userId, customer.userId), eq(orders.recipientPhone, customer.phone))
            : eq(orders.recipientPhone, customer.phone)
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Whether `code` may be used now by this customer (account, when signed in, and phone) with
 * this payment method and goods worth `goods` (left out: the minimum is checked later).
 * `lock` takes the promo row's lock until the transaction ends: the placing path counts its
 * uses under it, so two checkouts on the last use wait for each other.
 */
export async function checkPromo(
  tx: Queryable,
  input: {
    code: string;
    userId: string | null;
    phone: string;
    paymentMethod: string | null;
    goods?: number;
    now: Date;
    lock?: boolean;
  },
): Promise<{ ok: true; promo: UsablePromo } | { ok: false; message: string }> {
  const code = normalizePromoCode(input.code);
  if (code === "" || code.length > 30) return { ok: false, message: PROMO_MESSAGES.notFound };
  const query = tx.select().from(promos).where(eq(promos.code, code)).limit(1);
  const [promo] = input.lock ? await query.for("update") : await query;
  if (!promo || !promo.active) return { ok: false, message: PROMO_MESSAGES.notFound };
  if (promo.startsAt && input.now < promo.startsAt)
    return { ok: false, message: `Kode promo belum berlaku. Berlaku mulai ${formatDateTime(promo.startsAt)} WIB.` };
  if (promo.endsAt && input.now >= promo.endsAt) return { ok: false, message: PROMO_MESSAGES.ended };
  if (promo.paymentMethods.length > 0 && !(input.paymentMethod && promo.paymentMethods.includes(input.paymentMethod))) {
    const method = isPaymentMethod(input.paymentMethod) ? PAYMENT_METHOD[input.paymentMethod].label : "ini";
    const allowed = promo.paymentMethods.filter(isPaymentMethod).map((m) => PAYMENT_METHOD[m].label);
    return {
      ok: false,
      message: `Kode ini tidak berlaku untuk metode bayar ${method}. Berlaku untuk: ${allowed.join(", ")}.`,
    };
  }
  if (promo.quota !== null && (await countUses(tx, promo.id)) >= promo.quota)
    return { ok: false, message: PROMO_MESSAGES.quota };
  const customer = { userId: input.userId, phone: input.phone };
  if (promo.perCustomer !== null && (await countUses(tx, promo.id, customer)) >= promo.perCustomer)
    return { ok: false, message: PROMO_MESSAGES.used };
  if (promo.newCustomersOnly && (await hasEarlierOrder(tx, customer)))
    return { ok: false, message: PROMO_MESSAGES.newOnly };
  if (input.goods !== undefined && input.goods < promo.minSpend)
    return { ok: false, message: belowMinimumMessage(promo.minSpend) };
  return { ok: true, promo: { id: promo.id, code: promo.code, terms: termsOf(promo) } };
}

/** An earlier order, not cancelled, by this account or to this phone. */
async function hasEarlierOrder(tx: Queryable, customer: { userId: string | null; phone: string }): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        ne(orders.status, "cancelled"),
        customer.userId
          ? or(eq(orders.userId, customer.userId), eq(orders.recipientPhone, customer.phone))
          : eq(orders.recipientPhone, customer.phone),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Gives the order's lines their shares of the goods discount (largest remainder, whole rupiah)
 * and stores the discount; returns what the goods cost after it. `grossGoods` is the lines'
 * total before the promo. An order without a promo is left as it is.
 */
export async function repriceGoods(tx: Queryable, orderId: string, grossGoods: number): Promise<number> {
  const [order] = await tx
    .select({ terms: orders.promoTerms, fee: orders.deliveryFee, feeOff: orders.promoFeeDiscount })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.terms) return grossGoods;
  const grossFee = order.fee === null ? null : order.fee + order.feeOff;
  const off = promoAmounts(order.terms, grossGoods, grossFee).goods;
  const lines = await tx
    .select({
      id: orderItems.id,
      price: orderItems.price,
      quantity: orderItems.quantity,
      soldByWeight: orderItems.soldByWeight,
      promoShare: orderItems.promoShare,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  const shares = splitDiscount(off, lines.map(orderLineTotal));
  for (const [i, line] of lines.entries()) {
    if (line.promoShare !== shares[i])
      await tx.update(orderItems).set({ promoShare: shares[i] }).where(eq(orderItems.id, line.id));
  }
  await tx.update(orders).set({ promoDiscount: off }).where(eq(orders.id, orderId));
  return grossGoods - off;
}

/** The fee after the order's 'gratis ongkir' (stored with it); `grossFee` is the fee before it. */
export async function repriceFee(tx: Queryable, orderId: string, grossFee: number | null): Promise<number | null> {
  const [order] = await tx.select({ terms: orders.promoTerms }).from(orders).where(eq(orders.id, orderId));
  if (!order?.terms || order.terms.kind !== "free_shipping" || grossFee === null) {
    if (order?.terms) await tx.update(orders).set({ promoFeeDiscount: 0 }).where(eq(orders.id, orderId));
    return grossFee;
  }
  const off = promoAmounts(order.terms, 0, grossFee).fee;
  await tx.update(orders).set({ promoFeeDiscount: off }).where(eq(orders.id, orderId));
  return grossFee - off;
}

/**
 * An order taken up again after a cancel takes its use back: refused (nothing changed) when the
 * quota has been used up meanwhile. Call with the order locked.
 */
export async function retakePromoUse(
  tx: Queryable,
  order: { id: string; promoId: string | null },
): Promise<string | null> {
  if (!order.promoId) return null;
  const [promo] = await tx
    .select({ code: promos.code, quota: promos.quota })
    .from(promos)
    .where(eq(promos.id, order.promoId))
    .for("update");
  if (!promo || promo.quota === null) return null;
  if ((await countUses(tx, order.promoId, undefined, order.id)) < promo.quota) return null;
  return `Kuota promo ${promo.code} sudah habis: pesanan ini tidak dapat diaktifkan kembali dengan promonya. Buat pesanan baru tanpa promo.`;
}
