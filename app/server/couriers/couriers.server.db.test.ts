// Couriers against the database: runs assigned on the sheet, the stop order remembered per
// address into next week, the steps at the door taken once per key (status, mail, 'Saldo'),
// a second courier's order out of reach, and the cash handover up to the owner's acceptance.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { balanceEntries, courierActions, orderEvents, orders, orderStatusHistory } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { signedRupiah } from "~/lib/payments";
import { createOrder, createProduct, createUser, type TestUser } from "../../../tests/support/factories";
import { outboxMails } from "../../../tests/support/outbox";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { fixedClock, resetClock, setClock } from "../clock.server";
import { loadDeliverySheet } from "../delivery/sheet.server";
import { actOnHandover, listHandovers, recordCourierCount } from "./handover.server";
import { assignCourier, moveStop } from "./runs.server";
import { loadCourierRuns, takeCourierStep, type CourierStep } from "./stops.server";

let testDb: TestDatabase;
let owner: TestUser;
let staff: TestUser;
let courier: TestUser;
let otherCourier: TestUser;
let customer: TestUser;
let productId: string;
let day = 0;
let date: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  owner = await createUser(testDb.db, { role: "admin", name: "Bu Ratna" });
  staff = await createUser(testDb.db, { role: "staff", name: "Mbak Staf" });
  courier = await createUser(testDb.db, { role: "courier", name: "Pak Joko" });
  otherCourier = await createUser(testDb.db, { role: "courier", name: "Mas Budi" });
  customer = await createUser(testDb.db, { name: "Siti Aminah" });
  productId = (await createProduct(testDb.db, { price: 10_000, stock: 500 })).id;
});

beforeEach(() => {
  day += 14;
  date = addDays("2027-02-01", day);
  // The courier looks at their runs on the morning of the delivery.
  setClock(fixedClock(`${date}T00:30:00+07:00`));
});

afterEach(() => resetClock());

afterAll(async () => {
  await testDb?.destroy();
});

const order = (extra: Partial<Parameters<typeof createOrder>[1]> = {}) =>
  createOrder(testDb.db, { userId: customer.id, items: [{ productId, quantity: 2 }], deliveryDate: date, ...extra });

const ok = async (result: Promise<{ ok: boolean; message: string }>) => {
  const r = await result;
  expect(r.ok, r.message).toBe(true);
  return r;
};

let keys = 0;
const key = () => `langkah-${Date.now()}-${++keys}`;

