// The words every message about an order is made of, in one place: its lines (amount, price,
// line total), its totals (subtotal, fee, total, 'Saldo', what is to pay) and the sentence
// naming its delivery. The WhatsApp texts (the order sent at checkout, the final bill, the
// farmer's list) and every e-mail template draw on these, so a change to how a line or a
// total reads is made here once and every channel says the same.
import { formatDateWithDay } from "./dates";
import { formatRupiah } from "./money";
import { orderGrandTotal, orderLineTotal } from "./orders";
import { amountDue } from "./payments";
import { slotLabel } from "./vocab/delivery-slots";
import { formatAmount } from "./weight";
import { promoLabel, type PromoTerms } from "./promo";

/** Rupiah for a chat or plain text: plain spaces keep copied text tidy where a no-break space would not. */
export function plainRupiah(amount: number): string {
  return formatRupiah(amount).replace(/\u00a0/g, " ");
}

export type OrderTextItem = {
  productName: string;
  /** The unit the line was sold in ('ikat'); left out where the text shows the bare count. */
  productUnit?: string;
  /** Whole units, or grams when `soldByWeight`. */
  quantity: number;
  /** Unit price charged; per kg when `soldByWeight`. */
  price: number;
  soldByWeight?: boolean;
};

export type OrderTextLine = {
  name: string;
  soldByWeight: boolean;
  /** '0,75 kg', '3 ikat' (with the unit when the item has one), '3'. */
  amount: string;
  /** '0,75 kg x Rp48.000/kg' or '3 x Rp4.000' (plain spaces). */
  priceText: string;
  /** The line's price, rounded once. */
  total: number;
};

/** One line as every message reads it. */
export function orderTextLine(item: OrderTextItem): OrderTextLine {
  const soldByWeight = item.soldByWeight === true;
  return {
    name: item.productName,
    soldByWeight,
    amount: formatAmount(item.quantity, { soldByWeight, unit: item.productUnit }),
    priceText: soldByWeight
      ? `${formatAmount(item.quantity, { soldByWeight })} x ${plainRupiah(item.price)}/kg`
      : `${item.quantity} x ${plainRupiah(item.price)}`,
    total: orderLineTotal(item),
  };
}

export type OrderTextTotals = {
  /** The goods before a promo. */
  subtotal: number;
  /** The fee before a promo's 'gratis ongkir'; null while staff have yet to agree the fee. */
  fee: number | null;
  /** What the 'Kode Promo' took off the goods and the fee; 0 for none. */
  promo: number;
  /** Subtotal plus the fee less the promo (the goods alone while the fee is unknown). */
  total: number;
  /** 'Saldo' taken into the bill: positive lowers what is paid, negative raises it; 0 for none. */
  balance: number;
  /** What the customer pays: the total less the balance. */
  toPay: number;
};

/** An order's amounts as stored: the goods and the fee after its promo, and what the promo took. */
export type OrderAmounts = {
  totalAmount: number;
  deliveryFee?: number | null;
  balanceApplied?: number | null;
  promoDiscount?: number | null;
  promoFeeDiscount?: number | null;
};

/** The totals of an order as every message states them. */
export function orderTextTotals(order: OrderAmounts): OrderTextTotals {
  const storedFee = order.deliveryFee ?? null;
  const total = orderGrandTotal(order.totalAmount, storedFee);
  const balance = order.balanceApplied ?? 0;
  const goodsOff = order.promoDiscount ?? 0;
  const feeOff = storedFee === null ? 0 : (order.promoFeeDiscount ?? 0);
  return {
    subtotal: order.totalAmount + goodsOff,
    fee: storedFee === null ? null : storedFee + feeOff,
    promo: goodsOff + feeOff,
    total,
    balance,
    toPay: amountDue({ totalAmount: order.totalAmount, deliveryFee: storedFee, balanceApplied: balance }),
  };
}

/** Said on a final bill whose weighed goods came to less than the code's minimum. */
export const PROMO_KEPT_BELOW_MINIMUM = "Promo tetap berlaku walau total timbang di bawah minimum";

export type OrderPromoText = {
  /** 'Promo HEMAT10 (10%, maks Rp20.000)'. */
  label: string;
  /** What it took off, goods and fee together. */
  amount: number;
  /** '−Rp12.000' (a chat writes '-Rp 12.000'). */
  amountText: string;
  /** The weighed goods came to less than the code's minimum: the promo stays. */
  belowMinimum: boolean;
};

