// The stock line of a product page: out, low (amber) or available, in kilograms for produce sold by weight.
import { formatAmount } from "~/lib/weight";
import { cn } from "~/lib/utils";

const LOW_STOCK = 5;

export function StockIndicator({ stock, soldByWeight }: { stock: number; soldByWeight: boolean }) {
  if (stock <= 0) {
    return (
      <p className="inline-flex items-center gap-2 text-sm font-semibold text-red-800" data-testid="stock">
        <span className="h-2.5 w-2.5 rounded-full bg-red-600" aria-hidden="true" />
        Stok Habis
      </p>
    );
  }
  // Produce sold by weight keeps its stock in grams: low is under LOW_STOCK kilograms.
  const low = soldByWeight ? stock <= LOW_STOCK * 1000 : stock <= LOW_STOCK;
  const shown = formatAmount(stock, { soldByWeight });
  return (
    <p
      className={cn("inline-flex items-center gap-2 text-sm font-semibold", low ? "text-amber-800" : "text-brand-800")}
      data-testid="stock"
    >
      <span className={cn("h-2.5 w-2.5 rounded-full", low ? "bg-amber-500" : "bg-brand-600")} aria-hidden="true" />
      {low ? `Stok terbatas: sisa ${shown}` : `Stok tersedia: ${shown}`}
    </p>
  );
}
