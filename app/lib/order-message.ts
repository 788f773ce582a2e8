// The one builder of the WhatsApp texts about an order: the order sent at checkout and the
// 'Butuh Bantuan?' question. Both name the real order number.
import { shortOrderId } from "./orders";
import { deliverySentence, orderTextLine, orderTextTotals, plainRupiah as rupiah, promoChatLines } from "./order-text";
import type { PromoTerms } from "./promo";
import { SUBSTITUTE_LABELS } from "./cart";
import { whatsappHref } from "./shop";
import { isPaymentMethod, paymentMethodLabel } from "./vocab/payment-methods";

export type OrderMessageItem = {
  name: string;
  /** Whole units, or grams when `soldByWeight`. */
  quantity: number;
  /** Unit price charged (after discount); per kg when `soldByWeight`. */
  price: number;
  soldByWeight?: boolean;
  /** The shopper's 'Catatan' for the line. */
  note?: string;
  /** 'Boleh diganti produk serupa' when true; 'Jangan diganti' otherwise. */
  allowSubstitute?: boolean;
};

export type OrderMessageInput = {
  shopName: string;
  orderId: string;
  customerName: string;
  address: string;
  phone: string;
  items: OrderMessageItem[];
  totalAmount: number;
  /** yyyy-mm-dd in the shop's zone. */
  deliveryDate: string;
  deliverySlot: string;
  deliveryTime: string;
  notes: string;
  /** The fee that applies, null while CS has yet to agree one. */
  deliveryFee?: number | null;
  /** The delivery area chosen at checkout (null: outside the areas). */
  deliveryAreaName?: string | null;
  /** 'Metode Pembayaran' chosen at checkout ('qris' | 'transfer' | 'cod'). */
  paymentMethod?: string | null;
  /** The 'Kode Promo' and what it took off the goods and the fee. */
  promoCode?: string | null;
  promoTerms?: PromoTerms | null;
  promoDiscount?: number;
  promoFeeDiscount?: number;
};

/** Subtotal, 'Ongkir' and the total with it once the fee is known; the products total alone before. */
function totalLines(order: OrderMessageInput, weighed: boolean): string[] {
  const estimate = weighed ? " (perkiraan)" : "";
  const totals = orderTextTotals(order);
  const promo = promoChatLines(order);
  if (totals.fee === null && promo.length === 0) return [`Total${estimate}: ${rupiah(totals.total)}`];
  const area = order.deliveryAreaName ? ` (${order.deliveryAreaName})` : "";
  return [
    `Subtotal${estimate}: ${rupiah(totals.subtotal)}`,
    ...(totals.fee === null ? [] : [`Ongkir${area}: ${totals.fee === 0 ? "Gratis" : rupiah(totals.fee)}`]),
    ...promo,
    `Total${estimate}: ${rupiah(totals.total)}`,
  ];
}

/**
 * The note and substitution choice under a line, indented. A line with neither says
 * nothing: 'Jangan diganti' is the default and the footer says so once.
 */
function lineOptionsText(item: OrderMessageItem): string[] {
  const note = item.note?.trim() ?? "";
  if (!note && !item.allowSubstitute) return [];
  return [
    ...(note ? [`   Catatan: ${note}`] : []),
    `   ${item.allowSubstitute ? SUBSTITUTE_LABELS.allowed : SUBSTITUTE_LABELS.refused}`,
  ];
}

