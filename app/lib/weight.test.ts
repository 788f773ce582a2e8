import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderItemsTotal } from "./orders";
import {
  correctWeight,
  formatKg,
  isAllowedWeight,
  linePrice,
  linesTotal,
  MAX_LINE_GRAMS,
  parseKg,
  type WeightRules,
} from "./weight";

const rulesArb = fc
  .record({
    step: fc.constantFrom(50, 100, 125, 250, 500, 1000),
    minSteps: fc.integer({ min: 1, max: 8 }),
  })
  .map(({ step, minSteps }): WeightRules => ({ soldByWeight: true, weightStep: step, weightMin: step * minSteps }));

describe("formatKg and parseKg", () => {
  it("writes kilograms the Indonesian way, never with a dot or a float tail", () => {
    expect(formatKg(750)).toBe("0,75 kg");
    expect(formatKg(1000)).toBe("1 kg");
    expect(formatKg(1250)).toBe("1,25 kg");
    expect(formatKg(100)).toBe("0,1 kg");
    expect(formatKg(5)).toBe("0,005 kg");
  });

  it("reads what staff and shoppers type: '0,8', '0.8', '1', '1,25 kg'", () => {
    expect(parseKg("0,8")).toBe(800);
    expect(parseKg("0.8")).toBe(800);
    expect(parseKg("1")).toBe(1000);
    expect(parseKg(" 1,25 kg ")).toBe(1250);
    expect(parseKg("0,75 kg")).toBe(750);
    for (const bad of ["", "abc", "-1", "1,2345", "1e3", "0x10", "1,2,3", "Infinity"])
      expect(parseKg(bad), bad).toBeNull();
  });

  it("property: every whole number of grams survives formatting and reading back exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (grams) => {
        const text = formatKg(grams);
        expect(text).not.toContain(".");
        expect(parseKg(text)).toBe(grams);
      }),
    );
  });
});

describe("linePrice", () => {
  it("charges grams times the price per kg, rounded half up to whole rupiah", () => {
    expect(linePrice(48000, 750, true)).toBe(36000);
    expect(linePrice(33333, 100, true)).toBe(3333); // 3.333,3
    expect(linePrice(33335, 100, true)).toBe(3334); // 3.333,5 rounds up
    expect(linePrice(4000, 3, false)).toBe(12000);
  });

  it("property: an integer, within half a rupiah of the exact price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: MAX_LINE_GRAMS }),
        (price, grams) => {
          const charged = linePrice(price, grams, true);
          expect(Number.isSafeInteger(charged)).toBe(true);
          // Exact comparison in integers: |1000 x charged - price x grams| <= 500.
          expect(Math.abs(charged * 1000 - price * grams)).toBeLessThanOrEqual(500);
        },
      ),
    );
  });

  it("property: no drift, the total is the sum of each line rounded once, whatever the order", () => {
    const lineArb = fc.record({
      price: fc.integer({ min: 0, max: 2_000_000 }),
      quantity: fc.integer({ min: 1, max: MAX_LINE_GRAMS }),
      soldByWeight: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), (lines) => {
        const each = lines.map((l) => linePrice(l.price, l.quantity, l.soldByWeight));
        const total = linesTotal(lines);
        expect(total).toBe(each.reduce((a, b) => a + b, 0));
        expect(linesTotal([...lines].reverse())).toBe(total);
        expect(orderItemsTotal(lines)).toBe(total);
      }),
    );
  });

  it("property: weighing the same amount in steps never costs more than a rupiah per step against weighing it at once", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 1, max: 40 }), (price, steps) => {
        const once = linePrice(price, 250 * steps, true);
        const split = Array.from({ length: steps }, () => linePrice(price, 250, true)).reduce((a, b) => a + b, 0);
        expect(Math.abs(once - split)).toBeLessThanOrEqual(steps);
      }),
    );
  });
});

describe("correctWeight", () => {
  it("property: a corrected amount is always allowed and never above the stock", () => {
    fc.assert(
      fc.property(
        rulesArb,
        fc.integer({ min: -10_000, max: 100_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        (rules, grams, stock) => {
          const corrected = correctWeight(grams, rules, stock);
          if (corrected === null) {
            expect(grams <= 0 || stock < rules.weightMin).toBe(true);
            return;
          }
          expect(isAllowedWeight(corrected, rules)).toBe(true);
          expect(corrected).toBeLessThanOrEqual(stock);
        },
      ),
    );
  });

  it("property: an amount already allowed and in stock is kept as it is", () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: 1, max: 40 }), (rules, extraSteps) => {
        const grams = rules.weightMin + rules.weightStep * (extraSteps - 1);
        fc.pre(grams <= MAX_LINE_GRAMS);
        expect(correctWeight(grams, rules, MAX_LINE_GRAMS)).toBe(grams);
      }),
    );
  });
});
