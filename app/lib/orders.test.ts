import { describe, expect, it } from "vitest";
import { discountedPrice } from "./money";
import { orderGrandTotal, orderItemsTotal, shortOrderId } from "./orders";

describe("order totals", () => {
  it("adds the lines at the unit prices charged", () => {
    const items = [
      { price: discountedPrice(4000, 10), quantity: 3 },
      { price: discountedPrice(18000, 15), quantity: 2 },
      { price: 68000, quantity: 1 },
    ];
    expect(orderItemsTotal(items)).toBe(3600 * 3 + 15300 * 2 + 68000);
    expect(orderItemsTotal([])).toBe(0);
  });

  it("adds the delivery fee only once staff set it", () => {
    expect(orderGrandTotal(102800, null)).toBe(102800);
    expect(orderGrandTotal(102800, 0)).toBe(102800);
    expect(orderGrandTotal(102800, 10000)).toBe(112800);
  });

  it("numbers orders by the first 8 characters of the id", () => {
    expect(shortOrderId("1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d")).toBe("1a2b3c4d");
  });
});
