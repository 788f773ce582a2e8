// 'Tambah ke Pesanan': a shopper adds products to their own open order instead of placing a
// second order with a second fee. Allowed while the order is 'Menunggu' or 'Diproses', its bill
// not final and no money recorded on it, and only before its slot's cut-off (the server decides
// with the shop's clock, whatever the page showed). The lines join the order at today's prices,
// the stock is taken through the one ledger, the fee stays the order's one fee (an area's free
// delivery applies when the new total reaches it), and the change log says 'Ditambah oleh
// pelanggan'. A refusal changes nothing.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/lib/cart";
import { checkoutLineSchema } from "~/lib/checkout";
import { cutoffInstant, quoteDeliveryFee } from "~/lib/delivery";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { canCustomerCancel } from "~/lib/order-edits";
import { orderItemsTotal, orderLineTotal, shortOrderId } from "~/lib/orders";
import { isDeliverySlot } from "~/lib/vocab/delivery-slots";
import { formatAmount, formatKg, isAllowedWeight } from "~/lib/weight";
import { now as clockNow } from "../clock.server";
import { deliveryRulesOf } from "../delivery/slots.server";
import { readShopSettings } from "../settings.server";
import { moveStock } from "../catalog/stock-ledger.server";
import { repriceFee, repriceGoods } from "../promos/redeem.server";
import { recordOrderChange } from "./changes.server";
import { announceOrderNews } from "./events.server";
import { lockOrder } from "./columns.server";
import { buildOrderAdditionMessage, orderChatUrl } from "~/lib/order-message";
import { currentShop } from "../shop/identity.server";

/** The cart's lines as the order page posts them (JSON in one field). */
export const additionLinesSchema = z
  .string({ error: "Keranjang Anda kosong." })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Keranjang tidak terbaca. Muat ulang halaman." });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(checkoutLineSchema, { error: "Keranjang Anda kosong." })
      .min(1, "Keranjang Anda kosong.")
      .max(MAX_CART_LINES, `Maksimal ${MAX_CART_LINES} produk sekaligus.`),
  );

export const ADD_CUTOFF_MESSAGE =
  "Batas pesan untuk pesanan ini sudah lewat, jadi produk tidak bisa ditambahkan lagi. Silakan buat pesanan baru.";

/** Whether the order still takes additions at `now` (the page shows 'Tambah ke Pesanan' only then). */
export function acceptsAdditions(
  order: {
    status: string;
    billFinal: boolean;
    paymentStatus: string;
    paidAmount: number | null;
    deliveryDate: string;
    deliverySlot: string;
  },
  rules: ReturnType<typeof deliveryRulesOf>,
  now: Date,
): boolean {
  if (order.status !== "pending" && order.status !== "processing") return false;
  if (!canCustomerCancel(order)) return false;
  if (!isDeliverySlot(order.deliverySlot)) return false;
  return cutoffInstant(order.deliveryDate, rules.slots[order.deliverySlot]).getTime() > now.getTime();
}

/** What the staff live box says after 'Pesanan #xxxx': 'ditambah: 2 produk'. */
export function additionNews(products: number): string {
  return `ditambah: ${products} produk`;
}

/**
 * The shopper's newest order that still takes additions at `now` (open, bill not final, no
 * money, before its slot's cut-off), for 'Tambah ke Pesanan #xxxx' on a product page; null
 * when none does. The add itself checks everything again.
 */
export async function openOrderForAdditions(
  db: Queryable,
  userId: string,
  now: Date = clockNow(),
): Promise<{ id: string; shortId: string } | null> {
  const candidates = await db
    .select({
      id: orders.id,
      status: orders.status,
      billFinalAt: orders.billFinalAt,
      paymentStatus: orders.paymentStatus,
      paidAmount: orders.paidAmount,
      deliveryDate: orders.deliveryDate,
      deliverySlot: orders.deliverySlot,
    })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, ["pending", "processing"]), isNull(orders.billFinalAt)),
    )
    .orderBy(desc(orders.createdAt))
    .limit(10);
  if (candidates.length === 0) return null;
  const rules = deliveryRulesOf((await readShopSettings(db)).values);
  const open = candidates.find((o) => acceptsAdditions({ ...o, billFinal: o.billFinalAt !== null }, rules, now));
  return open ? { id: open.id, shortId: shortOrderId(open.id) } : null;
}

class AdditionRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function addToOrderByCustomer(
  db: Queryable,
  userId: string,
  orderId: string,
  lines: readonly { productId: string; quantity: number; note?: string; allowSubstitute?: boolean }[],
  now: Date = clockNow(),
): Promise<FormResult<{ chatUrl?: string }>> {
  if (!isUuid(orderId)) return formFailure(404, "Pesanan tidak ditemukan.");
  const short = shortOrderId(orderId);
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, { ownerId: userId });
      if (!order) throw new AdditionRefused(404, "Pesanan tidak ditemukan.");
      const [placed] = await tx
        .select({
          deliveryDate: orders.deliveryDate,
          deliverySlot: orders.deliverySlot,
          deliveryFeeSource: orders.deliveryFeeSource,
          deliveryAreaId: orders.deliveryAreaId,
        })
        .from(orders)
        .where(eq(orders.id, order.id));
      const { values: settings } = await readShopSettings(tx);
      const rules = deliveryRulesOf(settings);
      const state = { ...order, ...placed, billFinal: order.billFinalAt !== null };
      if (order.status !== "pending" && order.status !== "processing")
        throw new AdditionRefused(409, `Pesanan #${short} sudah tidak bisa ditambah.`);
      if (!canCustomerCancel(state))
        throw new AdditionRefused(
          409,
          `Tagihan pesanan #${short} sudah final atau sudah dibayar, jadi produk tidak bisa ditambahkan. Silakan buat pesanan baru.`,
        );
      if (!acceptsAdditions(state, rules, now)) throw new AdditionRefused(409, ADD_CUTOFF_MESSAGE);

      const added: string[] = [];
      for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
        const productId = line.productId.toLowerCase();
        const [product] = await tx.select().from(products).where(eq(products.id, productId)).limit(1);
        if (!product || !product.isActive)
          throw new AdditionRefused(
            409,
            "Salah satu produk sudah tidak tersedia. Hapus dari keranjang lalu coba lagi.",
          );
        const [existing] = await tx
          .select()
          .from(orderItems)
          .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, productId)))
          .for("update");
        const quantity = (existing?.quantity ?? 0) + line.quantity;
        if (product.soldByWeight ? !isAllowedWeight(quantity, product) : quantity > MAX_LINE_QUANTITY)
          throw new AdditionRefused(
            400,
            product.soldByWeight
              ? `Berat ${product.name} harus kelipatan ${formatKg(product.weightStep)}.`
              : `Jumlah ${product.name} maksimal ${MAX_LINE_QUANTITY}.`,
          );
        const moved = await moveStock(tx, {
          productId,
          delta: -line.quantity,
          reason: "order",
          orderId: order.id,
          changedBy: userId,
          onSale: true,
        });
        if (!moved)
          throw new AdditionRefused(
            409,
            `Stok ${product.name} tidak cukup: tersisa ${formatAmount(product.stock, product)}.`,
          );
        if (existing) {
          await tx.update(orderItems).set({ quantity }).where(eq(orderItems.id, existing.id));
        } else {
          await tx.insert(orderItems).values({
            orderId: order.id,
            productId,
            productName: product.name,
            productUnit: product.unit,
            productImageUrl: product.imageUrl,
            quantity: line.quantity,
            soldByWeight: product.soldByWeight,
            note: line.note ?? "",
            allowSubstitute: line.allowSubstitute === true,
            price: discountedPrice(product.price, product.discount),
            originalPrice: product.price,
            discount: product.discount,
          });
        }
        const price = existing?.price ?? discountedPrice(product.price, product.discount);
        added.push(
          `${product.name} ${formatAmount(line.quantity, product)} (+${formatRupiah(orderLineTotal({ price, quantity: line.quantity, soldByWeight: product.soldByWeight }))})`,
        );
      }
      const all = await tx
        .select({ price: orderItems.price, quantity: orderItems.quantity, soldByWeight: orderItems.soldByWeight })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      const totalAfter = orderItemsTotal(all);
      // One fee per order: an area order reaching the area's free delivery gets it.
      const area =
        placed.deliveryFeeSource === "area" ? settings.deliveryAreas.find((a) => a.id === placed.deliveryAreaId) : null;
      const fee = area ? quoteDeliveryFee(area, totalAfter) : null;
      const feeDrops = fee?.kind === "area" && order.deliveryFee !== null && fee.fee < order.deliveryFee;
      // The order's promo is recomputed on the goods with the added lines (a percent within its cap).
      const netAfter = await repriceGoods(tx, order.id, totalAfter);
      const netFee = feeDrops && fee?.kind === "area" ? await repriceFee(tx, order.id, fee.fee) : null;
      await recordOrderChange(tx, order, {
        kind: "add",
        description: `Ditambah oleh pelanggan: ${added.join(", ")}${feeDrops ? ". Ongkir jadi gratis" : ""}`,
        changedBy: userId,
        totalAfter: netAfter,
        set: { totalAmount: netAfter, ...(netFee !== null ? { deliveryFee: netFee } : {}) },
      });
      // The staff dashboards hear it live: the bag may already be packed.
      await announceOrderNews(tx, order.id, "addition", additionNews(added.length));
      // The chat with the shop gets the change too: the shopper sends it from the order page.
      const shop = currentShop();
      const chatUrl = orderChatUrl(
        shop.whatsapp,
        buildOrderAdditionMessage({ shopName: shop.name, orderId: order.id, added, goodsTotal: netAfter }),
      );
      return formSuccess(`Produk ditambahkan ke pesanan #${short}. Ongkir tetap sekali.`, { chatUrl });
    });
  } catch (error) {
    if (error instanceof AdditionRefused) return formFailure(error.status, error.message);
    throw error;
  }
}
