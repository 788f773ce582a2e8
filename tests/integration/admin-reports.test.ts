// 'Laporan Penjualan': the figures of a range as the owner reads them on the page and in
// the CSV, the range rules with their Indonesian messages, and the owner-only door.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER_ONLY_MESSAGE } from "~/lib/roles";
import { formatRupiah } from "~/lib/money";
import type { SalesReport } from "~/lib/reports";
import * as reportsRoute from "~/routes/admin.reports";
import * as exportRoute from "~/routes/admin.reports.export";
import { setOrderStatus } from "~/server/orders/status.server";
import { markOrderPaid } from "~/server/orders/payments.server";
import { fixedClock, resetClock, setClock } from "~/server/clock.server";
import { loadSalesReport, salesReportCsv } from "~/server/reports/sales.server";
import { createOrder, createProduct, createUser, signIn, type TestUser } from "../support/factories";
import { callLoader, cookiesAfter, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let owner: TestUser;
let staff: TestUser;
let customer: TestUser;
let ownerCookie: string;
let staffCookie: string;

// "Today" in Jember is 25 November 2026.
const TODAY = "2026-11-25";
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  setClock(fixedClock("2026-11-25T10:00:00+07:00"));
  testDb = await createTestDatabase();
  useTestDatabase(testDb);
  owner = await createUser(testDb.db, { role: "admin", name: "Bu Pemilik" });
  staff = await createUser(testDb.db, { role: "staff", name: "Mas Staf" });
  customer = await createUser(testDb.db, { name: "Siti Aminah" });
  ownerCookie = await signIn(testDb.db, owner);
  staffCookie = await signIn(testDb.db, staff);

  const bayam = await createProduct(testDb.db, { name: "Bayam Hijau", price: 5000, unit: "per ikat", stock: 1000 });
  const telur = await createProduct(testDb.db, { name: "Telur Ayam", price: 2500, unit: "per butir", stock: 1000 });
  const tomat = await createProduct(testDb.db, {
    name: "Tomat Merah",
    price: 18_000,
    unit: "per kg",
    soldByWeight: true,
    weightStep: 250,
    weightMin: 250,
    stock: 100_000,
  });
  const jeruk = await createProduct(testDb.db, {
    name: "Jeruk Semboro",
    price: 24_000,
    unit: "per kg",
    soldByWeight: true,
    weightStep: 250,
    weightMin: 250,
    stock: 100_000,
  });
  const order = (input: Parameters<typeof createOrder>[1]) => createOrder(testDb.db, input);
  // 24 Nov 08:00 WIB, pagi: 2 x 5.000 + 1,5 kg x 18.000 = 37.000, fee 10.000.
  await order({
    userId: customer.id,
    createdAt: at("2026-11-24T08:00:00+07:00"),
    deliverySlot: "pagi",
    deliveryFee: 10_000,
    items: [
      { productId: bayam.id, quantity: 2 },
      { productId: tomat.id, quantity: 1500 },
    ],
  });
  // 24 Nov 23:30 WIB (16:30 UTC, still the 24th in Jember), sore: 10 x 2.500 + 0,75 kg x 24.000 = 43.000.
  await order({
    userId: customer.id,
    createdAt: at("2026-11-24T16:30:00Z"),
    deliverySlot: "sore",
    deliveryFee: 5000,
    items: [
      { productId: telur.id, quantity: 10 },
      { productId: jeruk.id, quantity: 750 },
    ],
  });
  // 25 Nov 00:10 WIB (24 Nov 17:10 UTC): the 25th in Jember. 1 x 5.000, no fee agreed yet; paid 5.000.
  const paid = await order({
    userId: customer.id,
    createdAt: at("2026-11-24T17:10:00Z"),
    deliverySlot: "pagi",
    items: [{ productId: bayam.id, quantity: 1 }],
  });
  expect((await markOrderPaid(testDb.db, owner, paid.id, { paidAmount: 5000 })).ok).toBe(true);
  // Cancelled on the 23rd: 2 kg tomatoes (36.000) + fee 8.000; counts only as a cancellation.
  const cancelled = await order({
    userId: customer.id,
    createdAt: at("2026-11-23T09:00:00+07:00"),
    deliverySlot: "sore",
    deliveryFee: 8000,
    items: [{ productId: tomat.id, quantity: 2000 }],
  });
  await setOrderStatus(testDb.db, owner, { orderId: cancelled.id, status: "cancelled" });
  // Outside the default range (60 days ago).
  await order({
    userId: customer.id,
    createdAt: at("2026-09-26T09:00:00+07:00"),
    items: [{ productId: telur.id, quantity: 30 }],
  });
});

afterAll(async () => {
  releaseTestDatabase();
  resetClock();
  await testDb?.destroy();
});

