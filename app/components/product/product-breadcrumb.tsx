// Back button and the trail Produk > category > product above a product page.
import { Link } from "react-router";
import { ChevronRight } from "lucide-react";
import { BackButton } from "~/components/back-button";
import type { ProductDetail } from "~/lib/catalog";

export function ProductBreadcrumb({ product }: { product: ProductDetail }) {
  return (
    <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-1 text-sm text-stone-700">
      <BackButton fallback="/products" />
      <span className="mx-1 h-5 w-px bg-stone-300" aria-hidden="true" />
      <ol className="flex min-w-0 items-center gap-1">
        <li>
          <Link to="/products" className="hover:text-brand-800 hover:underline">
            Produk
          </Link>
        </li>
        {product.categorySlug ? (
          <li className="flex items-center gap-1">
            <ChevronRight className="h-4 w-4 shrink-0 text-stone-400" aria-hidden="true" />
            <Link
              to={`/category/${product.categorySlug}`}
              className="whitespace-nowrap hover:text-brand-800 hover:underline"
            >
              {product.categoryName}
            </Link>
          </li>
        ) : null}
        <li className="flex min-w-0 items-center gap-1">
          <ChevronRight className="h-4 w-4 shrink-0 text-stone-400" aria-hidden="true" />
          <span aria-current="page" className="truncate font-semibold text-stone-900">
            {product.name}
          </span>
        </li>
      </ol>
    </nav>
  );
}
