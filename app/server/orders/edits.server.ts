// Staff change a placed order while packing it: 'Berat aktual', 'Ganti Produk', 'Tidak
// Tersedia', 'Tambah Produk', then 'Tagihan Final'. Each edit is one transaction that locks
// the order, refuses an edit made from an older page (version), moves the stock, recomputes
// the item total from the lines and writes a 'Riwayat Perubahan' row; anything refused
// changes nothing.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidField } from "~/lib/form-schema";
import type { Queryable } from "~/db/client.server";
import { orderChanges, orderItems, products } from "~/db/schema";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { discountedPrice, formatRupiah } from "~/lib/money";
import {
  amountText,
  isOrderEditable,
  ORDER_CHANGED_MESSAGE,
  ORDER_LOCKED_MESSAGE,
  orderEditRefusal,
  parseAmountInput,
  type OrderChangeKind,
} from "~/lib/order-edits";
import { orderItemsTotal, orderLineTotal, shortOrderId } from "~/lib/orders";
import { SAMPLE_BANK_ACCOUNT_REFUSAL, sampleBankAccountActive } from "~/lib/payment-settings";
import { formatAmount, formatKg, isAllowedWeight } from "~/lib/weight";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { mailConfigured } from "../notifications/mail-transport.server";
import { notify } from "../notifications/notify.server";
import { loadShopSettings } from "../settings.server";
import { PaymentRefused } from "../payments/balance.server";
import { repriceGoods } from "../promos/redeem.server";
import { moveStock } from "../catalog/stock-ledger.server";
import { recordOrderChange } from "./changes.server";
import { lockOrder, type OrderState } from "./columns.server";
import { syncTransferCode } from "../payments/transfer-code.server";
import { applyBalanceAtFinal } from "./payments.server";

const MAX_ORDER_TOTAL = 2_000_000_000;

/** The 'Riwayat Perubahan' line of a final bill, which the customer sees too. */
export const FINAL_BILL_MAILED = "Tagihan final dibuat dan dikirim ke e-mail pelanggan";
export const FINAL_BILL_MADE = "Tagihan final dibuat";
export const FINAL_BILL_NOT_MAILED = "E-mail belum aktif: tagihan belum terkirim, kirim lewat WhatsApp.";

class EditRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The order version the page was drawn from; a missing or odd one reads as an older page. */
export const orderVersionSchema = z.coerce.number({ error: ORDER_CHANGED_MESSAGE }).int(ORDER_CHANGED_MESSAGE).min(1);
const itemId = uuidField("Baris pesanan tidak ditemukan. Muat ulang halaman.");
const productId = uuidField("Pilih produk dari daftar.");
const amount = z.string({ error: "Isi jumlah atau beratnya." }).trim().min(1, "Isi jumlah atau beratnya.").max(20);

/** What staff can post from the order page, by intent. */
export const orderEditSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("weight"), version: orderVersionSchema, itemId, amount }),
  z.object({
    intent: z.literal("substitute"),
    version: orderVersionSchema,
    itemId,
    productId,
    amount,
    // 'Pembeli sudah setuju lewat chat' for a line marked 'Jangan diganti'.
    agreed: z.preprocess((v) => v === "on" || v === "1", z.boolean()),
  }),
  z.object({ intent: z.literal("unavailable"), version: orderVersionSchema, itemId }),
  // 'Batalkan' after 'Tidak Tersedia': posted with the version the removal left the order at.
  z.object({
    intent: z.literal("restore"),
    version: orderVersionSchema,
    changeId: uuidField("Baris yang dihapus tidak ditemukan. Muat ulang halaman."),
  }),
  z.object({ intent: z.literal("add"), version: orderVersionSchema, productId, amount }),
  z.object({ intent: z.literal("finalize"), version: orderVersionSchema }),
]);
export type OrderEdit = z.infer<typeof orderEditSchema>;

type LockedOrder = OrderState;

