import { afterEach, describe, expect, it } from "vitest";
import {
  checkDeliveryChoice,
  cutoffInstant,
  deliveryDays,
  deliveryPromise,
  earliestOpenChoice,
  feeText,
  minimumOrderMessage,
  quoteDeliveryFee,
  SLOT_FULL_MESSAGE,
  slotKey,
  type DeliveryRules,
} from "./delivery";
import { DEFAULT_DELIVERY_AREAS, DEFAULT_DELIVERY_SLOTS } from "./delivery-settings";

const plain = (text: string) => text.replace(/\u00a0/g, " ");
const at = (iso: string) => new Date(iso);

const defaults: DeliveryRules = { slots: DEFAULT_DELIVERY_SLOTS, closedDays: [] };
const sameDaySore: DeliveryRules = {
  slots: { ...DEFAULT_DELIVERY_SLOTS, sore: { cutoffTime: "12:00", cutoffDay: "same", quota: null, active: true } },
  closedDays: [],
};

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe("cut-offs", () => {
  it("closes both slots at 21:00 the day before on a fresh shop", () => {
    expect(cutoffInstant("2026-11-26", DEFAULT_DELIVERY_SLOTS.pagi).toISOString()).toBe("2026-11-25T14:00:00.000Z");
  });

  it("at 20:59:59 still offers tomorrow morning; at 21:00:00 the day after", () => {
    const before = earliestOpenChoice(deliveryDays(defaults, at("2026-11-25T20:59:59+07:00")));
    expect(before?.label).toBe("Besok Pagi · Kamis, 26 November · 05:00-07:00");
    const after = earliestOpenChoice(deliveryDays(defaults, at("2026-11-25T21:00:00+07:00")));
    expect(after?.label).toBe("Lusa Pagi · Jumat, 27 November · 05:00-07:00");
    expect(checkDeliveryChoice(defaults, at("2026-11-25T21:00:00+07:00"), {}, "2026-11-26", "pagi")).toEqual({
      ok: false,
      problem: "past-cutoff",
      message:
        "Batas pesan untuk Besok Pagi (Kamis, 26 November) sudah lewat: pukul 21:00 sehari sebelumnya. Silakan pilih waktu lain.",
    });
    expect(checkDeliveryChoice(defaults, at("2026-11-25T20:59:59+07:00"), {}, "2026-11-26", "pagi").ok).toBe(true);
  });

  it("offers same-day afternoon delivery until a same-day cut-off", () => {
    const morning = deliveryDays(sameDaySore, at("2026-11-25T11:59:59+07:00"));
    expect(morning[0].date).toBe("2026-11-25");
    expect(morning[0].slots.map((s) => s.label)).toEqual(["Hari Ini Sore · Rabu, 25 November · 16:00-18:00"]);
    const noon = deliveryDays(sameDaySore, at("2026-11-25T12:00:00+07:00"));
    expect(noon[0].date).toBe("2026-11-26");
    expect(noon[0].slots.map((s) => s.name)).toEqual(["Besok Pagi", "Besok Sore"]);
  });

  it("crosses a month end and a year end in Jember's calendar", () => {
    const month = earliestOpenChoice(deliveryDays(defaults, at("2026-11-30T20:00:00+07:00")));
    expect(month?.label).toBe("Besok Pagi · Selasa, 1 Desember · 05:00-07:00");
    const year = deliveryDays(defaults, at("2026-12-31T21:30:00+07:00"));
    expect(year[0].slots[0].label).toBe("Lusa Pagi · Sabtu, 2 Januari 2027 · 05:00-07:00");
    const newYearsEve = earliestOpenChoice(deliveryDays(defaults, at("2026-12-31T08:00:00+07:00")));
    expect(newYearsEve?.label).toBe("Besok Pagi · Jumat, 1 Januari 2027 · 05:00-07:00");
  });

  it("gives the same answers on a server whose own time zone is not Jakarta", () => {
    process.env.TZ = "America/New_York";
    // 20:59:59 in Jember is 08:59:59 in New York, on the same date; 21:00 the cut-off.
    const now = at("2026-11-25T13:59:59Z");
    expect(now.getHours()).toBe(8);
    expect(earliestOpenChoice(deliveryDays(defaults, now))?.date).toBe("2026-11-26");
    expect(earliestOpenChoice(deliveryDays(defaults, at("2026-11-25T14:00:00Z")))?.date).toBe("2026-11-27");
    // 02:00 on 1 January in Jember is still 31 December in New York.
    const newYear = at("2026-12-31T19:00:00Z");
    expect(newYear.getFullYear()).toBe(2026);
    expect(deliveryDays(defaults, newYear)[0].slots[0].label).toBe("Besok Pagi · Sabtu, 2 Januari · 05:00-07:00");
  });
});

