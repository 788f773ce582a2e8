import { describe, expect, it } from "vitest";
import { DEFAULT_DELIVERY_SLOTS } from "./delivery-settings";
import { amountToCollect, groupByArea, nextDeliverySlot, NO_AREA_NAME, quotaText, slotChips } from "./delivery-sheet";

const rules = { slots: DEFAULT_DELIVERY_SLOTS, closedDays: [] };
const at = (iso: string) => new Date(iso);

describe("the delivery the staff's pages open on", () => {
  it("is today's morning until its window ends at 07:00 Jakarta, then the afternoon, then tomorrow morning", () => {
    expect(nextDeliverySlot(rules, at("2026-11-25T04:30:00+07:00"))).toEqual({ date: "2026-11-25", slot: "pagi" });
    expect(nextDeliverySlot(rules, at("2026-11-25T06:59:59+07:00"))).toEqual({ date: "2026-11-25", slot: "pagi" });
    expect(nextDeliverySlot(rules, at("2026-11-25T07:00:00+07:00"))).toEqual({ date: "2026-11-25", slot: "sore" });
    expect(nextDeliverySlot(rules, at("2026-11-25T18:00:00+07:00"))).toEqual({ date: "2026-11-26", slot: "pagi" });
  });

  it("skips closed days and slots the shop has switched off, across a month end", () => {
    const closed = {
      slots: { ...DEFAULT_DELIVERY_SLOTS, pagi: { ...DEFAULT_DELIVERY_SLOTS.pagi, active: false } },
      closedDays: [{ date: "2026-12-01", note: "Libur" }],
    };
    expect(nextDeliverySlot(closed, at("2026-11-30T20:00:00+07:00"))).toEqual({ date: "2026-12-02", slot: "sore" });
  });

  it("uses Jakarta's clock whatever the instant's UTC date", () => {
    // 23:30 UTC on the 24th is 06:30 on the 25th in Jember: the morning round is under way.
    expect(nextDeliverySlot(rules, at("2026-11-24T23:30:00Z"))).toEqual({ date: "2026-11-25", slot: "pagi" });
  });
});

describe("slot chips", () => {
  it("read 'Besok Pagi 7/20' against a quota and just the count without one", () => {
    const withQuota = { ...rules, slots: { ...rules.slots, pagi: { ...rules.slots.pagi, quota: 20 } } };
    const chips = slotChips(withQuota, "2026-11-25", { "2026-11-26|pagi": 7, "2026-11-26|sore": 3 });
    expect(chips.map((c) => `${c.name} ${quotaText(c.count, c.quota)}`)).toEqual([
      "Hari Ini Pagi 0/20",
      "Hari Ini Sore 0",
      "Besok Pagi 7/20",
      "Besok Sore 3",
    ]);
    expect(slotChips(withQuota, "2026-11-25", { "2026-11-26|pagi": 20 })[2].full).toBe(true);
  });
});

describe("the sheet's order", () => {
  it("groups by area by name, orders outside every area last, and sorts each area by address", () => {
    const o = (area: string | null, address: string, name = "X") => ({
      deliveryAreaName: area,
      recipientAddress: address,
      recipientName: name,
    });
    const groups = groupByArea([
      o("Sumbersari", "Jl. Kalimantan 10"),
      o(null, "Desa Ambulu"),
      o("Kaliwates", "Jl. Gajah Mada 2"),
      o("Sumbersari", "Jl. Jawa 7"),
      o("  ", "Jl. Tanpa Area"),
      o("Sumbersari", "Jl. Jawa 7", "Ani"),
    ]);
    expect(groups.map((g) => g.area)).toEqual(["Kaliwates", "Sumbersari", NO_AREA_NAME]);
    expect(groups[1].orders.map((x) => `${x.recipientAddress}/${x.recipientName}`)).toEqual([
      "Jl. Jawa 7/Ani",
      "Jl. Jawa 7/X",
      "Jl. Kalimantan 10/X",
    ]);
    expect(groups[2].orders).toHaveLength(2);
  });
});

describe("what the driver collects", () => {
  const bill = {
    paymentMethod: "cod",
    totalAmount: 42_000,
    deliveryFee: 8_000,
    paymentStatus: "unpaid",
    balanceApplied: 0,
    billFinal: true,
  };
  it("is the amount due of an unpaid cash-on-delivery bill", () => {
    expect(amountToCollect(bill)).toEqual({ amount: 50_000, feeUnknown: false, estimate: false });
    expect(amountToCollect({ ...bill, paymentStatus: "rejected" })?.amount).toBe(50_000);
    expect(amountToCollect({ ...bill, deliveryFee: null })).toEqual({
      amount: 42_000,
      feeUnknown: true,
      estimate: false,
    });
  });

  it("is an estimate ('perkiraan') until the bill is final", () => {
    expect(amountToCollect({ ...bill, billFinal: false })).toEqual({
      amount: 50_000,
      feeUnknown: false,
      estimate: true,
    });
  });

  it("takes the customer's balance into account: a credit lowers it, a debt raises it", () => {
    expect(amountToCollect({ ...bill, balanceApplied: 5_000 })?.amount).toBe(45_000);
    expect(amountToCollect({ ...bill, balanceApplied: -3_000 })?.amount).toBe(53_000);
    expect(amountToCollect({ ...bill, balanceApplied: 50_000 })).toBeNull();
  });

  it("is nothing once paid ('Lunas') or while a proof waits to be checked", () => {
    expect(amountToCollect({ ...bill, paymentStatus: "paid" })).toBeNull();
    expect(amountToCollect({ ...bill, paymentStatus: "pending" })).toBeNull();
  });

  it("is nothing for a bill paid by transfer or QRIS, paid or not, a debt in it included", () => {
    for (const paymentMethod of ["transfer", "qris"]) {
      expect(amountToCollect({ ...bill, paymentMethod, paymentStatus: "paid" })).toBeNull();
      expect(amountToCollect({ ...bill, paymentMethod, paymentStatus: "unpaid", balanceApplied: -3_000 })).toBeNull();
      expect(amountToCollect({ ...bill, paymentMethod, paymentStatus: "rejected" })).toBeNull();
    }
  });

  it("is the amount due of an order from before checkout asked how to pay (settled at the door)", () => {
    expect(amountToCollect({ ...bill, paymentMethod: null })?.amount).toBe(50_000);
  });
});