/** A line as it was when marked 'Tidak Tersedia': what 'Batalkan' puts back. */
const removedLineSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  productUnit: z.string(),
  productImageUrl: z.string().nullable(),
  quantity: z.number().int().positive(),
  orderedQuantity: z.number().int().nullable(),
  soldByWeight: z.boolean(),
  price: z.number().int(),
  note: z.string(),
  allowSubstitute: z.boolean(),
  originalPrice: z.number().int(),
  discount: z.number().int(),
});

/** What the page needs to offer 'Batalkan' after a line was removed. */
export type LineUndo = { changeId: string; version: number; productName: string };

/** An edit's answer that carries more than its message: the removal's undo, the restore's removal. */
type EditAnswer = { message: string; undo?: LineUndo; restored?: string };

/** The order locked for an edit, refused when the page was drawn from an older version or the bill is final. */
async function lockEditable(tx: Queryable, orderId: string, version: number): Promise<LockedOrder> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new EditRefused(404, "Pesanan tidak ditemukan.");
  const refusal = orderEditRefusal(order, version);
  if (refusal) throw new EditRefused(409, refusal);
  return order;
}

async function lockItem(tx: Queryable, orderId: string, id: string) {
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, id), eq(orderItems.orderId, orderId)))
    .for("update");
  if (!item) throw new EditRefused(404, "Baris pesanan tidak ditemukan. Muat ulang halaman.");
  return item;
}

async function productForSale(tx: Queryable, id: string) {
  const [product] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!product || !product.isActive)
    throw new EditRefused(400, "Produk tidak ditemukan atau tidak dijual.", "productId");
  return product;
}

/** The typed amount for this product, or a refusal that names the field. */
function amountFor(
  product: { name: string; soldByWeight: boolean; weightStep: number; weightMin: number },
  text: string,
) {
  const quantity = parseAmountInput(text, product.soldByWeight);
  if (quantity === null) {
    throw new EditRefused(
      400,
      product.soldByWeight
        ? "Berat tidak valid. Tulis dalam kg, mis. 0,8 atau 0.8."
        : "Jumlah harus bilangan bulat 1-999.",
      "amount",
    );
  }
  return quantity;
}

async function takeStock(
  tx: Queryable,
  move: { productId: string; name: string; delta: number; soldByWeight: boolean; orderId: string; changedBy: string },
) {
  if (move.delta === 0) return;
  const moved = await moveStock(tx, {
    productId: move.productId,
    delta: move.delta,
    reason: "edit",
    orderId: move.orderId,
    changedBy: move.changedBy,
  });
  if (!moved) {
    const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, move.productId));
    const left = p ? formatAmount(p.stock, move) : "0";
    throw new EditRefused(409, `Stok ${move.name} tidak cukup: tersisa ${left}.`, "amount");
  }
}

type EditChange = {
  kind: OrderChangeKind;
  description: string;
  changedBy: string;
  billFinal?: boolean;
  removedLine?: unknown;
};

/** Recomputes the item total from the lines and records the change (version and 'Riwayat Perubahan'). */
async function finishEdit(tx: Queryable, order: LockedOrder, change: EditChange): Promise<number> {
  return (await recordEdit(tx, order, change)).total;
}

async function recordEdit(
  tx: Queryable,
  order: LockedOrder,
  change: EditChange,
): Promise<{ total: number; changeId: string }> {
  const lines = await tx
    .select({ price: orderItems.price, quantity: orderItems.quantity, soldByWeight: orderItems.soldByWeight })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const goods = orderItemsTotal(lines);
  if (goods > MAX_ORDER_TOTAL) throw new EditRefused(400, "Total pesanan terlalu besar.");
  // A promo stays with the order: recomputed on the lines as they are now (weighed included).
  const totalAfter = await repriceGoods(tx, order.id, goods);
  const changeId = await recordOrderChange(tx, order, {
    kind: change.kind,
    description: change.description,
    changedBy: change.changedBy,
    totalAfter,
    removedLine: change.removedLine,
    set: { totalAmount: totalAfter, ...(change.billFinal ? { billFinalAt: new Date() } : {}) },
  });
  // A changed bill asks for a new amount to transfer ('Tagihan Final' syncs after its 'Saldo').
  if (!change.billFinal) await syncTransferCode(tx, order.id);
  return { total: totalAfter, changeId };
}

