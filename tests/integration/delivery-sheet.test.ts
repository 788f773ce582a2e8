// The delivery sheet, the bulk invoices and the dashboard's slot chips, called as React Router
// calls them: the staff member's view of the next delivery, 'Terkirim' with its flash and
// history, bad input answered in Indonesian (never a 500), and nothing stored on a refusal.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatusHistory } from "~/db/schema";
import * as dashboardRoute from "~/routes/admin.dashboard";
import * as sheetRoute from "~/routes/admin.delivery-sheet";
import * as invoicesRoute from "~/routes/admin.invoices.print";
import { fixedClock, resetClock, setClock } from "~/server/clock.server";
import { createOrder, createProduct, createUser, signIn, type TestUser } from "../support/factories";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let staff: TestUser;
let customer: TestUser;
let staffCookie: string;
let productId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  useTestDatabase(testDb);
  staff = await createUser(testDb.db, { role: "staff", name: "Mas Kurir" });
  customer = await createUser(testDb.db, { name: "Siti Aminah" });
  staffCookie = await signIn(testDb.db, staff);
  productId = (await createProduct(testDb.db, { price: 12_500, stock: 100 })).id;
});

afterEach(() => resetClock());

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

type SheetData = Awaited<ReturnType<typeof sheetRoute.loader>>;
type InvoicesData = Awaited<ReturnType<typeof invoicesRoute.loader>>;

const order = (extra: Partial<Parameters<typeof createOrder>[1]> = {}) =>
  createOrder(testDb.db, { userId: customer.id, items: [{ productId, quantity: 1 }], ...extra });

describe("/admin/delivery-sheet", () => {
  it("opens on the next delivery (this afternoon once the morning round is over) with its orders and chips", async () => {
    setClock(fixedClock("2026-12-10T08:00:00+07:00"));
    const o = await order({ deliveryDate: "2026-12-10", deliverySlot: "sore", deliveryAreaName: "Patrang" });
    await order({ deliveryDate: "2026-12-10", deliverySlot: "pagi" });
    const result = await callLoader(sheetRoute.loader, "/admin/delivery-sheet", { cookie: staffCookie });
    expect(result.status).toBe(200);
    const { sheet, chips } = result.data as SheetData;
    expect({ date: sheet.date, slot: sheet.slot }).toEqual({ date: "2026-12-10", slot: "sore" });
    expect(sheet.groups).toHaveLength(1);
    expect(sheet.groups[0]).toMatchObject({ area: "Patrang", orders: [{ id: o.id, collect: { amount: 12_500 } }] });
    expect(chips.map((c) => `${c.name} ${c.count}`)).toEqual([
      "Hari Ini Pagi 1",
      "Hari Ini Sore 1",
      "Besok Pagi 0",
      "Besok Sore 0",
    ]);
  });

  it("shows the date and slot asked for, and falls back to the next delivery for odd values", async () => {
    setClock(fixedClock("2026-12-10T20:00:00+07:00"));
    const asked = await callLoader(sheetRoute.loader, "/admin/delivery-sheet?date=2026-12-09&slot=pagi", {
      cookie: staffCookie,
    });
    expect((asked.data as SheetData).sheet).toMatchObject({ date: "2026-12-09", slot: "pagi" });
    const odd = await callLoader(sheetRoute.loader, "/admin/delivery-sheet?date=2026-02-30&slot=malam", {
      cookie: staffCookie,
    });
    expect(odd.status).toBe(200);
    expect((odd.data as SheetData).sheet).toMatchObject({ date: "2026-12-11", slot: "pagi" });
  });

  it("'Terkirim' by a staff member marks the order 'Selesai', back to the same sheet with a message", async () => {
    const o = await order({ deliveryDate: "2026-12-12", status: "processing" });
    const back = "/admin/delivery-sheet?date=2026-12-12&slot=pagi";
    const result = await callAction(
      sheetRoute.action,
      back,
      form({ intent: "delivered", orderId: o.id, returnTo: back }),
      { cookie: staffCookie },
    );
    expect(result.status).toBe(303);
    expect(result.location).toBe(back);
    const [row] = await testDb.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.id));
    expect(row.status).toBe("completed");
    const [history] = await testDb.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, o.id), eq(orderStatusHistory.toStatus, "completed")));
    expect(history.changedBy).toBe(staff.id);
  });

  it("refuses a malformed order, an unknown intent and a cancelled order with Indonesian messages", async () => {
    const malformed = await callAction(
      sheetRoute.action,
      "/admin/delivery-sheet",
      form({ intent: "delivered", orderId: "bukan-id" }),
      { cookie: staffCookie },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({ ok: false, message: "Pesanan tidak ditemukan." });

    const unknown = await callAction(sheetRoute.action, "/admin/delivery-sheet", form({ intent: "hapus" }), {
      cookie: staffCookie,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ ok: false, message: "Permintaan tidak dikenal." });

    const cancelled = await order({ deliveryDate: "2026-12-12", status: "cancelled" });
    const refused = await callAction(
      sheetRoute.action,
      "/admin/delivery-sheet",
      form({ intent: "delivered", orderId: cancelled.id }),
      { cookie: staffCookie },
    );
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toContain("sudah dibatalkan");
    const [row] = await testDb.db.select({ status: orders.status }).from(orders).where(eq(orders.id, cancelled.id));
    expect(row.status).toBe("cancelled");
  });

  it("'Kabari Pelanggan' tells an area's customers, with a bad date refused", async () => {
    await order({ deliveryDate: "2026-12-13", deliveryAreaName: "Arjasa" });
    const told = await callAction(
      sheetRoute.action,
      "/admin/delivery-sheet?date=2026-12-13&slot=pagi",
      form({ intent: "dispatch", date: "2026-12-13", slot: "pagi", area: "Arjasa" }),
      { cookie: staffCookie },
    );
    expect(told.status).toBe(303);
    const bad = await callAction(
      sheetRoute.action,
      "/admin/delivery-sheet",
      form({ intent: "dispatch", date: "2026-13-45", slot: "pagi", area: "Arjasa" }),
      { cookie: staffCookie },
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, message: "Tanggal kirim tidak valid." });
  });
});

