// 'Laporan Penjualan': sales figures of a date range for the owner, read from the per-day
// figures the database keeps beside the orders (order_day_stats, order_product_day_stats,
// kept by triggers; see the migration that made them), so a year of a busy shop is a few
// thousand rows, not a million orders. Days are the shop's days (Asia/Jakarta) on which the
// orders were placed.
import { WORDS } from "~/lib/vocab/words";
import { and, asc, between, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orderDayStats } from "~/db/schema";
import { formatDate } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { PAYMENT_STATUS, PAYMENT_STATUSES, type PaymentStatus } from "~/lib/vocab/payment-statuses";
import { DELIVERY_SLOTS, type DeliverySlot, slotName } from "~/lib/vocab/delivery-slots";
import { ORDER_STATUSES, orderStatusLabel, type OrderStatus } from "~/lib/vocab/order-statuses";
import {
  daysInRange,
  listDays,
  REPORT_TOP_PRODUCTS,
  type DayFigures,
  type PaymentFigures,
  type ReportRange,
  type SalesReport,
  type SlotFigures,
  type StatusFigures,
} from "~/lib/reports";
import { formatKg } from "~/lib/weight";
import { assertOwner, type AdminActor } from "../accounts/actor.server";
import { rankBestSellers } from "./best-sellers.server";
import { csvRow } from "../csv.server";

/** The day, slot and status figures of the range: at most a few thousand rows for a year. */
export async function readDayFigures(db: Queryable, range: ReportRange) {
  return db
    .select({
      day: orderDayStats.day,
      slot: orderDayStats.slot,
      status: orderDayStats.status,
      paymentStatus: orderDayStats.paymentStatus,
      orders: orderDayStats.orderCount,
      itemsTotal: sql<number>`${orderDayStats.itemsTotal}::float8`,
      feeTotal: sql<number>`${orderDayStats.feeTotal}::float8`,
      paidTotal: sql<number>`${orderDayStats.paidTotal}::float8`,
    })
    .from(orderDayStats)
    .where(and(between(orderDayStats.day, range.from, range.to)))
    .orderBy(asc(orderDayStats.day));
}

/**
 * The best sellers of the range: by revenue, by units (products sold per piece, bunch...)
 * and by weight (products sold per kg). Units and grams are never ranked together. Ranked
 * from the per-day product figures (best-sellers.server.ts).
 */
export async function readTopProducts(db: Queryable, range: ReportRange, limit = REPORT_TOP_PRODUCTS) {
  return rankBestSellers(db, range, limit);
}

export async function loadSalesReport(db: Queryable, actor: AdminActor, range: ReportRange): Promise<SalesReport> {
  assertOwner(actor);
  const [rows, top] = await Promise.all([readDayFigures(db, range), readTopProducts(db, range)]);
  const byDay = new Map<string, DayFigures>(
    listDays(range).map((day) => [day, { day, orders: 0, revenue: 0, cancelledOrders: 0, cancelledValue: 0 }]),
  );
  const slots = new Map<DeliverySlot, SlotFigures>(
    (Object.keys(DELIVERY_SLOTS) as DeliverySlot[]).map((slot) => [
      slot,
      { slot, label: slotName(slot), orders: 0, revenue: 0 },
    ]),
  );
  const statuses = new Map<OrderStatus, StatusFigures>(
    ORDER_STATUSES.map((status) => [status, { status, label: orderStatusLabel(status), orders: 0, value: 0 }]),
  );
  const payments = new Map<PaymentStatus, PaymentFigures>(
    PAYMENT_STATUSES.map((status) => [
      status,
      { status, label: PAYMENT_STATUS[status].label, orders: 0, value: 0, paid: 0 },
    ]),
  );
  const totals = {
    orders: 0,
    revenue: 0,
    itemsTotal: 0,
    feeTotal: 0,
    averageOrderValue: 0,
    cancelledOrders: 0,
    cancelledValue: 0,
    placedOrders: 0,
  };
  for (const r of rows) {
    const value = r.itemsTotal + r.feeTotal;
    const day = byDay.get(r.day);
    const status = statuses.get(r.status as OrderStatus);
    if (status) {
      status.orders += r.orders;
      status.value += value;
    }
    totals.placedOrders += r.orders;
    if (r.status === "cancelled") {
      totals.cancelledOrders += r.orders;
      totals.cancelledValue += value;
      if (day) {
        day.cancelledOrders += r.orders;
        day.cancelledValue += value;
      }
      continue;
    }
    totals.orders += r.orders;
    totals.revenue += value;
    totals.itemsTotal += r.itemsTotal;
    totals.feeTotal += r.feeTotal;
    if (day) {
      day.orders += r.orders;
      day.revenue += value;
    }
    const payment = payments.get(r.paymentStatus as PaymentStatus);
    if (payment) {
      payment.orders += r.orders;
      payment.value += value;
      payment.paid += r.paidTotal;
    }
    const slot = slots.get(r.slot as DeliverySlot);
    if (slot) {
      slot.orders += r.orders;
      slot.revenue += value;
    }
  }
  totals.averageOrderValue = totals.orders ? Math.round(totals.revenue / totals.orders) : 0;
  return {
    range,
    dayCount: daysInRange(range),
    totals,
    days: [...byDay.values()],
    slots: [...slots.values()],
    statuses: [...statuses.values()],
    payments: [...payments.values()],
    topByRevenue: top.revenue,
    topByUnits: top.units,
    topByWeight: top.weight,
  };
}