/**
 * 'Batalkan' after 'Tidak Tersedia': puts the removed line back as it was (amount, price, note,
 * 'Boleh diganti'), takes its stock again through the ledger and records the step in the
 * 'Riwayat Perubahan'. Only once, only before 'Tagihan Final', and only while the order is as
 * the removal left it: any later edit of the lines or fee (here or on another page) could
 * collide with the line coming back, so the undo is refused and staff add it again instead.
 */
async function restoreLine(
  tx: Queryable,
  orderId: string,
  edit: { version: number; changeId: string },
  by: string,
): Promise<EditAnswer> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new EditRefused(404, "Pesanan tidak ditemukan.");
  const [change] = await tx
    .select({ removedLine: orderChanges.removedLine })
    .from(orderChanges)
    .where(
      and(eq(orderChanges.id, edit.changeId), eq(orderChanges.orderId, order.id), eq(orderChanges.kind, "unavailable")),
    )
    .for("update");
  if (!change) throw new EditRefused(404, "Baris yang dihapus tidak ditemukan. Muat ulang halaman.");
  const parsed = removedLineSchema.safeParse(change.removedLine);
  if (!parsed.success) throw new EditRefused(409, "Baris ini sudah dikembalikan ke pesanan.");
  const line = parsed.data;
  const name = `'${line.productName}'`;
  if (!isOrderEditable(order.status)) throw new EditRefused(409, ORDER_LOCKED_MESSAGE);
  if (order.billFinalAt !== null)
    throw new EditRefused(409, `Tagihan sudah final: ${name} tidak dapat dikembalikan lagi.`);
  if (order.version !== edit.version)
    throw new EditRefused(
      409,
      `Pesanan sudah diubah lagi setelah ${name} dihapus, jadi hapusnya tidak dapat dibatalkan. Muat ulang halaman, lalu tambahkan lewat 'Tambah Produk' bila masih perlu.`,
    );
  // The product may have been deleted since: the line comes back as its snapshot, as the
  // lines of a deleted product stay on older orders.
  const [product] = line.productId
    ? await tx.select({ id: products.id }).from(products).where(eq(products.id, line.productId))
    : [];
  const productId = product ? product.id : null;
  if (productId) {
    await takeStock(tx, {
      productId,
      name: line.productName,
      delta: -line.quantity,
      soldByWeight: line.soldByWeight,
      orderId: order.id,
      changedBy: by,
    });
  }
  await tx.insert(orderItems).values({ ...line, productId, orderId: order.id });
  await tx.update(orderChanges).set({ removedLine: null }).where(eq(orderChanges.id, edit.changeId));
  await finishEdit(tx, order, {
    kind: "restore",
    description: `${lineDescription(line, line.quantity)} dikembalikan (batal Tidak Tersedia, +${formatRupiah(orderLineTotal(line))})`,
    changedBy: by,
  });
  return { message: `${name} dikembalikan ke pesanan.`, restored: edit.changeId };
}

function lineDescription(item: { productName: string; productUnit: string; soldByWeight: boolean }, quantity: number) {
  return `${item.productName} ${amountText(quantity, item)}`;
}