describe("/admin/invoices/print", () => {
  it("holds every invoice of the slot, cancelled orders left out", async () => {
    const a = await order({ deliveryDate: "2026-12-14", deliverySlot: "sore" });
    const b = await order({ deliveryDate: "2026-12-14", deliverySlot: "sore" });
    await order({ deliveryDate: "2026-12-14", deliverySlot: "sore", status: "cancelled" });
    const result = await callLoader(invoicesRoute.loader, "/admin/invoices/print?date=2026-12-14&slot=sore", {
      cookie: staffCookie,
    });
    expect(result.status).toBe(200);
    const data = result.data as InvoicesData;
    expect(data.invoices.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect(data.invoices[0].items[0]).toMatchObject({ price: 12_500, lineTotal: 12_500 });
  });

  it.each([
    ["?date=2026-02-30&slot=pagi", "Tanggal kirim tidak valid. Gunakan format TTTT-BB-HH, mis. 2026-11-26."],
    ["?date=besok&slot=pagi", "Tanggal kirim tidak valid. Gunakan format TTTT-BB-HH, mis. 2026-11-26."],
    ["?date=2026-12-14&slot=malam", "Waktu kirim tidak valid. Pilih pagi atau sore."],
    ["?date=2026-12-14", "Waktu kirim tidak valid. Pilih pagi atau sore."],
    ["", "Pilih tanggal kirim."],
  ])("answers %s with 400 and an Indonesian message, not a 500", async (query, message) => {
    const result = await callLoader(invoicesRoute.loader, `/admin/invoices/print${query}`, { cookie: staffCookie });
    expect(result.thrown).toBe(true);
    expect(result.status).toBe(400);
    expect(result.data).toBe(message);
  });
});

describe("the dashboard", () => {
  it("carries the chips' counts against the quota and the next delivery for its links", async () => {
    setClock(fixedClock("2026-12-20T21:30:00+07:00"));
    await order({ deliveryDate: "2026-12-21" });
    await order({ deliveryDate: "2026-12-21" });
    await order({ deliveryDate: "2026-12-21", status: "cancelled" });
    const result = await callLoader(dashboardRoute.loader, "/admin/dashboard", { cookie: staffCookie });
    const data = result.data as Awaited<ReturnType<typeof dashboardRoute.loader>>;
    expect(data.slotChips.find((c) => c.name === "Besok Pagi")).toMatchObject({ count: 2, quota: null });
    expect(data.nextSlot).toEqual({ date: "2026-12-21", slot: "pagi" });
  });
});
