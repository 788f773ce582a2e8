// The sales report's date range and the arithmetic its charts share (pure: used by the
// server module and the page).
import { addDays, isValidDateString } from "./dates";
import type { DeliverySlot } from "./vocab/delivery-slots";
import type { OrderStatus } from "./vocab/order-statuses";
import type { PaymentStatus } from "./vocab/payment-statuses";
import { formatAmount } from "./weight";

export const REPORT_DEFAULT_DAYS = 30;
/** A year and a day: a whole leap year fits, and the report stays a few thousand rows. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_TOP_PRODUCTS = 10;

export type ReportRange = { from: string; to: string };
export type ReportRangeField = "from" | "to";
export type ReportRangeResult =
  | { ok: true; range: ReportRange }
  | { ok: false; message: string; field: ReportRangeField; range: ReportRange; values: { from: string; to: string } };

/** The last `REPORT_DEFAULT_DAYS` shop days, today included. */
export function defaultReportRange(today: string): ReportRange {
  return { from: addDays(today, -(REPORT_DEFAULT_DAYS - 1)), to: today };
}

/** Days from `from` to `to`, both counted. */
export function daysInRange(range: ReportRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every date of the range, oldest first. */
export function listDays(range: ReportRange): string[] {
  const n = daysInRange(range);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(range.from, i));
}

/**
 * The range asked for in the query string (`from`, `to`, yyyy-mm-dd as a date field sends
 * them). Empty means the default; a bad value gets an Indonesian message and the page falls
 * back to the default range, never an error page.
 */
export function parseReportRange(params: URLSearchParams, today: string): ReportRangeResult {
  const fallback = defaultReportRange(today);
  const rawFrom = (params.get("from") ?? "").trim();
  const rawTo = (params.get("to") ?? "").trim();
  const values = { from: rawFrom.slice(0, 20), to: rawTo.slice(0, 20) };
  const fail = (field: ReportRangeField, message: string): ReportRangeResult => ({
    ok: false,
    field,
    message,
    range: fallback,
    values,
  });
  if (rawFrom && !isValidDateString(rawFrom))
    return fail("from", "Tanggal awal tidak valid. Pilih tanggal dari kalender (format TTTT-BB-HH).");
  if (rawTo && !isValidDateString(rawTo))
    return fail("to", "Tanggal akhir tidak valid. Pilih tanggal dari kalender (format TTTT-BB-HH).");
  // One end alone: the other is a default range's length away (never past today).
  const to = rawTo || (rawFrom ? minDate(addDays(rawFrom, REPORT_DEFAULT_DAYS - 1), today) : today);
  const from = rawFrom || addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  if (to > today) return fail("to", "Tanggal akhir tidak boleh setelah hari ini: belum ada penjualannya.");
  if (from > to) return fail("from", "Tanggal awal harus sama dengan atau sebelum tanggal akhir.");
  if (from < "2000-01-01") return fail("from", "Tanggal awal terlalu jauh ke belakang.");
  const range = { from, to };
  if (daysInRange(range) > REPORT_MAX_DAYS)
    return fail("to", `Rentang laporan paling panjang ${REPORT_MAX_DAYS} hari. Persempit tanggalnya.`);
  return { ok: true, range };
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

/** A round upper bound for a chart axis (1, 2, 2.5 or 5 times a power of ten), at least 1. */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

/** A share in percent with one decimal, Indonesian notation: 2.5 -> '2,5%'. */
export function formatPercent(part: number, whole: number): string {
  if (!whole) return "0%";
  return `${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 }).format((part / whole) * 100)}%`;
}

/** A whole number in Indonesian notation: 12500 -> '12.500'. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat("id-ID").format(n);
}

/** A short label for an axis: 1.250.000 -> '1,3 jt', 45.000 -> '45 rb'. */
export function formatShortRupiah(amount: number): string {
  const f = (n: number) => new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 }).format(n);
  if (amount >= 1_000_000_000) return `${f(amount / 1_000_000_000)} M`;
  if (amount >= 1_000_000) return `${f(amount / 1_000_000)} jt`;
  if (amount >= 1_000) return `${f(amount / 1_000)} rb`;
  return f(amount);
}

export type DayFigures = {
  day: string;
  /** Orders not cancelled, and what they come to (items plus delivery fees). */
  orders: number;
  revenue: number;
  cancelledOrders: number;
  cancelledValue: number;
};

export type SlotFigures = { slot: DeliverySlot; label: string; orders: number; revenue: number };

/** Orders that are not cancelled, by where their payment stands. */
export type PaymentFigures = {
  status: PaymentStatus;
  label: string;
  orders: number;
  /** What those orders come to (items plus delivery fees). */
  value: number;
  /** What staff counted as received ('Tandai Lunas'). */
  paid: number;
};

export type StatusFigures = { status: OrderStatus; label: string; orders: number; value: number };

export type ProductFigures = {
  key: string;
  name: string;
  unit: string;
  soldByWeight: boolean;
  /** Units, or grams when sold by weight. */
  quantity: number;
  revenue: number;
  lines: number;
};

export type SalesReport = {
  range: ReportRange;
  dayCount: number;
  totals: {
    orders: number;
    revenue: number;
    itemsTotal: number;
    feeTotal: number;
    averageOrderValue: number;
    cancelledOrders: number;
    cancelledValue: number;
    /** Every order placed in the range, cancelled ones included. */
    placedOrders: number;
  };
  days: DayFigures[];
  slots: SlotFigures[];
  statuses: StatusFigures[];
  payments: PaymentFigures[];
  topByRevenue: ProductFigures[];
  topByUnits: ProductFigures[];
  topByWeight: ProductFigures[];
};

/** A product's amount as staff read it: '12,5 kg' or '40 per ikat'. */
export function productAmount(p: Pick<ProductFigures, "quantity" | "soldByWeight" | "unit">): string {
  return formatAmount(p.quantity, { soldByWeight: p.soldByWeight, unit: p.unit, grouped: true });
}
