// The staff's CSV export: the orders of a date range, one spreadsheet row each.
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { orders, users } from "~/db/schema";
import { addDays, isValidDateString, SHOP_TIME_ZONE, shopDate, startOfShopDay } from "~/lib/dates";
import { orderGrandTotal, shortOrderId } from "~/lib/orders";
import { amountDue } from "~/lib/payments";
import { orderStatusLabel } from "~/lib/vocab/order-statuses";
import { paymentMethodLabel } from "~/lib/vocab/payment-methods";
import { paymentStatusLabel } from "~/lib/vocab/payment-statuses";
import { formatIndonesianPhone } from "~/lib/phone";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { toCsv } from "../csv.server";
import { adminOrderColumns, orderItemCount } from "./columns.server";

export const MAX_EXPORT_DAYS = 366;

const bothValid = (v: { from: string; to: string }) => isValidDateString(v.from) && isValidDateString(v.to);

export const exportSchema = z
  .object({
    from: z.string({ message: "Pilih tanggal awal." }).refine(isValidDateString, "Tanggal awal tidak valid."),
    to: z.string({ message: "Pilih tanggal akhir." }).refine(isValidDateString, "Tanggal akhir tidak valid."),
    basis: z.enum(["created", "delivery"]).catch("created"),
  })
  // Zod runs these even when a date above failed; they only judge two valid dates.
  .refine((v) => !bothValid(v) || v.from <= v.to, {
    message: "Tanggal awal harus sebelum tanggal akhir.",
    path: ["to"],
  })
  .refine((v) => !bothValid(v) || v.to <= addDays(v.from, MAX_EXPORT_DAYS - 1), {
    message: `Rentang tanggal maksimal ${MAX_EXPORT_DAYS} hari.`,
    path: ["to"],
  });
export type ExportFilters = z.infer<typeof exportSchema>;

export const CSV_HEADER = [
  "No. Pesanan",
  "ID Pesanan",
  "Tanggal Pesan",
  "Tanggal Kirim",
  "Waktu Kirim",
  "Status",
  "Nama Penerima",
  "Telepon",
  "Alamat",
  "Email Akun",
  "Produk",
  "Jumlah Barang",
  "Subtotal",
  "Ongkir",
  "Total",
  "Catatan",
  "Metode Pembayaran",
  "Status Pembayaran",
  "Saldo Dipakai",
  "Jumlah Ditagih",
  "Jumlah Diterima",
  // Last, so a sheet built on the columns above keeps its places. Subtotal and Ongkir are already
  // net of the promo; this is what it took off both, for the books.
  "Kode Promo",
  "Potongan Promo",
];

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026-11-22 09:15" in Jakarta time: sorts correctly and every spreadsheet reads it. */
function spreadsheetDateTime(instant: Date): string {
  return `${shopDate(instant)} ${clock.format(instant)}`;
}

/** Orders of a date range (by order date or delivery date) as a spreadsheet-ready CSV. */
export async function exportOrdersCsv(
  db: Queryable,
  actor: AdminActor,
  filters: ExportFilters,
): Promise<{ csv: string; count: number }> {
  assertAdmin(actor);
  const range =
    filters.basis === "delivery"
      ? and(gte(orders.deliveryDate, filters.from), lt(orders.deliveryDate, addDays(filters.to, 1)))
      : and(
          gte(orders.createdAt, startOfShopDay(filters.from)),
          lt(orders.createdAt, startOfShopDay(addDays(filters.to, 1))),
        );
  const rows = await db
    .select({
      ...adminOrderColumns,
      email: users.email,
      // Weighed lines read '0,75 kg' (exact numeric, comma decimal), others 'x3 per ikat'.
      items: sql<string>`(select coalesce(string_agg(case when oi.sold_by_weight then oi.product_name || ' ' || replace(trim_scale(oi.quantity::numeric / 1000)::text, '.', ',') || ' kg' else oi.product_name || ' x' || oi.quantity || ' ' || oi.product_unit end, ', ' order by oi.product_name), '') from order_items oi where oi.order_id = "orders"."id")`,
      quantity: orderItemCount,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(range)
    .orderBy(asc(orders.createdAt), asc(orders.id));
  // "#" keeps spreadsheets from reading an all-digit number (or 1e5...) as a number;
  // phones are written 0812-... for the same reason and because staff read them so.
  const data = rows.map((r) => [
    `#${shortOrderId(r.id)}`,
    r.id,
    spreadsheetDateTime(r.createdAt),
    r.deliveryDate,
    r.deliveryTime,
    orderStatusLabel(r.status),
    r.recipientName,
    formatIndonesianPhone(r.recipientPhone),
    r.recipientAddress,
    r.email,
    r.items,
    r.quantity,
    r.totalAmount,
    r.deliveryFee,
    orderGrandTotal(r.totalAmount, r.deliveryFee),
    r.notes,
    paymentMethodLabel(r.paymentMethod),
    paymentStatusLabel(r.paymentStatus),
    r.balanceApplied,
    amountDue(r),
    r.paidAmount,
    r.promoCode ?? "",
    r.promoDiscount + r.promoFeeDiscount,
  ]);
  return { csv: toCsv(CSV_HEADER, data), count: rows.length };
}
