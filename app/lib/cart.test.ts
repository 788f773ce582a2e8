import { describe, expect, it } from "vitest";
import {
  applyToStoredCart,
  CART_STORAGE_KEY,
  cartReducer,
  cartTotals,
  describeLineAmount,
  lineSubtotal,
  MAX_LINE_QUANTITY,
  serializeCart,
  type CartProduct,
} from "./cart";
import { parseStoredCart } from "./cart-storage";

const unitRules = { sold_by_weight: false, weight_step: 1, weight_min: 1 };

const kangkung: CartProduct = {
  id: "p1",
  name: "Kangkung",
  price: 4000,
  image_url: "/images/products/kangkung.svg",
  discount: 0,
  stock: 20,
  unit: "per ikat",
  slug: "kangkung",
  ...unitRules,
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
  ...unitRules,
};
/** Chillies sold by weight: Rp60.000 per kg, by 100 g, from 100 g, 1,5 kg in stock. */
const cabai: CartProduct = {
  id: "p3",
  name: "Cabai Rawit",
  price: 60000,
  image_url: null,
  discount: 0,
  stock: 1500,
  unit: "per kg",
  slug: "cabai-rawit",
  sold_by_weight: true,
  weight_step: 100,
  weight_min: 100,
};
/** Shallots by 250 g from 500 g, 3 kg in stock. */
const bawang: CartProduct = {
  ...cabai,
  id: "p4",
  name: "Bawang Merah",
  price: 40000,
  stock: 3000,
  slug: "bawang-merah",
  weight_step: 250,
  weight_min: 500,
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
    expect(totals).toEqual({ totalAmount: 8000 + 27000, totalItems: 5, lineCount: 2, hasWeighed: false });
  });
});

describe("restoring the stored cart after the page became usable", () => {
  it("keeps what was added before the stored cart was read, on top of it", () => {
    const stored = [{ product: kangkung, quantity: 2 }];
    const addedMeanwhile = cartReducer([], { type: "add", product: kangkung, quantity: 1 });
    const withTomat = cartReducer(addedMeanwhile, { type: "add", product: tomat, quantity: 1 });
    expect(cartReducer(withTomat, { type: "restore", lines: stored })).toEqual([
      { product: kangkung, quantity: 3 },
      { product: tomat, quantity: 1 },
    ]);
    expect(cartReducer([], { type: "restore", lines: stored })).toEqual(stored);
  });
});

describe("a change made before the stored cart was read", () => {
  it("is merged into the stored text at once, so leaving the page cannot lose it", () => {
    const stored = serializeCart([{ product: kangkung, quantity: 2 }]);
    const afterTap = applyToStoredCart(stored, { type: "add", product: tomat, quantity: 1 });
    const afterSecondTap = applyToStoredCart(afterTap, { type: "add", product: kangkung, quantity: 1 });
    expect(parseStoredCart(afterSecondTap)).toEqual([
      { product: kangkung, quantity: 3 },
      { product: tomat, quantity: 1 },
    ]);
  });

  it("starts a cart from nothing, broken text or lines without a product", () => {
    for (const raw of [null, "", "{bukan json", '{"a":1}', '[null, 5, {"quantity": 2}, {"product": {"id": 1}}]'])
      expect(parseStoredCart(applyToStoredCart(raw, { type: "add", product: tomat, quantity: 2 }))).toEqual([
        { product: tomat, quantity: 2 },
      ]);
  });

  it("empties the stored cart on 'clear'", () => {
    const stored = serializeCart([{ product: kangkung, quantity: 2 }]);
    expect(parseStoredCart(applyToStoredCart(stored, { type: "clear" }))).toEqual([]);
  });
});

