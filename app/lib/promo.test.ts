import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { promoAmounts, splitDiscount, type PromoTerms } from "./promo";

const terms = fc.oneof(
  fc.record({
    kind: fc.constant("fixed" as const),
    value: fc.integer({ min: 1, max: 2_000_000 }),
    maxDiscount: fc.constant(null),
    minSpend: fc.nat(500_000),
  }),
  fc.record({
    kind: fc.constant("percent" as const),
    value: fc.integer({ min: 1, max: 100 }),
    maxDiscount: fc.option(fc.integer({ min: 1, max: 500_000 })),
    minSpend: fc.nat(500_000),
  }),
  fc.record({
    kind: fc.constant("free_shipping" as const),
    value: fc.integer({ min: 1, max: 100_000 }),
    maxDiscount: fc.constant(null),
    minSpend: fc.nat(500_000),
  }),
) satisfies fc.Arbitrary<PromoTerms>;
// A basket's line totals: pieces and weighed lines, some of them tiny.
const basket = fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 40 });
const fee = fc.option(fc.nat(100_000));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("promoAmounts", () => {
  it("never takes more than its cap, the goods or the fee, and never less than nothing", () => {
    fc.assert(
      fc.property(terms, basket, fee, (t, lines, f) => {
        const goods = sum(lines);
        const off = promoAmounts(t, goods, f);
        expect(Number.isInteger(off.goods) && Number.isInteger(off.fee)).toBe(true);
        expect(off.goods).toBeGreaterThanOrEqual(0);
        expect(off.fee).toBeGreaterThanOrEqual(0);
        expect(off.goods).toBeLessThanOrEqual(goods);
        expect(off.fee).toBeLessThanOrEqual(f ?? 0);
        if (t.kind === "fixed") expect(off.goods).toBe(Math.min(t.value, goods));
        if (t.kind === "percent") {
          expect(off.goods).toBeLessThanOrEqual(t.maxDiscount ?? goods);
          expect(off.goods).toBeLessThanOrEqual((goods * t.value) / 100);
        }
        if (t.kind === "free_shipping") expect(off.fee).toBeLessThanOrEqual(t.value);
      }),
      { seed: 20261128, numRuns: 2000 },
    );
  });

  it("reads as a shopper expects: 10% of Rp123.456 is Rp12.345, capped at Rp10.000", () => {
    const tenPercent: PromoTerms = { kind: "percent", value: 10, maxDiscount: null, minSpend: 0 };
    expect(promoAmounts(tenPercent, 123_456, 10_000)).toEqual({ goods: 12_345, fee: 0 });
    expect(promoAmounts({ ...tenPercent, maxDiscount: 10_000 }, 123_456, null).goods).toBe(10_000);
    expect(promoAmounts({ kind: "fixed", value: 50_000, maxDiscount: null, minSpend: 0 }, 30_000, 0).goods).toBe(
      30_000,
    );
    expect(
      promoAmounts({ kind: "free_shipping", value: 15_000, maxDiscount: null, minSpend: 0 }, 9_000, 10_000),
    ).toEqual({ goods: 0, fee: 10_000 });
  });
});

describe("splitDiscount", () => {
  it("gives every line a whole-rupiah share, none above its line, adding up to the discount exactly", () => {
    fc.assert(
      fc.property(basket, fc.nat(300_000_000), (lines, discount) => {
        const shares = splitDiscount(discount, lines);
        expect(shares).toHaveLength(lines.length);
        expect(sum(shares)).toBe(Math.min(discount, sum(lines)));
        shares.forEach((share, i) => {
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(lines[i]);
        });
      }),
      { seed: 1128, numRuns: 2000 },
    );
  });

  it("splits Rp10.000 over three equal lines as 3.334 + 3.333 + 3.333", () => {
    expect(splitDiscount(10_000, [20_000, 20_000, 20_000])).toEqual([3_334, 3_333, 3_333]);
    expect(splitDiscount(0, [5_000])).toEqual([0]);
  });
});
