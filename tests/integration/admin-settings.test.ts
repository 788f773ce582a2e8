// 'Pengaturan Toko' as staff use it, through the route's loader and action: every section
// saves on its own, bad values are refused with the field named and nothing stored, every
// change lands in the history with who and what, and the store agrees across processes.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopSettings, shopSettingsHistory } from "~/db/schema";
import { SETTINGS_SECTIONS } from "~/components/admin/settings/sections";
import type { SettingKey } from "~/lib/shop-settings";
import * as settingsRoute from "~/routes/admin.settings";
import { fixedClock, resetClock, setClock } from "~/server/clock.server";
import { forgetCachedSettings, loadShopSettings, readShopSettings, SETTINGS_CACHE_MS } from "~/server/settings.server";
import { createUser, signIn, type TestUser } from "../support/factories";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let owner: TestUser;
let cookie: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  useTestDatabase(testDb);
  owner = await createUser(testDb.db, { role: "admin", name: "Bu Ratna" });
  cookie = await signIn(testDb.db, owner);
  setClock(fixedClock("2026-11-25T10:00:00+07:00"));
});

afterAll(async () => {
  resetClock();
  releaseTestDatabase();
  await testDb?.destroy();
});

const SECTION_KEYS: Record<string, SettingKey> = Object.fromEntries(SETTINGS_SECTIONS.map((s) => [s.id, s.key]));
/** Posts a section as the page does: with the revision it showed (the stored one, unless the fields say otherwise). */
const post = async (fields: Record<string, string>) => {
  const key = SECTION_KEYS[fields.intent];
  const revision = key ? String((await readShopSettings(testDb.db)).revisions[key]) : undefined;
  return postAsIs({ ...(revision === undefined ? {} : { revision }), ...fields });
};
const postAsIs = (fields: Record<string, string>) =>
  callAction(settingsRoute.action, "/admin/settings", form(fields), { cookie });
const page = async () =>
  (await callLoader(settingsRoute.loader, "/admin/settings", { cookie })).data as Awaited<
    ReturnType<typeof settingsRoute.loader>
  >;

const slotsForm = (overrides: Record<string, string> = {}) => ({
  intent: "waktu-pengiriman",
  "pagi.cutoffTime": "21:00",
  "pagi.cutoffDay": "previous",
  "pagi.quota": "20",
  "pagi.active": "on",
  "sore.cutoffTime": "12:00",
  "sore.cutoffDay": "same",
  "sore.quota": "",
  "sore.active": "on",
  ...overrides,
});

describe("a fresh shop", () => {
  it("starts with the sample settings: both slots close 21:00 the day before, Jember's areas with fees", async () => {
    const { settings, history } = await page();
    expect(settings.values.deliverySlots.pagi).toEqual({
      cutoffTime: "21:00",
      cutoffDay: "previous",
      quota: null,
      active: true,
    });
    expect(settings.values.deliverySlots.sore.cutoffTime).toBe("21:00");
    const names = settings.values.deliveryAreas.map((a) => a.name).join(", ");
    for (const district of ["Kaliwates", "Sumbersari", "Patrang", "Ajung", "Arjasa", "Rambipuji"])
      expect(names).toContain(district);
    expect(settings.values.deliveryAreas.every((a) => a.fee > 0)).toBe(true);
    expect(history).toEqual([]);
  });
});

