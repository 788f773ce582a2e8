// A search that matched nothing as typed: the products whose names come closest ('kangkong'
// -> Kangkung), under 'Mungkin maksud Anda: ...', each name a link and its card below.
import { Fragment } from "react";
import { Link } from "react-router";
import type { ProductSummary } from "~/lib/catalog";
import { ProductGrid } from "./product-grid";

export function DidYouMean({ query, products }: { query: string; products: ProductSummary[] }) {
  return (
    <section className="mt-4" aria-labelledby="mungkin-maksud" data-testid="did-you-mean">
      <p className="text-sm text-stone-700">Tidak ada produk yang persis cocok dengan “{query}”.</p>
      <h2 id="mungkin-maksud" className="mt-2 text-lg font-bold text-stone-900">
        Mungkin maksud Anda:{" "}
        {products.map((p, i) => (
          <Fragment key={p.id}>
            {i > 0 ? ", " : null}
            <Link
              to={`/products/${p.slug}`}
              className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {p.name}
            </Link>
          </Fragment>
        ))}
      </h2>
      <ProductGrid products={products} headingLevel={3} className="mt-3" />
    </section>
  );
}