describe("the seven dates of the checkout", () => {
  it("lists seven dates from the first one still open, closed days with their note", () => {
    const rules: DeliveryRules = { ...defaults, closedDays: [{ date: "2026-11-28", note: "Libur Panen" }] };
    const days = deliveryDays(rules, at("2026-11-25T10:00:00+07:00"));
    expect(days.map((d) => d.date)).toEqual([
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
    ]);
    expect(days[2]).toMatchObject({ dateText: "Sabtu, 28 November", closedNote: "Libur Panen", slots: [] });
    expect(checkDeliveryChoice(rules, at("2026-11-25T10:00:00+07:00"), {}, "2026-11-28", "pagi")).toMatchObject({
      ok: false,
      problem: "closed-day",
      message: "Toko libur pada Sabtu, 28 November (Libur Panen). Silakan pilih tanggal lain.",
    });
    expect(checkDeliveryChoice(rules, at("2026-11-25T10:00:00+07:00"), {}, "2026-12-03", "pagi")).toMatchObject({
      ok: false,
      problem: "too-far",
    });
  });

  it("leaves out an inactive slot and refuses it by name", () => {
    const rules: DeliveryRules = {
      slots: { ...DEFAULT_DELIVERY_SLOTS, sore: { ...DEFAULT_DELIVERY_SLOTS.sore, active: false } },
      closedDays: [],
    };
    const days = deliveryDays(rules, at("2026-11-25T10:00:00+07:00"));
    expect(days.every((d) => d.slots.every((s) => s.slot === "pagi"))).toBe(true);
    expect(checkDeliveryChoice(rules, at("2026-11-25T10:00:00+07:00"), {}, "2026-11-26", "sore")).toMatchObject({
      ok: false,
      message: "Pengiriman Sore sedang tidak tersedia. Silakan pilih waktu lain.",
    });
  });

  it("marks a slot at its quota full, and the next open one becomes the default", () => {
    const rules: DeliveryRules = {
      slots: { ...DEFAULT_DELIVERY_SLOTS, pagi: { ...DEFAULT_DELIVERY_SLOTS.pagi, quota: 20 } },
      closedDays: [],
    };
    const now = at("2026-11-25T10:00:00+07:00");
    const counts = { [slotKey("2026-11-26", "pagi")]: 20 };
    const days = deliveryDays(rules, now, counts);
    expect(days[0].slots[0]).toMatchObject({ name: "Besok Pagi", count: 20, quota: 20, full: true });
    expect(earliestOpenChoice(days)?.name).toBe("Besok Sore");
    expect(checkDeliveryChoice(rules, now, counts, "2026-11-26", "pagi")).toMatchObject({
      ok: false,
      message: SLOT_FULL_MESSAGE,
    });
    expect(checkDeliveryChoice(rules, now, { [slotKey("2026-11-26", "pagi")]: 19 }, "2026-11-26", "pagi").ok).toBe(
      true,
    );
  });
});

describe("the promise on the shop pages", () => {
  it("says until when to order and when it arrives", () => {
    expect(deliveryPromise(defaults, at("2026-11-25T10:00:00+07:00"))?.text).toBe(
      "Pesan sebelum 21:00, diantar Besok Pagi 05:00-07:00",
    );
    expect(deliveryPromise(defaults, at("2026-11-25T21:00:00+07:00"))?.text).toBe(
      "Pesan sebelum besok 21:00, diantar Lusa Pagi 05:00-07:00",
    );
    expect(deliveryPromise(sameDaySore, at("2026-11-25T11:00:00+07:00"))?.text).toBe(
      "Pesan sebelum 12:00, diantar Hari Ini Sore 16:00-18:00",
    );
  });

  it("skips closed days", () => {
    const rules: DeliveryRules = {
      ...defaults,
      closedDays: [
        { date: "2026-11-26", note: "Libur" },
        { date: "2026-11-27", note: "Libur" },
      ],
    };
    expect(deliveryPromise(rules, at("2026-11-25T10:00:00+07:00"))?.text).toBe(
      "Pesan sebelum Jumat 21:00, diantar Pagi 05:00-07:00, Sabtu, 28 November",
    );
  });
});

describe("fee and minimum order", () => {
  const kaliwates = DEFAULT_DELIVERY_AREAS.find((a) => a.id === "kaliwates")!;

  it("charges the area's fee, nothing from its threshold on, and leaves outside areas to CS", () => {
    expect(plain(feeText(quoteDeliveryFee(kaliwates, 149_999)))).toBe("Rp 5.000");
    expect(quoteDeliveryFee(kaliwates, 150_000)).toMatchObject({ fee: 0, free: true, areaFee: 5000 });
    expect(feeText(quoteDeliveryFee(kaliwates, 150_000))).toBe("Gratis");
    expect(feeText(quoteDeliveryFee(null, 10_000))).toBe("Ditentukan oleh CS");
  });

  it("says how much more to add below the minimum", () => {
    expect(plain(minimumOrderMessage(38_000, 50_000) ?? "")).toBe(
      "Belanja Rp 12.000 lagi untuk mencapai minimal belanja Rp 50.000",
    );
    expect(minimumOrderMessage(50_000, 50_000)).toBeNull();
    expect(minimumOrderMessage(1_000, 0)).toBeNull();
  });
});