describe("saving a section", () => {
  it("stores 'Waktu Pengiriman' and records who changed what in the history", async () => {
    const result = await post(slotsForm());
    expect(result.status).toBe(303);
    expect(result.location).toBe("/admin/settings#waktu-pengiriman");
    const { settings, history } = await page();
    expect(settings.values.deliverySlots).toEqual({
      pagi: { cutoffTime: "21:00", cutoffDay: "previous", quota: 20, active: true },
      sore: { cutoffTime: "12:00", cutoffDay: "same", quota: null, active: true },
    });
    expect(history[0]).toMatchObject({
      title: "Waktu Pengiriman",
      changedByName: "Bu Ratna",
      removed: [
        "Pagi: batas pesan 21:00 sehari sebelumnya, kuota tanpa batas, aktif",
        "Sore: batas pesan 21:00 sehari sebelumnya, kuota tanpa batas, aktif",
      ],
      added: [
        "Pagi: batas pesan 21:00 sehari sebelumnya, kuota 20 pesanan, aktif",
        "Sore: batas pesan 12:00 hari yang sama, kuota tanpa batas, aktif",
      ],
    });
    const [row] = await testDb.db
      .select()
      .from(shopSettingsHistory)
      .where(eq(shopSettingsHistory.key, "deliverySlots"));
    expect(row.changedBy).toBe(owner.id);
    expect(row.oldValue).toMatchObject({ pagi: { quota: null } });
    expect(row.newValue).toMatchObject({ pagi: { quota: 20 } });
  });

  it("refuses bad values with the field named, and stores nothing", async () => {
    const before = await readShopSettings(testDb.db);
    const historyBefore = (await page()).history.length;
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ "pagi.cutoffTime": "25:00" }, "pagi.cutoffTime", /Jam tidak valid/],
      [{ "pagi.quota": "0" }, "pagi.quota", /Kuota 1 sampai 10\.000/],
      [{ "pagi.quota": "dua puluh" }, "pagi.quota", /Kuota harus angka/],
      // A quota of 2.5 is refused, never stored as 25.
      [{ "pagi.quota": "2.5" }, "pagi.quota", /Kuota harus bilangan bulat/],
      [{ "pagi.quota": "2,5" }, "pagi.quota", /Kuota harus bilangan bulat/],
      [{ "sore.cutoffTime": "17:00", "sore.cutoffDay": "same" }, "sore.cutoffTime", /paling lambat 16:00/],
      [{ "pagi.cutoffDay": "kemarin" }, "pagi.cutoffDay", /hari batas pesan/],
    ];
    for (const [fields, field, message] of cases) {
      const result = await post(slotsForm({ ...fields, revision: String(before.revisions.deliverySlots) }));
      expect(result.status, field).toBe(400);
      expect((result.data as { fieldErrors: Record<string, string> }).fieldErrors[field]).toMatch(message);
    }
    const bothOff = await post(slotsForm({ "pagi.active": "", "sore.active": "" }));
    expect(bothOff.status).toBe(400);
    expect((bothOff.data as { message: string }).message).toMatch(/Minimal satu waktu pengiriman harus aktif/);
    expect(await readShopSettings(testDb.db)).toEqual(before);
    expect((await page()).history.length).toBe(historyBefore);
  });

  it("refuses a page saved over a newer change instead of undoing it", async () => {
    const { settings } = await page();
    const stale = String(settings.revisions.minimumOrder);
    expect((await post({ intent: "minimal-belanja", revision: stale, minimumOrder: "50.000" })).status).toBe(303);
    const second = await post({ intent: "minimal-belanja", revision: stale, minimumOrder: "25000" });
    expect(second.status).toBe(409);
    expect((second.data as { message: string }).message).toMatch(/baru saja diubah oleh staf lain/);
    expect((await readShopSettings(testDb.db)).values.minimumOrder).toBe(50000);
  });

  it("'Batas Pesanan per Pelanggan' starts at 3, saves a new limit and refuses one that is not a whole number from 1", async () => {
    expect((await page()).settings.values.ordersPerCustomer).toBe(3);
    for (const [typed, message] of [
      ["0", /minimal 1/],
      ["2,5", /bilangan bulat/],
      ["2.5", /bilangan bulat/],
      ["", /angka bulat/],
      ["101", /maksimal 100/],
    ] as const) {
      const refused = await post({ intent: "batas-per-pelanggan", ordersPerCustomer: typed });
      expect(refused.status, typed).toBe(400);
      expect((refused.data as { fieldErrors: Record<string, string> }).fieldErrors[""], typed).toMatch(message);
    }
    expect((await post({ intent: "batas-per-pelanggan", ordersPerCustomer: "5" })).status).toBe(303);
    const after = await page();
    expect(after.settings.values.ordersPerCustomer).toBe(5);
    expect(after.history[0]).toMatchObject({
      title: "Batas Pesanan per Pelanggan",
      added: ["Maksimal 5 pesanan per pelanggan untuk setiap waktu pengiriman"],
    });
    expect((await post({ intent: "batas-per-pelanggan", ordersPerCustomer: "3" })).status).toBe(303);
  });

  it("refuses a save that carries no revision as stale, whatever the page's fields say", async () => {
    const before = await readShopSettings(testDb.db);
    for (const revision of [undefined, "", "terbaru", "-1"]) {
      const fields: Record<string, string> = { intent: "minimal-belanja", minimumOrder: "75000" };
      if (revision !== undefined) fields.revision = revision;
      const result = await postAsIs(fields);
      expect(result.status, String(revision)).toBe(409);
      expect((result.data as { message: string }).message).toMatch(/Muat ulang halaman/);
    }
    expect(await readShopSettings(testDb.db)).toEqual(before);
  });

  it("adds and removes closed days with their 'Keterangan', refusing a past date", async () => {
    const past = await post({ intent: "hari-libur", op: "tambah", "new.date": "2026-11-24", "new.note": "Kemarin" });
    expect(past.status).toBe(400);
    expect((past.data as { fieldErrors: Record<string, string> }).fieldErrors["new.date"]).toBe("Tanggal sudah lewat.");
    const noNote = await post({ intent: "hari-libur", op: "tambah", "new.date": "2027-03-20", "new.note": "" });
    expect((noNote.data as { fieldErrors: Record<string, string> }).fieldErrors["new.note"]).toMatch(/wajib diisi/);

    expect(
      (await post({ intent: "hari-libur", op: "tambah", "new.date": "2027-03-20", "new.note": "Idul Fitri" })).status,
    ).toBe(303);
    expect(
      (await post({ intent: "hari-libur", op: "tambah", "new.date": "2026-12-25", "new.note": "Natal" })).status,
    ).toBe(303);
    let days = (await readShopSettings(testDb.db)).values.closedDays;
    expect(days).toEqual([
      { date: "2026-12-25", note: "Natal" },
      { date: "2027-03-20", note: "Idul Fitri" },
    ]);
    const removed = await post({
      intent: "hari-libur",
      op: "hapus:2026-12-25",
      "0.date": "2026-12-25",
      "0.note": "Natal",
      "1.date": "2027-03-20",
      "1.note": "Idul Fitri",
    });
    expect(removed.status).toBe(303);
    days = (await readShopSettings(testDb.db)).values.closedDays;
    expect(days).toEqual([{ date: "2027-03-20", note: "Idul Fitri" }]);
    const history = (await page()).history;
    expect(history[0]).toMatchObject({ title: "Hari Libur", removed: ["Jumat, 25 Desember 2026: Natal"], added: [] });
  });

  it("edits delivery areas, adds one with a fresh id, and never trusts a posted id the shop does not have", async () => {
    const { settings } = await page();
    const fields: Record<string, string> = { intent: "area-pengiriman" };
    settings.values.deliveryAreas.forEach((a, i) => {
      fields[`${i}.id`] = a.id;
      fields[`${i}.name`] = a.name;
      fields[`${i}.fee`] = String(a.fee);
      fields[`${i}.freeFrom`] = a.freeFrom === null ? "" : String(a.freeFrom);
      if (a.active) fields[`${i}.active`] = "on";
    });
    const n = settings.values.deliveryAreas.length;
    fields["0.fee"] = "Rp 6.000";
    fields[`${n}.id`] = "kaliwates"; // forged: a second row claiming an existing id
    fields[`${n}.name`] = "Gumuk Mas";
    // Copied with its zero sen: Rp 20.000, not Rp 2.000.000.
    fields[`${n}.fee`] = "20000.00";
    fields[`${n}.freeFrom`] = "";
    fields[`${n}.active`] = "on";
    const saved = await post(fields);
    expect(saved.status).toBe(303);
    const areas = (await readShopSettings(testDb.db)).values.deliveryAreas;
    expect(areas[0].fee).toBe(6000);
    expect(areas.at(-1)).toEqual({ id: "gumuk-mas", name: "Gumuk Mas", fee: 20000, freeFrom: null, active: true });

    const badFee = await post({ ...fields, [`${n}.id`]: "gumuk-mas", [`${n}.fee`]: "-5" });
    expect(badFee.status).toBe(400);
    expect((badFee.data as { fieldErrors: Record<string, string> }).fieldErrors[`${n}.fee`]).toMatch(
      /Ongkir harus angka rupiah/,
    );
    const sen = await post({ ...fields, [`${n}.id`]: "gumuk-mas", [`${n}.fee`]: "15000.50" });
    expect(sen.status).toBe(400);
    expect((sen.data as { fieldErrors: Record<string, string> }).fieldErrors[`${n}.fee`]).toMatch(/tanpa sen/);
    const sameName = await post({ ...fields, [`${n}.id`]: "gumuk-mas", "1.name": areas[0].name });
    expect(sameName.status).toBe(400);
    expect((sameName.data as { fieldErrors: Record<string, string> }).fieldErrors["1.name"]).toMatch(/sudah dipakai/);
    expect((await readShopSettings(testDb.db)).values.deliveryAreas).toEqual(areas);
  });

  it("refuses an unknown section and a customer", async () => {
    expect((await post({ intent: "harga-rahasia" })).status).toBe(400);
    const customer = await createUser(testDb.db);
    const customerCookie = await signIn(testDb.db, customer);
    const result = await callAction(
      settingsRoute.action,
      "/admin/settings",
      form({ intent: "minimal-belanja", minimumOrder: "0" }),
      { cookie: customerCookie },
    );
    expect(result.status).toBeGreaterThanOrEqual(300);
    expect((await readShopSettings(testDb.db)).values.minimumOrder).toBe(50000);
  });
});

describe("the store across processes", () => {
  it("shows another process's change within the cache time, and its own change at once", async () => {
    forgetCachedSettings();
    expect((await loadShopSettings(testDb.db)).values.minimumOrder).toBe(50000);
    // Another process writes directly to the shared database.
    await testDb.db.update(shopSettings).set({ value: 90000 }).where(eq(shopSettings.key, "minimumOrder"));
    expect((await readShopSettings(testDb.db)).values.minimumOrder).toBe(90000);
    await new Promise((resolve) => setTimeout(resolve, SETTINGS_CACHE_MS + 100));
    expect((await loadShopSettings(testDb.db)).values.minimumOrder).toBe(90000);
  });
});
