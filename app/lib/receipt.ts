// A receipt ('Struk') for a thermal roll printer, as plain monospaced lines: 32 columns on a
// 58 mm roll, 48 on 80 mm (the printers' usual Font A widths). Rupiah with dots, lines with
// their final weights, the total and where the payment stands. Pure, so the layout is tested
// without a browser.
import { orderTextLine, plainRupiah } from "./order-text";

export const RECEIPT_WIDTHS = { "58": 32, "80": 48 } as const;
export type ReceiptWidth = keyof typeof RECEIPT_WIDTHS;

export function isReceiptWidth(value: unknown): value is ReceiptWidth {
  return value === "58" || value === "80";
}

export type ReceiptInput = {
  shopName: string;
  shortId: string;
  /** 'Kamis, 26 November 2026 · Pagi (05:00 - 07:00)' */
  deliveryText: string;
  recipientName: string;
  items: { productName: string; productUnit: string; quantity: number; price: number; soldByWeight: boolean }[];
  deliveryFee: number | null;
  balanceApplied: number;
  grandTotal: number;
  amountDue: number;
  paymentText: string;
  orderUrl: string;
};

/** Words wrapped to `width` columns; a word longer than a line is cut. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > width) {
      if (line) {
        lines.push(line);
        line = "";
      }
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [""];
}

/** `left` and `right` on one line, the right end flush; wrapped when they do not fit. */
export function spread(left: string, right: string, width: number): string[] {
  if (left.length + 1 + right.length <= width) return [left + " ".repeat(width - left.length - right.length) + right];
  return [...wrap(left, width), " ".repeat(Math.max(0, width - right.length)) + right];
}

const centre = (text: string, width: number) =>
  wrap(text, width).map((l) => " ".repeat(Math.floor((width - l.length) / 2)) + l);

/** The receipt's lines at `width` columns. */
export function receiptLines(r: ReceiptInput, width: number): string[] {
  const rule = "-".repeat(width);
  const out = [...centre(r.shopName, width), ...centre(`Pesanan #${r.shortId}`, width), rule];
  out.push(...wrap(`Kirim: ${r.deliveryText}`, width), ...wrap(`Untuk: ${r.recipientName}`, width), rule);
  for (const item of r.items) {
    const line = orderTextLine(item);
    out.push(...wrap(line.name, width), ...spread(`  ${line.priceText}`, plainRupiah(line.total), width));
  }
  out.push(rule);
  if (r.deliveryFee !== null) out.push(...spread("Ongkir", plainRupiah(r.deliveryFee), width));
  else out.push(...wrap("Ongkir: dikonfirmasi CS", width));
  out.push(...spread("TOTAL", plainRupiah(r.grandTotal), width));
  if (r.balanceApplied !== 0) {
    out.push(...spread("Saldo", plainRupiah(-r.balanceApplied), width));
    out.push(...spread("Dibayar", plainRupiah(r.amountDue), width));
  }
  out.push(...wrap(`Pembayaran: ${r.paymentText}`, width), rule);
  out.push(...centre("Terima kasih!", width));
  return out.map((l) => l.replace(/\u00a0/g, " "));
}