/**
 * The same figures as a CSV in the shop's spreadsheet conventions (UTF-8 with BOM,
 * semicolons, CRLF; see csv.server.ts): one titled section per table, a blank row between.
 * Money in whole rupiah and counts as plain numbers so columns can be summed; weights as
 * kilograms with a decimal comma, as Indonesian spreadsheets read them.
 */
export function salesReportCsv(report: SalesReport): string {
  const kg = (grams: number) => formatKg(grams).replace(/ kg$/, "").replace(/\./g, "");
  const sections: (string | number | null)[][][] = [
    [
      ["Laporan Penjualan", `${report.range.from} s.d. ${report.range.to}`],
      ["Dihitung menurut", "tanggal pesanan dibuat (WIB); pendapatan = pesanan yang tidak dibatalkan"],
    ],
    [
      ["Ringkasan", "Nilai"],
      ["Pendapatan (Rp)", report.totals.revenue],
      ["Subtotal produk (Rp)", report.totals.itemsTotal],
      [`${WORDS.deliveryFee} (Rp)`, report.totals.feeTotal],
      ["Pesanan (tidak dibatalkan)", report.totals.orders],
      ["Rata-rata per pesanan (Rp)", report.totals.averageOrderValue],
      ["Pesanan dibatalkan", report.totals.cancelledOrders],
      ["Nilai pesanan dibatalkan (Rp)", report.totals.cancelledValue],
    ],
    [
      ["Tanggal", "Pesanan", "Pendapatan (Rp)", "Dibatalkan", "Nilai dibatalkan (Rp)"],
      ...report.days.map((d) => [d.day, d.orders, d.revenue, d.cancelledOrders, d.cancelledValue]),
    ],
    [
      ["Slot", "Waktu", "Pesanan", "Pendapatan (Rp)"],
      ...report.slots.map((s) => [s.label, DELIVERY_SLOTS[s.slot].time, s.orders, s.revenue]),
    ],
    [["Status", "Pesanan", "Nilai (Rp)"], ...report.statuses.map((s) => [s.label, s.orders, s.value])],
    [
      ["Status pembayaran (tidak dibatalkan)", "Pesanan", "Nilai (Rp)", "Diterima (Rp)"],
      ...report.payments.map((p) => [p.label, p.orders, p.value, p.paid]),
    ],
    [
      ["Produk terlaris menurut pendapatan", "Jumlah", "Satuan", "Pendapatan (Rp)"],
      ...report.topByRevenue.map((p) => [
        p.name,
        p.soldByWeight ? kg(p.quantity) : p.quantity,
        p.soldByWeight ? "kg" : p.unit,
        p.revenue,
      ]),
    ],
    [
      ["Produk terlaris menurut jumlah (satuan)", "Jumlah", "Satuan", "Pendapatan (Rp)"],
      ...report.topByUnits.map((p) => [p.name, p.quantity, p.unit, p.revenue]),
    ],
    [
      ["Produk terlaris menurut berat (ditimbang)", "Berat (kg)", "Satuan", "Pendapatan (Rp)"],
      ...report.topByWeight.map((p) => [p.name, kg(p.quantity), "kg", p.revenue]),
    ],
  ];
  const lines = sections.flatMap((rows, i) => [...(i ? [""] : []), ...rows.map((r) => csvRow(r))]);
  return `\uFEFF${lines.map((l) => `${l}\r\n`).join("")}`;
}

export function salesReportFilename(range: ReportRange): string {
  return `laporan-penjualan-${range.from}-sd-${range.to}.csv`;
}

/** One line for the page's description of the chart ('Pendapatan tertinggi ...'). */
export function revenueSummary(report: SalesReport): string {
  const best = report.days.reduce<DayFigures | null>((b, d) => (!b || d.revenue > b.revenue ? d : b), null);
  if (!best || best.revenue === 0) return "Belum ada pendapatan pada rentang ini.";
  return `Total ${formatRupiah(report.totals.revenue)} dalam ${report.dayCount} hari; tertinggi ${formatRupiah(best.revenue)} pada ${formatDate(best.day)}.`;
}
