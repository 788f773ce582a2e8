import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedCategories, seedProducts } from "./seed-data";

describe("seed data", () => {
  it("has the five categories with their exact names and slugs, in order", () => {
    expect(seedCategories).toEqual([
      { name: "Sayur Daun", slug: "sayur-daun" },
      { name: "Sayur Buah", slug: "sayur-buah" },
      { name: "Bumbu Dapur", slug: "bumbu" },
      { name: "Daging", slug: "daging" },
      { name: "Bahan Pokok", slug: "bahan-pokok" },
    ]);
  });

  it("has at least 30 products with unique, kebab-case slugs", () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(30);
    const slugs = seedProducts.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("puts every product in an existing category", () => {
    const categorySlugs = new Set(seedCategories.map((c) => c.slug));
    for (const p of seedProducts) expect(categorySlugs.has(p.categorySlug), p.slug).toBe(true);
  });

  it("has enough featured, discounted and sold-out products", () => {
    expect(seedProducts.filter((p) => p.featured).length).toBeGreaterThanOrEqual(4);
    expect(seedProducts.filter((p) => p.discount > 0).length).toBeGreaterThanOrEqual(3);
    expect(seedProducts.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2);
  });

  it("uses positive integer prices and sane discounts and stock", () => {
    for (const p of seedProducts) {
      expect(Number.isInteger(p.price) && p.price > 0, p.slug).toBe(true);
      expect(Number.isInteger(p.discount) && p.discount >= 0 && p.discount <= 100, p.slug).toBe(true);
      expect(Number.isInteger(p.stock) && p.stock >= 0, p.slug).toBe(true);
    }
  });

  it("sells at least five of the produce a greengrocer weighs by weight, priced per kg with stock in grams", () => {
    const weighed = seedProducts.filter((p) => p.soldByWeight);
    expect(weighed.length).toBeGreaterThanOrEqual(5);
    expect(weighed.map((p) => p.slug)).toEqual(
      expect.arrayContaining(["cabai-rawit", "bawang-merah", "bawang-putih", "tomat", "kentang", "daging-sapi"]),
    );
    for (const p of weighed) {
      expect(p.unit, p.slug).toBe("per kg");
      expect(p.stock % p.weightStep, p.slug).toBe(0);
      expect(p.weightMin % p.weightStep, p.slug).toBe(0);
    }
  });

  it("points every product at an image that exists under public/", () => {
    for (const p of seedProducts) {
      expect(p.imageUrl.startsWith("/"), p.slug).toBe(true);
      const file = path.join(process.cwd(), "public", p.imageUrl);
      expect(existsSync(file), file).toBe(true);
    }
  });
});
