// Catalog shapes shared by the server's queries and the screens that show them.
import type { CartProduct } from "./cart";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";
export const UNCATEGORIZED = "Uncategorized";

/** What a product card needs. Prices are integer rupiah; `discount` is a percentage 0-100. */
export type ProductSummary = {
  id: string;
  name: string;
  slug: string;
  price: number;
  unit: string;
  discount: number;
  stock: number;
  featured: boolean;
  imageUrl: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  /** Sold by weight: price per kg, stock in grams, amounts by `weightStep` grams from `weightMin`. */
  soldByWeight: boolean;
  weightStep: number;
  weightMin: number;
};

export type ProductDetail = ProductSummary & {
  description: string;
  categoryId: string | null;
};

export type CategoryWithCount = {
  id: string;
  name: string;
  slug: string;
  productCount: number;
};

/** A cart product with today's data from the server, plus its category name for showing. */
export type CartProductInfo = CartProduct & { category: string | null };

/** In stock: at least one unit, or for produce sold by weight at least its minimum amount. */
export function isInStock(product: { stock: number; soldByWeight?: boolean; weightMin?: number }): boolean {
  if (product.soldByWeight) return product.stock > 0 && product.stock >= (product.weightMin ?? 1);
  return product.stock > 0;
}

/** The unit: 'pcs' when empty. Shown after a price, e.g. "Rp4.000 / per ikat". */
export function displayUnit(unit: string | null | undefined): string {
  const trimmed = unit?.trim();
  return trimmed ? trimmed : "pcs";
}

/** The product as the cart stores it (the shape kept in localStorage under 'cart'). */
export function toCartProduct(product: ProductSummary): CartProduct {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    image_url: product.imageUrl,
    discount: product.discount,
    stock: product.stock,
    unit: displayUnit(product.unit),
    slug: product.slug,
    sold_by_weight: product.soldByWeight,
    weight_step: product.weightStep,
    weight_min: product.weightMin,
  };
}