describe("runs and the stop order", () => {
  it("keeps the order staff set per address, so next week's run comes out the same with new addresses last", async () => {
    const addresses = ["Jl. Jawa 7", "Jl. Kalimantan 37", "Jl. Mastrip 12"];
    const week1 = [];
    for (const recipientAddress of addresses)
      week1.push(await order({ deliveryAreaName: "Sumbersari", recipientAddress }));
    for (const o of week1) await ok(assignCourier(testDb.db, staff, { orderId: o.id, courierId: courier.id }));
    // Mastrip first, then Jawa, then Kalimantan.
    await ok(moveStop(testDb.db, staff, { orderId: week1[2].id, direction: "up" }));
    await ok(moveStop(testDb.db, staff, { orderId: week1[2].id, direction: "up" }));
    const refused = await moveStop(testDb.db, staff, { orderId: week1[2].id, direction: "up" });
    expect(refused).toMatchObject({ ok: false, message: "Alamat ini sudah paling atas di areanya." });

    const sheet = await loadDeliverySheet(testDb.db, staff, { date, slot: "pagi" }, "Sayur Segar");
    expect(sheet.groups[0].orders.map((o) => o.recipientAddress)).toEqual([
      "Jl. Mastrip 12",
      "Jl. Jawa 7",
      "Jl. Kalimantan 37",
    ]);
    expect(sheet.groups[0].orders.map((o) => o.courier?.name)).toEqual(["Pak Joko", "Pak Joko", "Pak Joko"]);
    const [run] = await loadCourierRuns(testDb.db, courier, "Sayur Segar");
    expect(run.stops.map((s) => [s.number, s.recipientAddress])).toEqual([
      [1, "Jl. Mastrip 12"],
      [2, "Jl. Jawa 7"],
      [3, "Jl. Kalimantan 37"],
    ]);

    // A week later: the same addresses (typed a little differently) and a new one.
    date = addDays(date, 7);
    setClock(fixedClock(`${date}T00:30:00+07:00`));
    const week2 = [
      await order({ deliveryAreaName: "Sumbersari", recipientAddress: "Jl. Anggrek 1" }),
      await order({ deliveryAreaName: "Sumbersari", recipientAddress: "jl. kalimantan  37" }),
      await order({ deliveryAreaName: "Sumbersari", recipientAddress: "Jl. Mastrip 12" }),
      await order({ deliveryAreaName: "Sumbersari", recipientAddress: "Jl. Jawa 7" }),
    ];
    for (const o of week2) await ok(assignCourier(testDb.db, staff, { orderId: o.id, courierId: courier.id }));
    const [next] = await loadCourierRuns(testDb.db, courier, "Sayur Segar");
    expect(next.stops.map((s) => s.recipientAddress)).toEqual([
      "Jl. Mastrip 12",
      "Jl. Jawa 7",
      "jl. kalimantan  37",
      "Jl. Anggrek 1",
    ]);
    const nextSheet = await loadDeliverySheet(testDb.db, staff, { date, slot: "pagi" }, "Sayur Segar");
    expect(nextSheet.groups[0].orders.map((o) => o.id)).toEqual(next.stops.map((s) => s.orderId));
  });

  it("a stop dragged onto another of its area takes its place and is remembered; another area's stop is refused", async () => {
    date = addDays(date, 1);
    setClock(fixedClock(`${date}T00:30:00+07:00`));
    const [a, b, c] = [
      await order({ deliveryAreaName: "Patrang", recipientAddress: "Jl. Ahmad Yani 1" }),
      await order({ deliveryAreaName: "Patrang", recipientAddress: "Jl. Bengawan Solo 2" }),
      await order({ deliveryAreaName: "Patrang", recipientAddress: "Jl. Citarum 3" }),
    ];
    const elsewhere = await order({ deliveryAreaName: "Kaliwates", recipientAddress: "Jl. Gajah Mada 120" });
    const patrang = async () =>
      (await loadDeliverySheet(testDb.db, staff, { date, slot: "pagi" }, "Sayur Segar")).groups
        .find((g) => g.area === "Patrang")
        ?.orders.map((o) => o.id);
    expect(await patrang()).toEqual([a.id, b.id, c.id]);
    const moved = await ok(moveStop(testDb.db, staff, { orderId: a.id, direction: "to", targetId: c.id }));
    expect(moved.message).toBe(`Urutan Patrang disimpan; pesanan #${a.id.slice(0, 8)} kini urutan ke-3 di areanya.`);
    expect(await patrang()).toEqual([b.id, c.id, a.id]);
    expect(await moveStop(testDb.db, staff, { orderId: a.id, direction: "to", targetId: elsewhere.id })).toMatchObject({
      ok: false,
      status: 409,
      message: "Pesanan hanya bisa dipindah di dalam areanya sendiri.",
    });
    expect(await patrang()).toEqual([b.id, c.id, a.id]);
  });

  it("splits a slot between couriers: each sees only their own stops", async () => {
    const mine = await order({ deliveryAreaName: "Patrang", recipientAddress: "Jl. Slamet Riyadi 3" });
    const theirs = await order({ deliveryAreaName: "Kaliwates", recipientAddress: "Jl. Gajah Mada 9" });
    await ok(assignCourier(testDb.db, staff, { orderId: mine.id, courierId: courier.id }));
    await ok(assignCourier(testDb.db, staff, { orderId: theirs.id, courierId: otherCourier.id }));
    const [run] = await loadCourierRuns(testDb.db, courier, "Sayur Segar");
    expect(run.stops.map((s) => s.orderId)).toEqual([mine.id]);
    const [other] = await loadCourierRuns(testDb.db, otherCourier, "Sayur Segar");
    expect(other.stops.map((s) => s.orderId)).toEqual([theirs.id]);
    // Acting on the other courier's order is refused and changes nothing.
    const refused = await takeCourierStep(testDb.db, courier, {
      intent: "delivered",
      orderId: theirs.id,
      key: key(),
      takenAt: null,
      recipientName: "Siapa saja",
    });
    expect(refused).toMatchObject({ ok: false, status: 404 });
    const [row] = await testDb.db.select({ status: orders.status }).from(orders).where(eq(orders.id, theirs.id));
    expect(row.status).toBe("pending");
    // Staff cannot hand an order to someone who is not a courier.
    expect(await assignCourier(testDb.db, staff, { orderId: mine.id, courierId: staff.id })).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("steps at the door", () => {
  it("'Terkirim' with a name completes the order once, however often the phone sends it", async () => {
    const o = await order({ deliveryAreaName: "Sumbersari" });
    await ok(assignCourier(testDb.db, staff, { orderId: o.id, courierId: courier.id }));
    const step: CourierStep = {
      intent: "delivered",
      orderId: o.id,
      key: key(),
      takenAt: new Date(`${date}T06:10:00+07:00`),
      recipientName: "Bu Sari",
    };
    setClock(fixedClock(`${date}T08:00:00+07:00`));
    const first = await ok(takeCourierStep(testDb.db, courier, step));
    expect(first.message).toContain("diterima Bu Sari");
    const again = await ok(takeCourierStep(testDb.db, courier, step));
    expect(again.message).toContain("Sudah tercatat");

    const history = await testDb.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, o.id), eq(orderStatusHistory.toStatus, "completed")));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ changedBy: courier.id });
    expect(history[0].note).toContain("Pak Joko");
    const actions = await testDb.db.select().from(courierActions).where(eq(courierActions.orderId, o.id));
    // Stamped with the moment the courier took it, sent later.
    expect(actions.map((a) => a.takenAt.toISOString())).toEqual([new Date(`${date}T06:10:00+07:00`).toISOString()]);
    const events = await testDb.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.kind, "courier")));
    expect(events.map((e) => e.note)).toEqual([expect.stringContaining("Pak Joko: Pesanan")]);
    const mails = (await outboxMails(testDb.db, { kind: "completed" })).filter((m) =>
      m.textBody.includes(o.id.slice(0, 8)),
    );
    expect(mails).toHaveLength(1);
    const [run] = await loadCourierRuns(testDb.db, courier, "Sayur Segar");
    expect(run.stops[0]).toMatchObject({ outcome: "delivered", outcomeText: "Terkirim, diterima Bu Sari" });
  });

  it("'Gagal Antar' keeps the order with staff, with the reason told to the customer", async () => {
    const o = await order({ deliveryAreaName: "Sumbersari" });
    await ok(assignCourier(testDb.db, staff, { orderId: o.id, courierId: courier.id }));
    const missing = await takeCourierStep(testDb.db, courier, {
      intent: "failed",
      orderId: o.id,
      key: key(),
      takenAt: null,
      reason: "tidak-ada-orang",
      reasonOther: "",
    });
    expect(missing.ok).toBe(true);
    const [row] = await testDb.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.id));
    expect(row.status).toBe("pending");
    const mails = (await outboxMails(testDb.db, { kind: "delivery-failed" })).filter((m) =>
      m.textBody.includes(o.id.slice(0, 8)),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain("Alasan: Tidak ada orang");
    const [run] = await loadCourierRuns(testDb.db, courier, "Sayur Segar");
    expect(run.stops[0].outcomeText).toBe("Gagal Antar: Tidak ada orang");
  });

  it("'Uang Diterima' for COD records the cash, and a different amount goes to 'Saldo'", async () => {
    const o = await order({ deliveryAreaName: "Sumbersari", deliveryFee: 5_000 });
    await testDb.db.update(orders).set({ paymentMethod: "cod", billFinalAt: new Date() }).where(eq(orders.id, o.id));
    await ok(assignCourier(testDb.db, staff, { orderId: o.id, courierId: courier.id }));
    const [before] = await loadCourierRuns(testDb.db, courier, "Sayur Segar");
    expect(before.stops[0].collect).toBe(25_000);
    const cash = await ok(
      takeCourierStep(testDb.db, courier, { intent: "cash", orderId: o.id, key: key(), takenAt: null, amount: 30_000 }),
    );
    expect(cash.message).toContain("selisih");
    const [row] = await testDb.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ paymentStatus: "paid", paidAmount: 30_000 });
    const saldo = await testDb.db.select().from(balanceEntries).where(eq(balanceEntries.orderId, o.id));
    expect(saldo.map((e) => e.amount)).toEqual([5_000]);
    const [after] = await loadCourierRuns(testDb.db, courier, "Sayur Segar");
    expect(after.expectedCash).toBe(30_000);
    expect(after.stops[0]).toMatchObject({ collect: null, cashReceived: 30_000 });
  });

  it("asks nothing at the door for an order paid by transfer, delivered or not", async () => {
    const o = await order({ deliveryAreaName: "Sumbersari", deliveryFee: 5_000 });
    await testDb.db
      .update(orders)
      .set({ paymentMethod: "transfer", billFinalAt: new Date(), balanceApplied: -2_000 })
      .where(eq(orders.id, o.id));
    await ok(assignCourier(testDb.db, staff, { orderId: o.id, courierId: courier.id }));
    const stopOf = async () =>
      (await loadCourierRuns(testDb.db, courier, "Sayur Segar"))
        .flatMap((r) => r.stops)
        .find((s) => s.orderId === o.id);
    // Still awaited: the customer transfers it, the courier takes no cash.
    expect(await stopOf()).toMatchObject({ collect: null, cashOnDelivery: false });
    await testDb.db.update(orders).set({ paymentStatus: "paid", paidAmount: 27_000 }).where(eq(orders.id, o.id));
    await ok(
      takeCourierStep(testDb.db, courier, {
        intent: "delivered",
        orderId: o.id,
        key: key(),
        takenAt: null,
        recipientName: "Bu Sari",
      }),
    );
    expect(await stopOf()).toMatchObject({ outcome: "delivered", collect: null });
  });
});

