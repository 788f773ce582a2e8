import { describe, expect, it } from "vitest";
import { discountedPrice, formatRupiah, hasDiscount, normalizeDiscount } from "./money";

const nbsp = "\u00a0";

describe("formatRupiah", () => {
  it("formats whole rupiah in id-ID with no decimals", () => {
    expect(formatRupiah(15000)).toBe(`Rp${nbsp}15.000`);
    expect(formatRupiah(1250000)).toBe(`Rp${nbsp}1.250.000`);
    expect(formatRupiah(0)).toBe(`Rp${nbsp}0`);
  });
  it("rounds away fractions instead of showing decimals", () => {
    expect(formatRupiah(9999.6)).toBe(`Rp${nbsp}10.000`);
  });
  it("never prints NaN", () => {
    expect(formatRupiah(Number.NaN)).toBe(`Rp${nbsp}0`);
  });
});

describe("discountedPrice", () => {
  it("is Math.round(price * (1 - discount/100))", () => {
    expect(discountedPrice(10000, 15)).toBe(8500);
    expect(discountedPrice(3333, 10)).toBe(3000);
    expect(discountedPrice(4500, 12)).toBe(3960);
    expect(discountedPrice(999, 33)).toBe(669);
  });
  it("treats empty, negative or odd discounts as none and caps at 100", () => {
    expect(discountedPrice(5000, null)).toBe(5000);
    expect(discountedPrice(5000, undefined)).toBe(5000);
    expect(discountedPrice(5000, -20)).toBe(5000);
    expect(discountedPrice(5000, Number.NaN)).toBe(5000);
    expect(discountedPrice(5000, 150)).toBe(0);
    expect(normalizeDiscount(40)).toBe(40);
  });
  it("knows when a discount is shown", () => {
    expect(hasDiscount(0)).toBe(false);
    expect(hasDiscount(null)).toBe(false);
    expect(hasDiscount(5)).toBe(true);
  });
});
