// Why a product's stock moved, as stored in `stock_adjustments.reason` and shown in the
// product's stock history ('Riwayat Stok'). Every writer of a ledger row names one of these.

export const STOCK_REASON = {
  initial: { label: "Stok awal" },
  manual: { label: "Diubah admin" },
  restock: { label: "Barang masuk" },
  correction: { label: "Koreksi stok" },
  order: { label: "Pesanan" },
  edit: { label: "Pesanan diubah" },
  cancel: { label: "Pesanan dibatalkan" },
  uncancel: { label: "Pesanan diaktifkan lagi" },
} as const satisfies Record<string, { label: string }>;

export type StockReason = keyof typeof STOCK_REASON;

export const STOCK_REASONS = Object.keys(STOCK_REASON) as StockReason[];

export function isStockReason(value: unknown): value is StockReason {
  return typeof value === "string" && Object.hasOwn(STOCK_REASON, value);
}

/** The history's words for a reason; a value this version does not know shows as stored. */
export function stockReasonLabel(reason: string): string {
  return isStockReason(reason) ? STOCK_REASON[reason].label : reason;
}