describe("parseStoredCart", () => {
  it("drops a line whose product lacks a name, price or id, defaults the rest and keeps no stray field", () => {
    const raw = JSON.stringify([
      { product: { ...kangkung, price: 4000.5 }, quantity: 1 },
      { product: { ...kangkung, id: "" }, quantity: 1 },
      { product: { ...kangkung, name: 7 }, quantity: 1 },
      { product: "kangkung", quantity: 1 },
      {
        product: { ...tomat, image_url: 5, discount: 140, stock: "banyak", unit: null, isAdmin: true },
        quantity: 2,
        note: 42,
        allowSubstitute: "ya",
        price: 1,
      },
    ]);
    expect(parseStoredCart(raw)).toEqual([
      {
        product: { ...tomat, image_url: null, discount: 0, stock: 0, unit: "pcs" },
        quantity: 2,
        note: "",
        allowSubstitute: false,
      },
    ]);
  });
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

describe("produce sold by weight in the cart", () => {
  it("keeps its key: old carts stored under 'cart' with whole quantities and no weight fields still load", () => {
    expect(CART_STORAGE_KEY).toBe("cart");
    const { sold_by_weight: _s, weight_step: _w, weight_min: _m, ...oldKangkung } = kangkung;
    const raw = JSON.stringify([{ product: oldKangkung, quantity: 3 }]);
    expect(parseStoredCart(raw)).toEqual([{ product: kangkung, quantity: 3 }]);
  });

  it("corrects tampered grams: off the step rounds down, under the minimum goes up, over the stock comes down", () => {
    const raw = JSON.stringify([
      { product: cabai, quantity: 333 },
      { product: bawang, quantity: 100 },
    ]);
    expect(parseStoredCart(raw).map((l) => l.quantity)).toEqual([300, 500]);
    const over = JSON.stringify([{ product: bawang, quantity: 20_000 }]);
    expect(parseStoredCart(over)[0].quantity).toBe(3000);
  });

  it("drops amounts that are not grams at all and never charges more than the stock allows", () => {
    const raw = JSON.stringify([
      { product: cabai, quantity: 0.75 },
      { product: cabai, quantity: "750" },
      { product: cabai, quantity: 1e9 },
    ]);
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it("adds and steps by grams, and shows the amount as '0,75 kg'", () => {
    let lines = cartReducer([], { type: "add", product: bawang, quantity: 500 });
    lines = cartReducer(lines, { type: "add", product: bawang, quantity: 250 });
    expect(lines[0].quantity).toBe(750);
    expect(describeLineAmount(lines[0]).replace(/\u00a0/g, " ")).toBe("0,75 kg x Rp 40.000/kg");
    // Rp40.000 per kg x 0,75 kg
    expect(lineSubtotal(lines[0])).toBe(30000);
    lines = cartReducer(lines, { type: "setQuantity", productId: "p4", quantity: 880 });
    expect(lines[0].quantity).toBe(750);
  });

  it("a product that becomes sold by weight gets an amount it is sold in after a refresh", () => {
    const lines = [{ product: { ...bawang, sold_by_weight: false }, quantity: 2 }];
    expect(cartReducer(lines, { type: "refresh", products: [bawang] })[0].quantity).toBe(500);
  });

  it("counts a weighed line as one item and rounds each line to whole rupiah once", () => {
    const lines = [
      { product: cabai, quantity: 300 }, // 0,3 kg x 60.000 = 18.000
      { product: { ...cabai, id: "p9", price: 33333 }, quantity: 100 }, // 3.333,3 -> 3.333
      { product: kangkung, quantity: 2 },
    ];
    expect(cartTotals(lines)).toEqual({
      totalAmount: 18000 + 3333 + 8000,
      totalItems: 4,
      lineCount: 3,
      hasWeighed: true,
    });
  });
});

describe("line notes and substitution", () => {
  it("keeps a note (one line, at most 100 characters) and the substitution choice, also when more is added", () => {
    let lines = cartReducer([], { type: "add", product: kangkung, quantity: 1 });
    lines = cartReducer(lines, { type: "setOptions", productId: "p1", note: "pilih yang\nmuda ".repeat(20) });
    lines = cartReducer(lines, { type: "setOptions", productId: "p1", allowSubstitute: true });
    lines = cartReducer(lines, { type: "add", product: kangkung, quantity: 2 });
    expect(lines[0].quantity).toBe(3);
    expect(lines[0].note).toHaveLength(100);
    expect(lines[0].note).not.toContain("\n");
    expect(lines[0].allowSubstitute).toBe(true);
    expect(parseStoredCart(serializeCart(lines))).toEqual(lines);
  });

  it("reads odd stored notes and choices as none and 'Jangan diganti'", () => {
    const raw = JSON.stringify([{ product: kangkung, quantity: 1, note: 42, allowSubstitute: "ya" }]);
    expect(parseStoredCart(raw)).toEqual([{ product: kangkung, quantity: 1, note: "", allowSubstitute: false }]);
  });
});