describe("'Setoran'", () => {
  it("shows the difference, needs a note for it, and stays 'Belum Setor' until the owner accepts", async () => {
    const o = await order({ deliveryAreaName: "Sumbersari", deliveryFee: 5_000 });
    await testDb.db.update(orders).set({ paymentMethod: "cod" }).where(eq(orders.id, o.id));
    await ok(assignCourier(testDb.db, staff, { orderId: o.id, courierId: courier.id }));
    await ok(
      takeCourierStep(testDb.db, courier, { intent: "cash", orderId: o.id, key: key(), takenAt: null, amount: 25_000 }),
    );
    const [run] = await loadCourierRuns(testDb.db, courier, "Sayur Segar");
    // Another courier cannot count this run.
    expect((await recordCourierCount(testDb.db, otherCourier, { runId: run.id, cash: 1 })).ok).toBe(false);
    await ok(recordCourierCount(testDb.db, courier, { runId: run.id, cash: 24_000 }));
    const noNote = await actOnHandover(testDb.db, staff, { intent: "count", runId: run.id, cash: 24_000, note: "" });
    expect(noNote).toMatchObject({ ok: false, message: `Ada selisih ${signedRupiah(-1_000)}: tulis catatannya.` });
    await ok(actOnHandover(testDb.db, staff, { intent: "count", runId: run.id, cash: 24_000, note: "Uang kembalian" }));
    let [row] = (await listHandovers(testDb.db, staff)).filter((r) => r.runId === run.id);
    expect(row).toMatchObject({ expected: 25_000, courierCash: 24_000, staffCash: 24_000, difference: -1_000 });
    expect(row.accepted).toBe(false);
    // Staff count; only the owner accepts.
    await expect(actOnHandover(testDb.db, staff, { intent: "accept", runId: run.id, note: "" })).rejects.toBeInstanceOf(
      Response,
    );
    await ok(actOnHandover(testDb.db, owner, { intent: "accept", runId: run.id, note: "" }));
    [row] = (await listHandovers(testDb.db, owner)).filter((r) => r.runId === run.id);
    expect(row).toMatchObject({ accepted: true, note: "Uang kembalian" });
    expect((await recordCourierCount(testDb.db, courier, { runId: run.id, cash: 25_000 })).ok).toBe(false);
  });
});
