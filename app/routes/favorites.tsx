// /favorites 'Favorit Saya': the products marked 'Favorit', each with add-to-cart. Signed in,
// the list is the account's; a visitor sees the list kept on this device (and is invited to
// sign in so it follows them).
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Heart, HeartOff } from "lucide-react";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import type { Route } from "./+types/favorites";
import { FAVORITES_ENDPOINT, readLocalFavorites, useFavorites } from "~/components/favorites";
import { ProductCard } from "~/components/product-card";
import { Button, buttonClass } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import type { ProductSummary } from "~/lib/catalog";
import { listFavoriteProducts } from "~/server/catalog/favorites.server";
import { dbOf, userOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Favorit Saya", shopNameFrom(matches)) }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = await userOf(context);
  if (!user) return { signedIn: false, products: [] as ProductSummary[] };
  return { signedIn: true, products: await listFavoriteProducts(await dbOf(context), user.id) };
}

/** A visitor's local list as product cards (public product data only). */
function useLocalFavoriteProducts(enabled: boolean): ProductSummary[] | null {
  const [products, setProducts] = useState<ProductSummary[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const ids = readLocalFavorites();
    if (ids.length === 0) {
      setProducts([]);
      return;
    }
    const controller = new AbortController();
    fetch(`${FAVORITES_ENDPOINT}?products=${ids.join(",")}`, { signal: controller.signal })
      .then((r) => (r.ok ? r.json() : { products: [] }))
      .then((body: { products?: ProductSummary[] }) => setProducts(Array.isArray(body.products) ? body.products : []))
      .catch(() => setProducts((current) => current ?? []));
    return () => controller.abort();
  }, [enabled]);
  return products;
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const favorites = useFavorites();
  const toast = useToast();
  const local = useLocalFavoriteProducts(!loaderData.signedIn);
  const all = loaderData.signedIn ? loaderData.products : (local ?? []);
  // Removing a card on this page takes it away at once; the shared list is the truth once known.
  const shown = favorites.ready ? all.filter((p) => favorites.isFavorite(p.id)) : all;
  const loading = !loaderData.signedIn && local === null;
  // A list handed over from this device after the page was read (a sign-up lands here at once):
  // read the page again, once per new set of products, so they show without a reload.
  const revalidator = useRevalidator();
  const askedFor = useRef("");
  useEffect(() => {
    if (!loaderData.signedIn || !favorites.ready) return;
    const missing = favorites.ids.filter((id) => !loaderData.products.some((p) => p.id === id));
    const key = missing.sort().join(",");
    if (missing.length === 0 || askedFor.current === key) return;
    askedFor.current = key;
    void revalidator.revalidate();
  }, [loaderData, favorites.ready, favorites.ids, revalidator]);

  const remove = async (product: ProductSummary) => {
    await favorites.toggle(product.id);
    toast({ title: "Dihapus dari Favorit", description: `${product.name} dihapus dari Favorit Saya.` });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 pb-24 md:pt-8 md:pb-12">
      <h1 className="flex items-center gap-2 text-2xl font-extrabold text-stone-900 md:text-3xl">
        <Heart className="h-7 w-7 fill-red-600 text-red-600" aria-hidden="true" /> Favorit Saya
      </h1>
      {!loaderData.signedIn ? (
        <p className="mt-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-stone-800">
          Favorit ini tersimpan di perangkat ini saja.{" "}
          <Link to="/login?redirect=/favorites" className="font-semibold text-brand-800 underline">
            Masuk
          </Link>{" "}
          agar tersimpan di akun Anda dan muncul di semua perangkat.
        </p>
      ) : (
        <p className="mt-1 text-sm text-stone-600">Produk yang Anda tandai Favorit, dengan harga dan stok hari ini.</p>
      )}

      {loading ? (
        <p className="mt-8 text-stone-600" role="status">
          Memuat favorit...
        </p>
      ) : shown.length === 0 ? (
        <div className="mx-auto mt-10 flex max-w-md flex-col items-center text-center">
          <HeartOff className="h-14 w-14 text-stone-400" aria-hidden="true" />
          <h2 className="mt-4 text-lg font-bold text-stone-900">Belum ada favorit</h2>
          <p className="mt-1 text-stone-700">
            Tekan tombol Favorit di halaman produk untuk menyimpan sayur dan bumbu yang sering Anda beli.
          </p>
          <Link to="/products" className={buttonClass({ className: "mt-5" })}>
            Lihat Produk
          </Link>
        </div>
      ) : (
        <ul className="mt-5 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" data-testid="favorites-grid">
          {shown.map((product, index) => (
            <li key={product.id} className="flex flex-col gap-2">
              <ProductCard product={product} priority={index < 2} headingLevel={2} />
              <Button variant="ghost" size="sm" onClick={() => void remove(product)} className="text-stone-700">
                <HeartOff className="h-4 w-4" aria-hidden="true" />
                <span>
                  Hapus<span className="sr-only"> {product.name} dari favorit</span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