type Body = {
  report: SalesReport;
  summary: string;
  today: string;
  error: { message: string; field: string; values: { from: string; to: string } } | null;
};

async function page(query = "", cookie = ownerCookie) {
  const result = await callLoader(reportsRoute.loader, `/admin/reports${query}`, { cookie });
  return { ...result, body: result.data as Body };
}

describe("the sales report", () => {
  it("adds up the last 30 Jakarta days by default", async () => {
    const { status, body } = await page();
    expect(status).toBe(200);
    const { report, error } = body;
    expect(error).toBeNull();
    expect(report.range).toEqual({ from: "2026-10-27", to: TODAY });
    expect(report.days).toHaveLength(30);
    expect(report.totals).toEqual({
      orders: 3,
      // 37.000 + 10.000 + 43.000 + 5.000 + 5.000
      revenue: 100_000,
      itemsTotal: 85_000,
      feeTotal: 15_000,
      averageOrderValue: 33_333,
      cancelledOrders: 1,
      cancelledValue: 44_000,
      placedOrders: 4,
    });
    const day = (d: string) => report.days.find((x) => x.day === d);
    // The 23:30 order belongs to the 24th, the 00:10 one to the 25th (Jakarta days, not UTC).
    expect(day("2026-11-24")).toEqual({
      day: "2026-11-24",
      orders: 2,
      revenue: 95_000,
      cancelledOrders: 0,
      cancelledValue: 0,
    });
    expect(day(TODAY)?.revenue).toBe(5000);
    expect(day("2026-11-23")).toMatchObject({ orders: 0, revenue: 0, cancelledOrders: 1, cancelledValue: 44_000 });
    expect(report.slots).toEqual([
      { slot: "pagi", label: "Pagi", orders: 2, revenue: 52_000 },
      { slot: "sore", label: "Sore", orders: 1, revenue: 48_000 },
    ]);
    expect(report.statuses.find((s) => s.status === "cancelled")).toMatchObject({ orders: 1, value: 44_000 });
    expect(report.statuses.find((s) => s.status === "pending")).toMatchObject({ orders: 3, value: 100_000 });
    // Payment totals count the orders that are not cancelled.
    expect(report.payments).toEqual([
      { status: "unpaid", label: "Belum Bayar", orders: 2, value: 95_000, paid: 0 },
      { status: "pending", label: "Menunggu Verifikasi", orders: 0, value: 0, paid: 0 },
      { status: "paid", label: "Lunas", orders: 1, value: 5000, paid: 5000 },
      { status: "rejected", label: "Ditolak", orders: 0, value: 0, paid: 0 },
    ]);
  });

  it("ranks the best sellers by revenue, by units and by weight, leaving out cancelled orders", async () => {
    const { report } = (await page()).body;
    expect(report.topByRevenue.map((p) => [p.name, p.revenue])).toEqual([
      ["Tomat Merah", 27_000],
      ["Telur Ayam", 25_000],
      ["Jeruk Semboro", 18_000],
      ["Bayam Hijau", 15_000],
    ]);
    expect(report.topByUnits.map((p) => [p.name, p.quantity])).toEqual([
      ["Telur Ayam", 10],
      ["Bayam Hijau", 3],
    ]);
    // Grams inside, kilograms in Indonesian notation for people.
    expect(report.topByWeight.map((p) => [p.name, p.quantity])).toEqual([
      ["Tomat Merah", 1500],
      ["Jeruk Semboro", 750],
    ]);
  });

  it("takes a chosen range, or one end of it", async () => {
    const { report } = (await page("?from=2026-09-01&to=2026-09-30")).body;
    expect(report.totals.orders).toBe(1);
    expect(report.totals.revenue).toBe(75_000);
    expect(report.topByUnits[0]).toMatchObject({ name: "Telur Ayam", quantity: 30 });
    // One end alone: 30 days from the start.
    expect((await page("?from=2026-09-01")).body.report.range).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect((await page("?to=2026-11-01")).body.report.range).toEqual({ from: "2026-10-03", to: "2026-11-01" });
  });

  it("refuses a bad range with an Indonesian message and shows the last 30 days instead", async () => {
    const cases: [string, string, string][] = [
      ["?from=2026-11-20&to=2026-11-10", "from", "Tanggal awal harus sama dengan atau sebelum tanggal akhir."],
      ["?from=2025-01-01&to=2026-11-01", "to", "Rentang laporan paling panjang 366 hari. Persempit tanggalnya."],
      ["?from=kemarin", "from", "Tanggal awal tidak valid. Pilih tanggal dari kalender (format TTTT-BB-HH)."],
      [
        "?from=2026-11-01&to=2026-02-30",
        "to",
        "Tanggal akhir tidak valid. Pilih tanggal dari kalender (format TTTT-BB-HH).",
      ],
      ["?from=2026-11-01&to=2026-11-26", "to", "Tanggal akhir tidak boleh setelah hari ini: belum ada penjualannya."],
    ];
    for (const [query, field, message] of cases) {
      const { status, body, thrown } = await page(query);
      expect(thrown, query).toBe(false);
      expect(status, query).toBe(400);
      expect(body.error, query).toMatchObject({ field, message });
      expect(body.report.range, query).toEqual({ from: "2026-10-27", to: TODAY });
    }
    // A whole leap year and a day fits.
    expect((await page("?from=2025-11-25&to=2026-11-25")).status).toBe(200);
  });

  it("is the owner's: staff get the Indonesian owner-only answer, the module refuses them too", async () => {
    const result = await page("", staffCookie);
    expect(result.thrown).toBe(true);
    expect(result.status).toBe(403);
    expect(result.data).toEqual({ message: OWNER_ONLY_MESSAGE });
    const csv = await callLoader(exportRoute.loader, "/admin/reports/export.csv", { cookie: staffCookie });
    expect(csv.status).toBe(403);
    for (const actor of [
      { id: staff.id, role: "staff" as const },
      { id: customer.id, role: "customer" as const },
    ]) {
      const refusal = await loadSalesReport(testDb.db, actor, { from: TODAY, to: TODAY }).catch((e: unknown) => e);
      expect(refusal instanceof Response ? refusal.status : refusal).toBe(403);
    }
  });
});