/** Applies one edit, parsed by `orderEditSchema`; a refusal names its field and changes nothing. */
export async function editOrder(
  db: Queryable,
  actor: AdminActor,
  orderId: string,
  edit: OrderEdit,
): Promise<FormResult> {
  assertAdmin(actor);
  if (!isUuid(orderId)) return formFailure(404, "Pesanan tidak ditemukan.");
  const short = shortOrderId(orderId);
  try {
    const answer = await db.transaction(async (tx): Promise<string | EditAnswer> => {
      const by = actor.id;
      if (edit.intent === "restore") return restoreLine(tx, orderId, edit, by);
      const order = await lockEditable(tx, orderId, edit.version);
      switch (edit.intent) {
        case "weight": {
          const item = await lockItem(tx, order.id, edit.itemId);
          if (!item.soldByWeight)
            throw new EditRefused(400, "Berat aktual hanya untuk produk yang ditimbang.", "amount");
          const grams = parseAmountInput(edit.amount, true);
          if (grams === null)
            throw new EditRefused(400, "Berat tidak valid. Tulis dalam kg, mis. 0,8 atau 0.8.", "amount");
          if (grams === item.quantity) return `Berat ${item.productName} tetap ${formatKg(grams)}.`;
          if (item.productId) {
            await takeStock(tx, {
              productId: item.productId,
              name: item.productName,
              delta: -(grams - item.quantity),
              soldByWeight: true,
              orderId: order.id,
              changedBy: by,
            });
          }
          const before = orderLineTotal(item);
          await tx.update(orderItems).set({ quantity: grams }).where(eq(orderItems.id, item.id));
          const after = orderLineTotal({ ...item, quantity: grams });
          const total = await finishEdit(tx, order, {
            kind: "weight",
            description: `${item.productName}: ${formatKg(item.quantity)} → ${formatKg(grams)} (${formatRupiah(before)} → ${formatRupiah(after)})`,
            changedBy: by,
          });
          return `Berat ${item.productName} menjadi ${formatKg(grams)}. Total akhir produk ${formatRupiah(total)}.`;
        }
        case "substitute": {
          const item = await lockItem(tx, order.id, edit.itemId);
          if (!item.allowSubstitute && !edit.agreed) {
            throw new EditRefused(
              400,
              "Pembeli memilih 'Jangan diganti'. Centang 'Pembeli sudah setuju lewat chat' bila pembeli setuju.",
              "agreed",
            );
          }
          const product = await productForSale(tx, edit.productId);
          if (product.id === item.productId)
            throw new EditRefused(400, "Pilih produk lain sebagai pengganti.", "productId");
          const quantity = amountFor(product, edit.amount);
          if (product.soldByWeight && !isAllowedWeight(quantity, { ...product, weightMin: product.weightStep }))
            throw new EditRefused(
              400,
              `Berat ${product.name} harus kelipatan ${formatKg(product.weightStep)}.`,
              "amount",
            );
          if (item.productId) {
            await takeStock(tx, {
              productId: item.productId,
              name: item.productName,
              delta: item.quantity,
              soldByWeight: item.soldByWeight,
              orderId: order.id,
              changedBy: by,
            });
          }
          await takeStock(tx, {
            productId: product.id,
            name: product.name,
            delta: -quantity,
            soldByWeight: product.soldByWeight,
            orderId: order.id,
            changedBy: by,
          });
          const price = discountedPrice(product.price, product.discount);
          const replacement = {
            productId: product.id,
            productName: product.name,
            productUnit: product.unit,
            productImageUrl: product.imageUrl,
            quantity,
            soldByWeight: product.soldByWeight,
            price,
            originalPrice: product.price,
            discount: product.discount,
          };
          await tx.update(orderItems).set(replacement).where(eq(orderItems.id, item.id));
          await finishEdit(tx, order, {
            kind: "substitute",
            description: `${lineDescription(item, item.quantity)} (${formatRupiah(orderLineTotal(item))}) → ${lineDescription(replacement, quantity)} (${formatRupiah(orderLineTotal(replacement))})`,
            changedBy: by,
          });
          return `${item.productName} diganti ${product.name}.`;
        }
        case "unavailable": {
          const item = await lockItem(tx, order.id, edit.itemId);
          if (item.productId) {
            await takeStock(tx, {
              productId: item.productId,
              name: item.productName,
              delta: item.quantity,
              soldByWeight: item.soldByWeight,
              orderId: order.id,
              changedBy: by,
            });
          }
          await tx.delete(orderItems).where(eq(orderItems.id, item.id));
          const { orderId: _order, ...line } = item;
          const { changeId } = await recordEdit(tx, order, {
            kind: "unavailable",
            description: `${lineDescription(item, item.quantity)} tidak tersedia (−${formatRupiah(orderLineTotal(item))})`,
            changedBy: by,
            removedLine: removedLineSchema.parse(line),
          });
          const undo: LineUndo = { changeId, version: order.version + 1, productName: item.productName };
          return { message: `'${item.productName}' dihapus.`, undo };
        }

        case "add": {
          const product = await productForSale(tx, edit.productId);
          const quantity = amountFor(product, edit.amount);
          if (product.soldByWeight && !isAllowedWeight(quantity, { ...product, weightMin: product.weightStep }))
            throw new EditRefused(
              400,
              `Berat ${product.name} harus kelipatan ${formatKg(product.weightStep)}.`,
              "amount",
            );
          const [existing] = await tx
            .select()
            .from(orderItems)
            .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, product.id)))
            .for("update");
          if (existing) {
            throw new EditRefused(
              409,
              `${product.name} sudah ada di pesanan. Ubah baris itu (Berat aktual) atau tandai Tidak Tersedia dulu.`,
              "productId",
            );
          }
          await takeStock(tx, {
            productId: product.id,
            name: product.name,
            delta: -quantity,
            soldByWeight: product.soldByWeight,
            orderId: order.id,
            changedBy: by,
          });
          const line = {
            orderId: order.id,
            productId: product.id,
            productName: product.name,
            productUnit: product.unit,
            productImageUrl: product.imageUrl,
            quantity,
            soldByWeight: product.soldByWeight,
            price: discountedPrice(product.price, product.discount),
            originalPrice: product.price,
            discount: product.discount,
          };
          await tx.insert(orderItems).values(line);
          await finishEdit(tx, order, {
            kind: "add",
            description: `${lineDescription(line, quantity)} ditambahkan (+${formatRupiah(orderLineTotal(line))})`,
            changedBy: by,
          });
          return `${product.name} ditambahkan ke pesanan.`;
        }
        case "finalize": {
          if (order.deliveryFee === null)
            throw new EditRefused(400, "Isi ongkir dulu sebelum Tagihan Final.", "deliveryFee");
          const [{ lines }] = await tx
            .select({ lines: sql<number>`count(*)::int` })
            .from(orderItems)
            .where(eq(orderItems.orderId, order.id));
          if (lines === 0) throw new EditRefused(400, "Pesanan tanpa produk tidak dapat ditagih. Batalkan pesanannya.");
          // The bill tells the customer where to pay: never a placeholder account.
          if (sampleBankAccountActive((await loadShopSettings(tx)).values.paymentMethods))
            throw new EditRefused(409, SAMPLE_BANK_ACCOUNT_REFUSAL);
          // 'dikirim' only when the mail can leave; otherwise it waits in the outbox and
          // staff send the bill by WhatsApp.
          const mailed = mailConfigured();
          const total = await finishEdit(tx, order, {
            kind: "final",
            description: mailed ? FINAL_BILL_MAILED : FINAL_BILL_MADE,
            changedBy: by,
            billFinal: true,
          });
          const applied = await applyBalanceAtFinal(
            tx,
            { id: order.id, totalAmount: total, deliveryFee: order.deliveryFee },
            by,
          );
          await syncTransferCode(tx, order.id);
          await notify(tx, { kind: "bill-final", order: order.id });
          const ready = `Tagihan final pesanan #${short} siap: ${formatRupiah(total + order.deliveryFee - applied)}.`;
          return mailed ? `${ready} E-mail tagihan dikirim ke pelanggan.` : `${ready} ${FINAL_BILL_NOT_MAILED}`;
        }
      }
    });
    if (typeof answer === "string") return formSuccess(answer);
    const { message, ...extra } = answer;
    return formSuccess(message, extra);
  } catch (error) {
    // 'Tagihan Final' may be refused by the balance it settles (a sum out of range).
    if (!(error instanceof EditRefused) && !(error instanceof PaymentRefused)) throw error;
    return formFailure(error.status, error.message, {
      fieldErrors: error.field ? { [error.field]: error.message } : {},
    });
  }
}