/** The order as the shop's customer service receives it in the chat. */
export function buildOrderChatMessage(order: OrderMessageInput): string {
  const items = order.items.flatMap((item, i) => {
    const line = orderTextLine({ ...item, productName: item.name });
    return [
      `${i + 1}. ${line.name} - ${line.priceText} = ${rupiah(line.total)}${line.soldByWeight ? " (perkiraan, ditimbang)" : ""}`,
      ...lineOptionsText(item),
    ];
  });
  const weighed = order.items.some((item) => item.soldByWeight);
  const notes = order.notes.trim();
  return [
    `Halo ${order.shopName}, saya ingin memesan:`,
    "",
    `No. Pesanan: #${shortOrderId(order.orderId)}`,
    `Nama: ${order.customerName}`,
    `Alamat: ${order.address}`,
    `Telepon: ${order.phone}`,
    "",
    "Daftar Pesanan:",
    ...items,
    "",
    ...totalLines(order, weighed),
    `Pengiriman: ${deliverySentence({ date: order.deliveryDate, slot: order.deliverySlot, time: order.deliveryTime })}`,
    `Catatan: ${notes === "" ? "-" : notes}`,
    ...(isPaymentMethod(order.paymentMethod) ? [`Metode Pembayaran: ${paymentMethodLabel(order.paymentMethod)}`] : []),
    "",
    ...(orderTextTotals(order).fee === null ? ["Ongkir belum termasuk dan akan dikonfirmasi oleh CS."] : []),
    ...(weighed ? ["Harga akhir mengikuti berat timbangan."] : []),
    ...(order.items.some((item) => item.allowSubstitute)
      ? [`Produk tanpa keterangan: ${SUBSTITUTE_LABELS.refused}.`]
      : []),
    "Terima kasih.",
  ].join("\n");
}

/** The 'Butuh Bantuan?' question about one order. */
export function buildOrderHelpMessage(shopName: string, orderId: string): string {
  return `Halo ${shopName}, saya butuh bantuan untuk pesanan #${shortOrderId(orderId)}.`;
}

/**
 * What a shopper sends the shop after 'Tambah ke Pesanan': the order number, what joined it and
 * the goods' total now, so the chat with the shop says what the order page says.
 */
export function buildOrderAdditionMessage(input: {
  shopName: string;
  orderId: string;
  added: readonly string[];
  goodsTotal: number;
}): string {
  return [
    `Halo ${input.shopName}, saya menambah pesanan #${shortOrderId(input.orderId)}:`,
    ...input.added.map((line) => `- ${line}`),
    "",
    `Total belanja sekarang: ${rupiah(input.goodsTotal)} (ongkir tetap sekali).`,
    "Terima kasih.",
  ].join("\n");
}

/** https://wa.me/<shop number>?text=<message>, every character of the text preserved. */
export function orderChatUrl(shopWhatsapp: string, message: string): string {
  return whatsappHref(shopWhatsapp, message);
}

/** An order as stored (or as shown to its customer) in the shape the builder reads. */
export type StoredOrderForMessage = {
  id: string;
  recipientName: string;
  recipientAddress: string;
  recipientPhone: string;
  totalAmount: number;
  deliveryDate: string;
  deliverySlot: string;
  deliveryTime: string;
  notes: string;
  deliveryFee?: number | null;
  deliveryAreaName?: string | null;
  paymentMethod?: string | null;
  promoCode?: string | null;
  promoTerms?: PromoTerms | null;
  promoDiscount?: number;
  promoFeeDiscount?: number;
  items: readonly {
    productName: string;
    quantity: number;
    price: number;
    soldByWeight?: boolean;
    note?: string;
    allowSubstitute?: boolean;
  }[];
};

/** The checkout chat link of a stored order. */
export function storedOrderChatUrl(order: StoredOrderForMessage, shop: { name: string; whatsapp: string }): string {
  return orderChatUrl(
    shop.whatsapp,
    buildOrderChatMessage({
      shopName: shop.name,
      orderId: order.id,
      customerName: order.recipientName,
      address: order.recipientAddress,
      phone: order.recipientPhone,
      items: order.items.map((i) => ({
        name: i.productName,
        quantity: i.quantity,
        price: i.price,
        soldByWeight: i.soldByWeight,
        note: i.note,
        allowSubstitute: i.allowSubstitute,
      })),
      totalAmount: order.totalAmount,
      deliveryDate: order.deliveryDate,
      deliverySlot: order.deliverySlot,
      deliveryTime: order.deliveryTime,
      notes: order.notes,
      deliveryFee: order.deliveryFee,
      deliveryAreaName: order.deliveryAreaName,
      paymentMethod: order.paymentMethod,
      promoCode: order.promoCode,
      promoTerms: order.promoTerms,
      promoDiscount: order.promoDiscount,
      promoFeeDiscount: order.promoFeeDiscount,
    }),
  );
}
