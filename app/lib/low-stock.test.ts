import { describe, expect, it } from "vitest";
import {
  effectiveLowStockThreshold,
  formatStockAmount,
  isLowStock,
  lowStockFormValue,
  parseLowStockThreshold,
} from "./low-stock";

describe("low stock", () => {
  it("defaults to 5 units, or 2 kg for produce sold by weight", () => {
    expect(effectiveLowStockThreshold({ soldByWeight: false, lowStockThreshold: null })).toBe(5);
    expect(effectiveLowStockThreshold({ soldByWeight: true, lowStockThreshold: null })).toBe(2000);
    expect(isLowStock({ stock: 5, soldByWeight: false, lowStockThreshold: null })).toBe(true);
    expect(isLowStock({ stock: 6, soldByWeight: false, lowStockThreshold: null })).toBe(false);
    expect(isLowStock({ stock: 2000, soldByWeight: true, lowStockThreshold: null })).toBe(true);
    expect(isLowStock({ stock: 2250, soldByWeight: true, lowStockThreshold: null })).toBe(false);
    expect(isLowStock({ stock: 9, soldByWeight: false, lowStockThreshold: 10 })).toBe(true);
  });

  it("reads the limit as kg for weighed produce and whole units otherwise", () => {
    expect(parseLowStockThreshold("", false)).toEqual({ ok: true, value: null });
    expect(parseLowStockThreshold(" 12 ", false)).toEqual({ ok: true, value: 12 });
    expect(parseLowStockThreshold("1,5", true)).toEqual({ ok: true, value: 1500 });
    expect(parseLowStockThreshold("2", true)).toEqual({ ok: true, value: 2000 });
    expect(parseLowStockThreshold("1,5", false)).toMatchObject({
      ok: false,
      message: expect.stringContaining("angka bulat"),
    });
    expect(parseLowStockThreshold("banyak", true)).toMatchObject({ ok: false, message: expect.stringContaining("kg") });
    expect(parseLowStockThreshold("-3", false).ok).toBe(false);
    expect(parseLowStockThreshold("2000000", false).ok).toBe(false);
    // A decimal point is never dropped: '2.5' is not 25.
    expect(parseLowStockThreshold("2.5", false).ok).toBe(false);
    expect(parseLowStockThreshold("1.500", false)).toEqual({ ok: true, value: 1500 });
  });

  it("shows the limit and stock as staff read them", () => {
    expect(lowStockFormValue({ soldByWeight: true, lowStockThreshold: 1500 })).toBe("1,5");
    expect(lowStockFormValue({ soldByWeight: false, lowStockThreshold: 8 })).toBe("8");
    expect(lowStockFormValue({ soldByWeight: false, lowStockThreshold: null })).toBe("");
    expect(formatStockAmount(1250, { soldByWeight: true, unit: "per kg" })).toBe("1,25 kg");
    expect(formatStockAmount(3, { soldByWeight: false, unit: "per ikat" })).toBe("3 ikat");
    expect(formatStockAmount(4, { soldByWeight: false, unit: "pcs" })).toBe("4 pcs");
  });
});
