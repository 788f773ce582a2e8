// 'Langganan' on the database (both engines): a standing order for Tuesday pagi becomes exactly
// one normal order at the set time before the cut-off, with today's stock and quota, a skip
// respected, changes refused after the cut-off, and no shopper reading another's.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries, orders, shopSettings, standingOrderRuns, whatsappConnection } from "~/db/schema";
import { formatRupiah } from "~/lib/money";
import { standingOrderSchema, type StandingOrderInput } from "~/lib/standing-orders";
import { createOrder, createProduct, createUser, setStock, type TestUser } from "../../../tests/support/factories";
import { outboxMails } from "../../../tests/support/outbox";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { forgetCachedSettings } from "../settings.server";
import { DEFAULT_TEMPLATES, storeConnection } from "../whatsapp/connection.server";
import { setWhatsappConsent } from "../whatsapp/messages.server";
import { makeDueStandingOrders } from "./make.server";
import {
  createStandingOrder,
  listStandingOrders,
  loadStandingOrder,
  pauseStandingOrder,
  skipDate,
  stopStandingOrder,
  unskipDate,
  updateStandingOrder,
} from "./standing-orders.server";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await testDb?.destroy();
});

// Tuesday 1 December 2026, pagi: orders close Monday 30 November 21:00 Jakarta (14:00 UTC); with
// the default 24 hours the order is made Sunday 29 November 21:00 Jakarta.
const TUESDAY = "2026-12-01";
const MAKE_AT = new Date("2026-11-29T14:00:00Z");
const CUTOFF = new Date("2026-11-30T14:00:00Z");
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

function input(lines: { productId: string; quantity: number }[], overrides: Record<string, unknown> = {}) {
  const parsed = standingOrderSchema.safeParse({
    weekdays: [2],
    slot: "pagi",
    area: "sumbersari",
    name: "Siti Aminah",
    phone: "0812-3456-7890",
    address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
    notes: "Taruh di teras",
    paymentMethod: "cod",
    lines,
    ...overrides,
  });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data satisfies StandingOrderInput;
}

async function standing(user: TestUser, lines: { productId: string; quantity: number }[]) {
  const created = await createStandingOrder(testDb.db, user.id, input(lines));
  if (!created.ok) throw new Error(created.message);
  return created.id;
}

async function ordersOf(userId: string) {
  return testDb.db.select().from(orders).where(eq(orders.userId, userId));
}

async function runOf(id: string, date = TUESDAY) {
  const [run] = await testDb.db
    .select()
    .from(standingOrderRuns)
    .where(and(eq(standingOrderRuns.standingOrderId, id), eq(standingOrderRuns.deliveryDate, date)));
  return run;
}