/** The promo line of an order's bill in every channel, or null without a promo. */
export function orderPromoText(
  order: OrderAmounts & { promoCode?: string | null; promoTerms?: PromoTerms | null },
  style: "mail" | "chat" = "mail",
): OrderPromoText | null {
  if (!order.promoCode || !order.promoTerms) return null;
  const { promo, subtotal } = orderTextTotals(order);
  return {
    label:
      style === "chat"
        ? promoLabel(order.promoCode, order.promoTerms).replace(/\u00a0/g, " ")
        : promoLabel(order.promoCode, order.promoTerms),
    amount: promo,
    amountText: style === "chat" ? `-${plainRupiah(promo)}` : `−${formatRupiah(promo)}`,
    belowMinimum: order.promoTerms.minSpend > 0 && subtotal < order.promoTerms.minSpend,
  };
}

/** The promo as lines of a chat text: 'Promo HEMAT10: -Rp 5.000' and, when it applies, the minimum note. */
export function promoChatLines(order: Parameters<typeof orderPromoText>[0]): string[] {
  const promo = orderPromoText(order, "chat");
  if (!promo) return [];
  return [`${promo.label}: ${promo.amountText}`, ...(promo.belowMinimum ? [`(${PROMO_KEPT_BELOW_MINIMUM})`] : [])];
}

/**
 * 'Saldo' as a signed amount on a bill: '−Rp5.000' lowers it, '+Rp5.000' raises it (a chat
 * writes the minus as '-' and rupiah with plain spaces).
 */
export function balanceText(balance: number, style: "mail" | "chat" = "mail"): string {
  const amount = Math.abs(balance);
  if (style === "chat") return `${balance > 0 ? "-" : "+"}${plainRupiah(amount)}`;
  return `${balance > 0 ? "−" : "+"}${formatRupiah(amount)}`;
}

/**
 * "Selasa, 25 November 2026, Pagi (05:00 - 07:00)": the delivery an order was promised (with
 * the window stored on it), or a day's slot (`time` left out) joined by `separator`.
 */
export function deliverySentence(delivery: { date: string; slot: string; time?: string }, separator = ", "): string {
  return `${formatDateWithDay(delivery.date)}${separator}${slotLabel(delivery.slot, delivery.time)}`;
}

/** The one line under every 'Transfer tepat': what the last three digits are for. */
export const UNIQUE_CODE_EXPLANATION = "3 digit terakhir adalah kode unik untuk mencocokkan pembayaran Anda";

/** 'Transfer tepat Rp 100.123' (plain spaces, for a chat or an e-mail as for a page). */
export function transferExactlyText(amount: number): string {
  return `Transfer tepat ${plainRupiah(amount)}`;
}

/** The word that marks a total as an estimate: produce is weighed and the bill made final later. */
export const ESTIMATE_WORD = "perkiraan";

export type OrderTotalSummary = {
  /** The order's total (subtotal plus the fee once it is known): the one number every screen shows. */
  amount: number;
  /** The bill is final: the amount is what was packed and agreed. */
  final: boolean;
  /** The fee is still to be agreed, so the amount leaves it out. */
  feePending: boolean;
  /** 'Total akhir' once the bill is final, 'Total (perkiraan)' before. */
  label: string;
  /** What a list shows under the amount: 'perkiraan', 'perkiraan, belum termasuk ongkir', or null. */
  note: string | null;
};

/**
 * The total of an order as every screen states it (the lists, the live box, both order pages,
 * the invoice, the courier's sheet): the same amount everywhere, marked 'perkiraan' until the
 * bill is final and saying so when the fee is not in it yet.
 */
export function orderTotalSummary(order: {
  totalAmount: number;
  deliveryFee?: number | null;
  billFinal: boolean;
}): OrderTotalSummary {
  const { total, fee } = orderTextTotals(order);
  const feePending = fee === null;
  const parts = [order.billFinal ? null : ESTIMATE_WORD, feePending ? "belum termasuk ongkir" : null].filter(
    (part): part is string => part !== null,
  );
  return {
    amount: total,
    final: order.billFinal,
    feePending,
    label: order.billFinal ? "Total akhir" : `Total (${ESTIMATE_WORD})`,
    note: parts.length > 0 ? parts.join(", ") : null,
  };
}

/**
 * Where an order's fee came from, in the words a customer may read (an invoice, their page):
 * the area, or that the shop set it. How staff overrode an area's fee stays on the staff page.
 */
export function customerFeeSourceText(order: {
  deliveryFee: number | null;
  deliveryFeeSource: string | null;
  deliveryAreaName: string | null;
}): string {
  if (order.deliveryFee === null) return "Ditentukan CS via WhatsApp";
  if (order.deliveryFeeSource === "area" && order.deliveryAreaName) return `Area ${order.deliveryAreaName}`;
  if (order.deliveryAreaName) return `Area ${order.deliveryAreaName}, disepakati dengan CS`;
  return "Disepakati dengan CS";
}

/** The status note of an order staff merged into another ('Digabung ke #xxxx'), told to its customer. */
export const MERGED_NOTE = "Digabung ke #";

export function isMergedNote(note: string | null | undefined): boolean {
  return typeof note === "string" && note.startsWith(MERGED_NOTE);
}
