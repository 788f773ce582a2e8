// Staff edits of a placed order and the final bill: the words both sides read, and the
// WhatsApp bill sent to the customer. Pure: shared by the admin page and the server.
import { WORDS } from "~/lib/vocab/words";
import { parseWholeNumber } from "./number-input";
import { balanceText, orderTextLine, orderTextTotals, plainRupiah as rupiah, promoChatLines } from "./order-text";
import type { PromoTerms } from "./promo";
import { shortOrderId } from "./orders";
import { MAX_LINE_GRAMS, parseKg, formatAmount } from "./weight";

export const ORDER_CHANGED_MESSAGE = "Pesanan ini baru saja diubah. Muat ulang halaman.";
export const ORDER_LOCKED_MESSAGE = "Pesanan yang sudah Selesai atau Dibatalkan tidak dapat diubah.";
export const BILL_FINAL_MESSAGE = "Tagihan sudah final. Pesanan tidak dapat diubah lagi.";

export const ORDER_CHANGE_LABELS = {
  weight: "Berat aktual",
  substitute: "Ganti Produk",
  unavailable: "Tidak Tersedia",
  restore: "Batal Hapus",
  add: "Tambah Produk",
  fee: WORDS.deliveryFee,
  final: "Tagihan Final",
  payment: "Pembayaran",
  balance: "Saldo",
} as const;
export type OrderChangeKind = keyof typeof ORDER_CHANGE_LABELS;

export const ORDER_EDIT_INTENTS = ["weight", "substitute", "unavailable", "restore", "add", "finalize"] as const;
export type OrderEditIntent = (typeof ORDER_EDIT_INTENTS)[number];

export function isOrderEditIntent(value: unknown): value is OrderEditIntent {
  return typeof value === "string" && (ORDER_EDIT_INTENTS as readonly string[]).includes(value);
}

/** Statuses in which staff may still change the lines, fee and bill. */
export function isOrderEditable(status: string): boolean {
  return status === "pending" || status === "processing";
}

/** Whether staff may still change the lines and the fee: an open order whose bill is not final. */
export function canEditOrder(order: { status: string; billFinalAt: Date | string | null }): boolean {
  return isOrderEditable(order.status) && order.billFinalAt === null;
}

/**
 * Whether money has not moved on the order yet, so its customer may still cancel it on their
 * own (while it is 'Menunggu'): no final bill, no payment recorded, no proof sent. After that a
 * cancel moves money to 'Saldo', which only staff do.
 */
export function canCustomerCancel(order: {
  billFinal: boolean;
  paymentStatus: string;
  paidAmount: number | null;
}): boolean {
  return (
    !order.billFinal && order.paymentStatus !== "paid" && order.paymentStatus !== "pending" && order.paidAmount === null
  );
}

/**
 * Why an edit posted from a page showing `postedVersion` is refused, or null when it may go
 * ahead. The lines and the fee share this rule: an older page first, then a closed order, then
 * a final bill.
 */
export function orderEditRefusal(
  order: { status: string; version: number; billFinalAt: Date | string | null },
  postedVersion: number,
): string | null {
  if (order.version !== postedVersion) return ORDER_CHANGED_MESSAGE;
  if (!isOrderEditable(order.status)) return ORDER_LOCKED_MESSAGE;
  if (order.billFinalAt !== null) return BILL_FINAL_MESSAGE;
  return null;
}

/**
 * An amount as staff type it: kilograms for weighed produce ('0,8' or '0.8'), whole units
 * otherwise. Null for anything else, zero, or more than one line may hold.
 */
export function parseAmountInput(text: string, soldByWeight: boolean): number | null {
  if (soldByWeight) {
    const grams = parseKg(text);
    return grams !== null && grams > 0 && grams <= MAX_LINE_GRAMS ? grams : null;
  }
  const units = parseWholeNumber(text, "count");
  return units.ok && units.value >= 1 && units.value <= 999 ? units.value : null;
}

/** '0,8 kg' or '3 per ikat'. */
export function amountText(quantity: number, item: { soldByWeight: boolean; productUnit: string }): string {
  return formatAmount(quantity, { soldByWeight: item.soldByWeight, unit: item.productUnit });
}

export type BillLine = {
  productName: string;
  productUnit: string;
  quantity: number;
  price: number;
  soldByWeight: boolean;
};

export type BillForMessage = {
  id: string;
  recipientName: string;
  shopName: string;
  totalAmount: number;
  deliveryFee: number | null;
  /** 'Saldo' taken into the bill: positive lowers what is paid, negative raises it. */
  balanceApplied?: number;
  items: readonly BillLine[];
  /** The 'Kode Promo' and what it took off the goods and the fee. */
  promoCode?: string | null;
  promoTerms?: PromoTerms | null;
  promoDiscount?: number;
  promoFeeDiscount?: number;
  /** How to pay, one line each (bank accounts, QRIS, cash on delivery). */
  paymentLines: readonly string[];
  orderUrl: string;
};

/** The final bill as sent to the customer by 'Kirim Tagihan via WhatsApp'. */
export function buildFinalBillMessage(bill: BillForMessage): string {
  const lines = bill.items.map((item, i) => {
    const line = orderTextLine(item);
    return `${i + 1}. ${line.name} - ${line.amount} = ${rupiah(line.total)}`;
  });
  const totals = orderTextTotals(bill);
  return [
    `Halo ${bill.recipientName}, ini tagihan final pesanan #${shortOrderId(bill.id)} dari ${bill.shopName}:`,
    "",
    ...lines,
    "",
    `Subtotal: ${rupiah(totals.subtotal)}`,
    `${WORDS.deliveryFee}: ${rupiah(totals.fee ?? 0)}`,
    ...promoChatLines(bill),
    `Total akhir: ${rupiah(totals.total)}`,
    ...(totals.balance
      ? [`Saldo: ${balanceText(totals.balance, "chat")}`, `Jumlah dibayar: ${rupiah(totals.toPay)}`]
      : []),
    "",
    "Cara bayar:",
    ...bill.paymentLines,
    "",
    `Detail dan riwayat perubahan: ${bill.orderUrl}`,
    "Terima kasih.",
  ].join("\n");
}