describe("standing orders become orders by themselves", () => {
  it("makes exactly one order for Tuesday pagi at the set time, at that moment's price, and tells the shopper", async () => {
    const user = await createUser(testDb.db);
    const bayam = await createProduct(testDb.db, { name: "Bayam Langganan", price: 4000, stock: 20 });
    const id = await standing(user, [{ productId: bayam.id, quantity: 2 }]);

    expect(await makeDueStandingOrders(testDb.db, minutes(MAKE_AT, -1))).toEqual({ made: 0, notMade: 0 });
    expect(await ordersOf(user.id)).toHaveLength(0);

    // Two processes look at the same minute: one order between them.
    const [a, b] = await Promise.all([
      makeDueStandingOrders(testDb.db, MAKE_AT),
      makeDueStandingOrders(testDb.db, MAKE_AT),
    ]);
    expect(a.made + b.made).toBe(1);
    // A later look (or a restart) finds it made.
    expect(await makeDueStandingOrders(testDb.db, minutes(MAKE_AT, 30))).toEqual({ made: 0, notMade: 0 });

    const made = await ordersOf(user.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      deliveryDate: TUESDAY,
      deliverySlot: "pagi",
      totalAmount: 8000,
      deliveryAreaId: "sumbersari",
      paymentMethod: "cod",
      notes: "Taruh di teras",
      status: "pending",
    });
    expect((await runOf(id)).orderId).toBe(made[0].id);
    const mails = await outboxMails(testDb.db, { to: user.email });
    expect(mails.map((m) => m.kind)).toEqual(["standing-order-made"]);
    expect(mails[0].textBody).toContain("Selasa, 1 Desember 2026");
    expect(mails[0].textBody).toContain(formatRupiah(8000));
  });

  it("leaves out a sold-out line and reduces a short one, naming both", async () => {
    const user = await createUser(testDb.db);
    const habis = await createProduct(testDb.db, { name: "Kangkung Habis", stock: 5 });
    const sedikit = await createProduct(testDb.db, { name: "Tomat Sedikit", stock: 10 });
    const id = await standing(user, [
      { productId: habis.id, quantity: 1 },
      { productId: sedikit.id, quantity: 5 },
    ]);
    await setStock(testDb.db, habis.id, 0);
    await setStock(testDb.db, sedikit.id, 3);

    await makeDueStandingOrders(testDb.db, MAKE_AT);
    const [order] = await ordersOf(user.id);
    expect(order.totalAmount).toBe(3 * 5000);
    const run = await runOf(id);
    expect(run.message).toContain("Kangkung Habis sedang habis");
    expect(run.message).toContain("Tomat Sedikit hanya tersedia 3");
  });

  it("makes no order into a full slot, and says so to the shopper and in the run", async () => {
    const other = await createUser(testDb.db);
    const user = await createUser(testDb.db);
    const sawi = await createProduct(testDb.db, { name: "Sawi Kuota", stock: 20 });
    await testDb.db
      .insert(shopSettings)
      .values({
        key: "deliverySlots",
        value: {
          pagi: { cutoffTime: "21:00", cutoffDay: "previous", quota: 1, active: true },
          sore: { cutoffTime: "21:00", cutoffDay: "previous", quota: null, active: true },
        },
      })
      .onConflictDoUpdate({
        target: shopSettings.key,
        set: {
          value: {
            pagi: { cutoffTime: "21:00", cutoffDay: "previous", quota: 1, active: true },
            sore: { cutoffTime: "21:00", cutoffDay: "previous", quota: null, active: true },
          },
        },
      });
    forgetCachedSettings();
    try {
      await createOrder(testDb.db, {
        userId: other.id,
        items: [{ productId: sawi.id, quantity: 1 }],
        deliveryDate: TUESDAY,
        deliverySlot: "pagi",
      });
      const id = await standing(user, [{ productId: sawi.id, quantity: 1 }]);
      const result = await makeDueStandingOrders(testDb.db, MAKE_AT);
      expect(result.notMade).toBeGreaterThanOrEqual(1);
      expect(await ordersOf(user.id)).toHaveLength(0);
      const run = await runOf(id);
      expect(run.outcome).toBe("refused");
      expect(run.message).toMatch(/penuh/);
      const mails = await outboxMails(testDb.db, { to: user.email });
      expect(mails.map((m) => m.kind)).toEqual(["standing-order-not-made"]);
    } finally {
      await testDb.db.delete(shopSettings).where(eq(shopSettings.key, "deliverySlots"));
      forgetCachedSettings();
    }
  });

  it("makes nothing for a skipped date, and the skip of a made order cancels it until the cut-off", async () => {
    const user = await createUser(testDb.db);
    const wortel = await createProduct(testDb.db, { name: "Wortel Lewati", stock: 20 });
    const id = await standing(user, [{ productId: wortel.id, quantity: 1 }]);

    const skipped = await skipDate(testDb.db, user.id, id, TUESDAY, minutes(MAKE_AT, -60));
    expect(skipped.ok).toBe(true);
    await makeDueStandingOrders(testDb.db, MAKE_AT);
    expect(await ordersOf(user.id)).toHaveLength(0);

    // Taken back before the order is due: the order comes.
    expect((await unskipDate(testDb.db, user.id, id, TUESDAY, minutes(MAKE_AT, -30))).ok).toBe(true);
    await makeDueStandingOrders(testDb.db, MAKE_AT);
    const [order] = await ordersOf(user.id);
    expect(order.status).toBe("pending");

    // Skipped after it was made, before the cut-off: the order is cancelled and its stock returns.
    const again = await skipDate(testDb.db, user.id, id, TUESDAY, minutes(CUTOFF, -10));
    expect(again).toMatchObject({ ok: true });
    const [cancelled] = await ordersOf(user.id);
    expect(cancelled.status).toBe("cancelled");
    expect((await runOf(id)).outcome).toBe("skipped");
  });

  it("refuses a skip or a pause after the date's cut-off with a clear message", async () => {
    const user = await createUser(testDb.db);
    const buncis = await createProduct(testDb.db, { name: "Buncis Telat", stock: 20 });
    const id = await standing(user, [{ productId: buncis.id, quantity: 1 }]);
    const late = await skipDate(testDb.db, user.id, id, TUESDAY, minutes(CUTOFF, 1));
    expect(late).toMatchObject({ ok: false, status: 409 });
    if (!late.ok) expect(late.message).toMatch(/Batas pesan untuk tanggal ini sudah lewat/);
    const pastPause = await pauseStandingOrder(testDb.db, user.id, id, "2026-11-01", minutes(CUTOFF, 1));
    expect(pastPause.ok).toBe(false);
  });

  it("pauses, resumes and stops: no order while paused or stopped", async () => {
    const user = await createUser(testDb.db);
    const labu = await createProduct(testDb.db, { name: "Labu Jeda", stock: 20 });
    const id = await standing(user, [{ productId: labu.id, quantity: 1 }]);
    expect((await pauseStandingOrder(testDb.db, user.id, id, TUESDAY, minutes(MAKE_AT, -60))).ok).toBe(true);
    await makeDueStandingOrders(testDb.db, MAKE_AT);
    expect(await ordersOf(user.id)).toHaveLength(0);
    const view = await loadStandingOrder(testDb.db, user.id, id, minutes(MAKE_AT, -60));
    expect(view?.upcoming.map((u) => u.date)).not.toContain(TUESDAY);

    expect((await pauseStandingOrder(testDb.db, user.id, id, null, minutes(MAKE_AT, -60))).ok).toBe(true);
    expect((await stopStandingOrder(testDb.db, user.id, id, minutes(MAKE_AT, -60))).ok).toBe(true);
    await makeDueStandingOrders(testDb.db, MAKE_AT);
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it("never lets one shopper read or change another's standing order", async () => {
    const owner = await createUser(testDb.db);
    const stranger = await createUser(testDb.db);
    const jagung = await createProduct(testDb.db, { name: "Jagung Milik", stock: 20 });
    const id = await standing(owner, [{ productId: jagung.id, quantity: 1 }]);
    expect(await loadStandingOrder(testDb.db, stranger.id, id)).toBeNull();
    expect(await listStandingOrders(testDb.db, stranger.id)).toEqual([]);
    expect(await skipDate(testDb.db, stranger.id, id, TUESDAY, minutes(MAKE_AT, -60))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await updateStandingOrder(testDb.db, stranger.id, id, input([{ productId: jagung.id, quantity: 3 }])),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await stopStandingOrder(testDb.db, stranger.id, id)).toMatchObject({ ok: false, status: 404 });
    expect((await loadStandingOrder(testDb.db, owner.id, id))?.status).toBe("active");
  });
});

describe("the standing order form", () => {
  it("needs at least one known weekday", () => {
    const lines = [{ productId: crypto.randomUUID(), quantity: 1 }];
    expect(() => input(lines, { weekdays: [] })).toThrow(/Pilih minimal satu hari/);
    expect(() => input(lines, { weekdays: [8] })).toThrow(/Hari tidak dikenal/);
    expect(input(lines, { weekdays: ["6", "2", "2"] }).weekdays).toEqual([2, 6]);
  });
});

describe("standing-order news on WhatsApp", () => {
  it("a made standing order queues a WhatsApp message for a shopper who agreed, and none for one who did not", async () => {
    await storeConnection(testDb.db, {
      phoneNumberId: "1234567890",
      accessToken: "token-uji",
      appSecret: "",
      clearSecrets: false,
      verifyToken: "",
      graphUrl: "http://127.0.0.1:9",
      templates: DEFAULT_TEMPLATES,
      chatReminderMinutes: 30,
    });
    try {
      const agreed = await createUser(testDb.db);
      const declined = await createUser(testDb.db);
      await setWhatsappConsent(testDb.db, agreed.id, true);
      const labu = await createProduct(testDb.db, { name: "Labu Siam Langganan", price: 5000, stock: 20 });
      await standing(agreed, [{ productId: labu.id, quantity: 1 }]);
      await standing(declined, [{ productId: labu.id, quantity: 1 }]);
      await makeDueStandingOrders(testDb.db, MAKE_AT);
      const [made] = await ordersOf(agreed.id);
      expect(made).toBeDefined();

      const queued = await testDb.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.channel, "whatsapp"));
      expect(queued.map((d) => d.address)).toEqual(["6281234567890"]);
      const content = queued[0].content as { kind: string; text: string };
      expect(content.kind).toBe("standing-order-made");
      expect(content.text).toContain(`#${made.id.slice(0, 8)}`);
      expect(content.text).toContain("Selasa, 1 Desember 2026");
    } finally {
      await testDb.db.delete(whatsappConnection);
    }
  });
});
