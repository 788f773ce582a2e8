import { describe, expect, it } from "vitest";
import type { CartProduct } from "./cart";
import { planReorder, reorderSummary, type PastOrderLine } from "./reorder";

function product(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id: "p-bayam",
    name: "Bayam",
    price: 4000,
    image_url: null,
    discount: 0,
    stock: 20,
    unit: "per ikat",
    slug: "bayam",
    sold_by_weight: false,
    weight_step: 1,
    weight_min: 1,
    ...overrides,
  };
}

const line = (overrides: Partial<PastOrderLine> = {}): PastOrderLine => ({
  productId: "p-bayam",
  productName: "Bayam (dulu)",
  quantity: 3,
  soldByWeight: false,
  ...overrides,
});

describe("planReorder", () => {
  it("puts every line back at today's price and name", () => {
    const today = product({ price: 4500, name: "Bayam Hijau" });
    expect(planReorder([line()], [today])).toEqual({
      lines: [{ product: today, quantity: 3, note: "", allowSubstitute: false }],
      problems: [],
    });
  });

  it("adds what stock there is of a short line and says so", () => {
    const plan = planReorder([line({ quantity: 5 })], [product({ stock: 2 })]);
    expect(plan.lines).toEqual([{ product: product({ stock: 2 }), quantity: 2, note: "", allowSubstitute: false }]);
    expect(plan.problems).toEqual([{ name: "Bayam", kind: "short", message: "Stok tinggal 2: 2 dari 5 ditambahkan." }]);
    expect(reorderSummary(plan.problems)).toBe("1 produk hanya ditambahkan sebagian");
  });

  it("leaves out products no longer sold or out of stock, and counts them in the title", () => {
    const plan = planReorder(
      [
        line(),
        line({ productId: null, productName: "Kemangi" }),
        line({ productId: "p-tomat", productName: "Tomat" }),
        line({ productId: "p-wortel", productName: "Wortel", quantity: 9 }),
      ],
      [
        product(),
        product({ id: "p-tomat", name: "Tomat", stock: 0 }),
        product({ id: "p-wortel", name: "Wortel", stock: 4 }),
      ],
    );
    expect(plan.lines.map((l) => [l.product.name, l.quantity])).toEqual([
      ["Bayam", 3],
      ["Wortel", 4],
    ]);
    expect(plan.problems.map((p) => [p.name, p.kind, p.message])).toEqual([
      ["Kemangi", "unavailable", "Sudah tidak dijual."],
      ["Tomat", "unavailable", "Stok habis."],
      ["Wortel", "short", "Stok tinggal 4: 4 dari 9 ditambahkan."],
    ]);
    expect(reorderSummary(plan.problems)).toBe("2 produk tidak tersedia dan tidak ditambahkan");
  });

  it("weighed produce comes back in grams on the product's step, capped by today's stock", () => {
    const cabai = product({
      id: "p-cabai",
      name: "Cabai Rawit",
      sold_by_weight: true,
      weight_step: 250,
      weight_min: 250,
    });
    const full = planReorder(
      [line({ productId: "p-cabai", quantity: 750, soldByWeight: true })],
      [{ ...cabai, stock: 5000 }],
    );
    expect(full.lines[0].quantity).toBe(750);
    expect(full.problems).toEqual([]);
    const short = planReorder(
      [line({ productId: "p-cabai", quantity: 750, soldByWeight: true })],
      [{ ...cabai, stock: 600 }],
    );
    expect(short.lines[0].quantity).toBe(500);
    expect(short.problems[0].message).toBe("Stok tinggal 0,6 kg: 0,5 kg dari 0,75 kg ditambahkan.");
    const none = planReorder(
      [line({ productId: "p-cabai", quantity: 750, soldByWeight: true })],
      [{ ...cabai, stock: 200 }],
    );
    expect(none.lines).toEqual([]);
    expect(none.problems[0]).toMatchObject({ kind: "unavailable", message: "Stok habis." });
  });

  it("a product whose way of selling changed is not guessed at", () => {
    const nowWeighed = product({ sold_by_weight: true, weight_step: 250, weight_min: 250, stock: 5000 });
    const plan = planReorder([line({ quantity: 2 })], [nowWeighed]);
    expect(plan.lines).toEqual([]);
    expect(plan.problems[0].message).toBe("Sekarang dijual per kg; pilih beratnya di halaman produk.");
  });

  it("orders again what was ordered, not what was packed, with the note and the substitution choice", () => {
    const bawang = product({
      id: "p-bawang",
      name: "Bawang Merah",
      sold_by_weight: true,
      weight_step: 100,
      weight_min: 100,
      stock: 11_700,
    });
    // Ordered 0,5 kg, weighed at 0,45 kg: 0,5 kg again, and no talk of short stock with 11,7 kg left.
    const plan = planReorder(
      [
        line({
          productId: "p-bawang",
          quantity: 450,
          orderedQuantity: 500,
          soldByWeight: true,
          note: "yang besar-besar",
          allowSubstitute: true,
        }),
      ],
      [bawang],
    );
    expect(plan.lines).toEqual([{ product: bawang, quantity: 500, note: "yang besar-besar", allowSubstitute: true }]);
    expect(plan.problems).toEqual([]);
  });

  it("says an amount changed because of how the product is sold now, not because of stock", () => {
    const cabai = product({ id: "p-cabai", sold_by_weight: true, weight_step: 250, weight_min: 250, stock: 9000 });
    const plan = planReorder([line({ productId: "p-cabai", quantity: 600, soldByWeight: true })], [cabai]);
    expect(plan.lines[0].quantity).toBe(500);
    expect(plan.problems[0].message).toBe("Sekarang dijual per 0,25 kg: 0,5 kg ditambahkan (dipesan 0,6 kg).");
  });
});