describe("the CSV download", () => {
  it("holds the same figures as the page, in the shop's spreadsheet format", async () => {
    const result = await callLoader(exportRoute.loader, "/admin/reports/export.csv?from=2026-11-01&to=2026-11-25", {
      cookie: ownerCookie,
    });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(result.headers.get("content-disposition")).toBe(
      'attachment; filename="laporan-penjualan-2026-11-01-sd-2026-11-25.csv"',
    );
    const bytes = new Uint8Array(await result.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parse(text, { delimiter: ";", relax_column_count: true }) as string[][];
    const row = (first: string) => rows.find((r) => r[0] === first);
    expect(row("Pendapatan (Rp)")).toEqual(["Pendapatan (Rp)", "100000"]);
    expect(row("Rata-rata per pesanan (Rp)")).toEqual(["Rata-rata per pesanan (Rp)", "33333"]);
    expect(row("Pesanan dibatalkan")).toEqual(["Pesanan dibatalkan", "1"]);
    expect(row("2026-11-24")).toEqual(["2026-11-24", "2", "95000", "0", "0"]);
    expect(row("2026-11-23")).toEqual(["2026-11-23", "0", "0", "1", "44000"]);
    expect(row("Pagi")).toEqual(["Pagi", "05:00 - 07:00", "2", "52000"]);
    expect(row("Dibatalkan")).toEqual(["Dibatalkan", "1", "44000"]);
    expect(row("Lunas")).toEqual(["Lunas", "1", "5000", "5000"]);
    // Weighed products in kilograms with a decimal comma.
    const weighedHeader = rows.findIndex((r) => r[0] === "Produk terlaris menurut berat (ditimbang)");
    expect(rows[weighedHeader + 1]).toEqual(["Tomat Merah", "1,5", "kg", "27000"]);
    expect(rows[weighedHeader + 2]).toEqual(["Jeruk Semboro", "0,75", "kg", "18000"]);
    // 25 days, a header and a blank line per section.
    expect(rows.filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r[0]))).toHaveLength(25);
  });

  it("neutralises a product name a spreadsheet would run as a formula", async () => {
    const report = (await page()).body.report;
    const csv = salesReportCsv({
      ...report,
      topByRevenue: [{ ...report.topByRevenue[0], name: '=HYPERLINK("http://jahat.example")' }],
    });
    expect(csv).toContain(`"'=HYPERLINK(""http://jahat.example"")"`);
  });

  it("sends a bad range back to the page with the reason", async () => {
    const result = await callLoader(exportRoute.loader, "/admin/reports/export.csv?from=2026-11-20&to=2026-11-01", {
      cookie: ownerCookie,
    });
    expect(result.status).toBe(303);
    expect(result.location).toBe("/admin/reports");
    const { loader } = await import("~/routes/admin.layout");
    const next = await callLoader(loader, "/admin/reports", { cookie: cookiesAfter(ownerCookie, result) });
    expect((next.data as { flash: { message: string } | null }).flash?.message).toBe(
      "Unduh CSV gagal: Tanggal awal harus sama dengan atau sebelum tanggal akhir.",
    );
  });
});

describe("the figures' words", () => {
  it("describe the chart for screen readers", async () => {
    expect((await page()).body.summary).toBe(
      `Total ${formatRupiah(100_000)} dalam 30 hari; tertinggi ${formatRupiah(95_000)} pada 24 November 2026.`,
    );
  });
});
