// The dashboard's 'Stok Menipis' card: active products at or below their 'Batas Stok
// Menipis', sold-out ones first. The owner gets a link to each product's edit page; staff,
// who cannot change products, see the list and whom to tell.
import { Link } from "react-router";
import { PackageX } from "lucide-react";
import { cn } from "~/lib/utils";
import { useAdminDashboardData } from "./dashboard-data";

export function LowStockCard() {
  const { lowStock, canEditProducts } = useAdminDashboardData();
  if (lowStock.total === 0) return null;
  const more = lowStock.total - lowStock.products.length;
  return (
    <section
      id="stok-menipis"
      aria-labelledby="stok-menipis-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="stok-menipis-title" className="flex items-center gap-2 text-base font-bold text-stone-900">
          <PackageX className="h-5 w-5 text-amber-700" aria-hidden="true" /> Stok Menipis
        </h2>
        <p className="text-sm text-stone-700">{lowStock.total} produk sama atau di bawah batas</p>
      </div>
      <ul className="mt-2 grid gap-x-6 sm:grid-cols-2" data-testid="low-stock">
        {lowStock.products.map((p) => {
          const name = <span className="truncate font-semibold">{p.name}</span>;
          return (
            <li
              key={p.id}
              className="flex min-h-10 items-center justify-between gap-2 border-b border-amber-200 py-1.5"
            >
              {canEditProducts ? (
                <Link
                  to={`/admin/products/${p.id}`}
                  className="min-w-0 truncate text-brand-800 underline-offset-2 hover:underline"
                >
                  {name}
                </Link>
              ) : (
                <span className="min-w-0 truncate text-stone-900">{name}</span>
              )}
              <span
                className={cn(
                  "shrink-0 text-right text-sm whitespace-nowrap tabular-nums",
                  p.stock === 0 ? "font-bold text-red-800" : "text-stone-800",
                )}
              >
                {p.stock === 0 ? "Habis" : `sisa ${p.stockText}`}
                <span className="block text-xs font-normal text-stone-600">batas {p.thresholdText}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-stone-700">
        {more > 0 ? `Dan ${more} produk lainnya. ` : ""}
        {canEditProducts
          ? "Buka produknya untuk mengisi stok atau mengubah batasnya."
          : "Beri tahu Pemilik toko untuk mengisi ulang stoknya."}
      </p>
    </section>
  );
}
