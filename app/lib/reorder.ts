// 'Pesan Lagi': which lines of a past order go back into the cart, at today's prices and
// stock, and which cannot (no longer sold, out of stock, sold differently now). Pure, so the
// server plans it and the tests check every case without a database.
import { cartWeightRules, MAX_LINE_QUANTITY, type CartLine, type CartProduct } from "./cart";
import { correctWeight, formatAmount } from "./weight";

export type PastOrderLine = {
  productId: string | null;
  productName: string;
  /** Whole units, or grams when sold by weight: what was packed. */
  quantity: number;
  /** What the shopper ordered before weighing; null for a line staff added. */
  orderedQuantity?: number | null;
  soldByWeight: boolean;
  /** The line's 'Catatan' and substitution choice, ordered again with it. */
  note?: string;
  allowSubstitute?: boolean;
};

export type ReorderProblem = {
  name: string;
  /** 'unavailable': nothing added; 'short': less than ordered was added. */
  kind: "unavailable" | "short";
  message: string;
};

export type ReorderPlan = { lines: CartLine[]; problems: ReorderProblem[] };

/** `products` holds today's data of the products still sold (getCartProducts, the same refresh as the cart and checkout). */
export function planReorder(items: readonly PastOrderLine[], products: readonly CartProduct[]): ReorderPlan {
  const current = new Map(products.map((p) => [p.id, p]));
  const lines: CartLine[] = [];
  const problems: ReorderProblem[] = [];
  for (const item of items) {
    const product = item.productId ? current.get(item.productId) : undefined;
    if (!product) {
      problems.push({ name: item.productName, kind: "unavailable", message: "Sudah tidak dijual." });
      continue;
    }
    const amountText = (q: number) => formatAmount(q, { soldByWeight: product.sold_by_weight });
    if (product.sold_by_weight !== item.soldByWeight) {
      problems.push({
        name: product.name,
        kind: "unavailable",
        message: product.sold_by_weight
          ? "Sekarang dijual per kg; pilih beratnya di halaman produk."
          : "Sekarang dijual per satuan; pilih jumlahnya di halaman produk.",
      });
      continue;
    }
    // What the shopper ordered, not what the scale said at packing.
    const wanted = item.orderedQuantity ?? item.quantity;
    let amount: number | null;
    if (product.sold_by_weight) {
      amount = correctWeight(wanted, cartWeightRules(product), product.stock);
    } else {
      amount = Math.min(wanted, MAX_LINE_QUANTITY, Math.max(0, product.stock));
      if (amount < 1) amount = null;
    }
    if (amount === null) {
      problems.push({ name: product.name, kind: "unavailable", message: "Stok habis." });
      continue;
    }
    lines.push({ product, quantity: amount, note: item.note ?? "", allowSubstitute: item.allowSubstitute ?? false });
    if (amount < wanted) {
      // Honest about why: the stock left, or an amount the product is no longer sold in.
      const stockShort = product.stock < wanted;
      problems.push({
        name: product.name,
        kind: "short",
        message: stockShort
          ? `Stok tinggal ${amountText(product.stock)}: ${amountText(amount)} dari ${amountText(wanted)} ditambahkan.`
          : product.sold_by_weight
            ? `Sekarang dijual per ${amountText(product.weight_step ?? amount)}: ${amountText(amount)} ditambahkan (dipesan ${amountText(wanted)}).`
            : `Paling banyak ${MAX_LINE_QUANTITY} per produk: ${amountText(amount)} dari ${amountText(wanted)} ditambahkan.`,
      });
    }
  }
  return { lines, problems };
}

/** The dialog's title: '2 produk tidak tersedia dan tidak ditambahkan', or the short lines'. */
export function reorderSummary(problems: readonly ReorderProblem[]): string {
  const unavailable = problems.filter((p) => p.kind === "unavailable").length;
  const short = problems.filter((p) => p.kind === "short").length;
  if (unavailable > 0) return `${unavailable} produk tidak tersedia dan tidak ditambahkan`;
  return `${short} produk hanya ditambahkan sebagian`;
}
