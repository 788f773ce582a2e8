import { describe, expect, it } from "vitest";
import { cartReducer, cartTotals, MAX_LINE_QUANTITY, parseStoredCart, serializeCart, type CartProduct } from "./cart";

const kangkung: CartProduct = {
  id: "p1",
  name: "Kangkung",
  price: 4000,
  image_url: "/images/products/kangkung.svg",
  discount: 0,
  stock: 20,
  unit: "per ikat",
  slug: "kangkung",
};
const tomat: CartProduct = {
  id: "p2",
  name: "Tomat",
  price: 12000,
  image_url: null,
  discount: 25,
  stock: 5,
  unit: "per kg",
  slug: "tomat",
};

describe("cartReducer", () => {
  it("adds a new product as a line, default quantity 1", () => {
    const lines = cartReducer([], { type: "add", product: kangkung });
    expect(lines).toEqual([{ product: kangkung, quantity: 1 }]);
  });
  it("raises the quantity when the product is already in the cart", () => {
    let lines = cartReducer([], { type: "add", product: kangkung, quantity: 2 });
    lines = cartReducer(lines, { type: "add", product: kangkung, quantity: 3 });
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(5);
  });
  it("ignores adding zero, negative or NaN amounts", () => {
    const lines = [{ product: kangkung, quantity: 2 }];
    expect(cartReducer(lines, { type: "add", product: kangkung, quantity: 0 })).toBe(lines);
    expect(cartReducer(lines, { type: "add", product: kangkung, quantity: -4 })).toBe(lines);
    expect(cartReducer(lines, { type: "add", product: kangkung, quantity: Number.NaN })).toBe(lines);
  });
  it("removes a line, and a quantity of zero or less removes it too", () => {
    const lines = [
      { product: kangkung, quantity: 2 },
      { product: tomat, quantity: 1 },
    ];
    expect(cartReducer(lines, { type: "remove", productId: "p1" })).toEqual([{ product: tomat, quantity: 1 }]);
    expect(cartReducer(lines, { type: "setQuantity", productId: "p2", quantity: 0 })).toEqual([
      { product: kangkung, quantity: 2 },
    ]);
    expect(cartReducer(lines, { type: "setQuantity", productId: "p2", quantity: -1 })).toHaveLength(1);
  });
  it("replaces a quantity, whole numbers only and at most the cap", () => {
    const lines = [{ product: kangkung, quantity: 2 }];
    expect(cartReducer(lines, { type: "setQuantity", productId: "p1", quantity: 7 })[0].quantity).toBe(7);
    expect(cartReducer(lines, { type: "setQuantity", productId: "p1", quantity: 2.7 })[0].quantity).toBe(2);
    expect(cartReducer(lines, { type: "setQuantity", productId: "p1", quantity: 5000 })[0].quantity).toBe(
      MAX_LINE_QUANTITY,
    );
  });
  it("clears everything", () => {
    expect(cartReducer([{ product: kangkung, quantity: 2 }], { type: "clear" })).toEqual([]);
  });
  it("refreshes prices and stock from the server but keeps quantities", () => {
    const lines = [{ product: kangkung, quantity: 3 }];
    const fresh = { ...kangkung, price: 5000, stock: 2 };
    expect(cartReducer(lines, { type: "refresh", products: [fresh] })).toEqual([{ product: fresh, quantity: 3 }]);
  });
});

describe("cartTotals", () => {
  it("sums the discounted unit price times quantity, and counts items", () => {
    const totals = cartTotals([
      { product: kangkung, quantity: 2 }, // 2 x 4000
      { product: tomat, quantity: 3 }, // 3 x 9000 (25% off 12000)
    ]);
    expect(totals).toEqual({ totalAmount: 8000 + 27000, totalItems: 5, lineCount: 2 });
  });
});

describe("parseStoredCart", () => {
  it("round-trips a saved cart", () => {
    const lines = [
      { product: kangkung, quantity: 2 },
      { product: tomat, quantity: 1 },
    ];
    expect(parseStoredCart(serializeCart(lines))).toEqual(lines);
  });
  it("returns an empty cart for missing, non-JSON or non-array storage", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("")).toEqual([]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart('{"product":1}')).toEqual([]);
    expect(parseStoredCart("42")).toEqual([]);
    expect(parseStoredCart("null")).toEqual([]);
  });
  it("drops invalid lines and keeps the valid ones", () => {
    const raw = JSON.stringify([
      { product: kangkung, quantity: 2 },
      { product: tomat, quantity: -1 },
      { product: tomat, quantity: 1.5 },
      { product: { id: "x" }, quantity: 1 },
      { product: tomat, quantity: "3" },
      null,
      "kangkung",
      { product: { ...tomat, price: -100 }, quantity: 1 },
    ]);
    expect(parseStoredCart(raw)).toEqual([{ product: kangkung, quantity: 2 }]);
  });
  it("strips unknown fields and repairs odd optional ones", () => {
    const raw = JSON.stringify([
      { product: { ...kangkung, evil: "<script>", discount: "lots", unit: 5 }, quantity: 1, extra: true },
    ]);
    expect(parseStoredCart(raw)).toEqual([{ product: { ...kangkung, discount: 0, unit: "pcs" }, quantity: 1 }]);
  });
  it("merges duplicate lines of one product", () => {
    const raw = JSON.stringify([
      { product: kangkung, quantity: 2 },
      { product: kangkung, quantity: 3 },
    ]);
    expect(parseStoredCart(raw)).toEqual([{ product: kangkung, quantity: 5 }]);
  });
});
