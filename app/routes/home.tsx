// Home: hero, the categories, and up to four featured products ('Produk Pilihan').
import { useRootData } from "~/components/root-data";
import { Link, useNavigation } from "react-router";
import { ArrowRight, Clock, Leaf, MessageCircle, Sprout } from "lucide-react";
import { ProductGrid } from "~/components/product-grid";
import { ProductImage } from "~/components/product-image";
import { ProductGridSkeleton } from "~/components/skeletons";
import { buttonClass } from "~/components/ui/button";
import type { ProductSummary } from "~/lib/catalog";
import { pageMeta } from "~/lib/page-meta";
import { metaDescription, shopNameFrom } from "~/lib/seo";
import { getFeaturedProducts, listCategoriesWithCounts } from "~/server/catalog/public.server";
import type { Route } from "./+types/home";
import { DeliveryPromise } from "~/components/delivery-promise";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export async function loader({ context }: Route.LoaderArgs) {
  const db = await dbOf(context);
  const [featured, categories] = await Promise.all([getFeaturedProducts(db), listCategoriesWithCounts(db)]);
  return { featured, categories };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopNameFrom(matches);
  const description = metaDescription(
    `${shop}: belanja sayur segar, bumbu dapur, daging dan bahan pokok dari petani sekitar Jember. Pesan hari ini, diantar besok pagi atau sore ke Kota Jember dan sekitarnya.`,
  );
  return pageMeta({ title: "Sayur Segar Langsung dari Petani Jember", description, shopName: shop });
};

function Hero({ showcase = [] }: { showcase?: ProductSummary[] }) {
  const { heroLine } = useRootData().shop;
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
      <div aria-hidden="true" className="absolute -top-16 -right-16 h-64 w-64 rounded-full bg-white/10" />
      <div aria-hidden="true" className="absolute -bottom-24 left-1/3 h-72 w-72 rounded-full bg-white/5" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-8 px-4 pt-8 pb-12 md:grid-cols-[1fr_22rem] md:pt-14 md:pb-20">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            <Sprout className="h-4 w-4" aria-hidden="true" /> Dari petani Jember
          </p>
          <h1 className="mt-4 max-w-2xl text-3xl leading-tight font-extrabold text-balance md:text-5xl">{heroLine}</h1>
          <p className="mt-3 max-w-xl text-base text-brand-50 md:text-lg">
            Pesan sebelum batas waktu, kami antar esok pagi atau sore. Harga jujur, hasil panen lokal, konfirmasi mudah
            lewat WhatsApp.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to="/products"
              prefetch="intent"
              className={buttonClass({
                size: "lg",
                className: "bg-white! text-brand-800! hover:bg-brand-50!",
              })}
            >
              Belanja Sekarang
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
            <Link
              to="/categories"
              prefetch="intent"
              className={buttonClass({
                size: "lg",
                variant: "outline",
                className: "border-white/70! bg-transparent! text-white! hover:bg-white/10!",
              })}
            >
              Lihat Kategori
            </Link>
          </div>
        </div>
        {showcase.length >= 4 ? (
          // Decoration on wide screens only: the same products are listed below.
          <div className="hidden grid-cols-2 gap-3 md:grid" aria-hidden="true">
            {showcase.slice(0, 4).map((p, i) => (
              <div
                key={p.id}
                className={`overflow-hidden rounded-2xl bg-white/90 shadow-lg ring-1 ring-white/30 ${i % 2 === 1 ? "translate-y-6" : ""}`}
              >
                <ProductImage src={p.imageUrl} alt="" size={176} />
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}

const PROMISES = [
  {
    icon: Leaf,
    title: "Segar dari petani",
    text: "Dipetik dan dikirim dari kebun sekitar Jember.",
  },
  {
    icon: Clock,
    title: "Antar terjadwal",
    text: "Pagi 05:00-07:00 atau sore 16:00-18:00, pilih saat checkout.",
  },
  {
    icon: MessageCircle,
    title: "Konfirmasi via WhatsApp",
    text: "Ongkir sesuai area, pesanan dikonfirmasi lewat chat.",
  },
];

function Promises() {
  return (
    <ul className="relative mx-auto -mt-6 grid max-w-6xl grid-cols-3 gap-2 px-4 sm:gap-3">
      {PROMISES.map(({ icon: Icon, title, text }) => (
        <li
          key={title}
          className="flex flex-col items-center gap-2 rounded-2xl border border-stone-200 bg-white p-3 text-center shadow-sm sm:flex-row sm:items-start sm:gap-3 sm:p-4 sm:text-left"
        >
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <span>
            <span className="block text-xs leading-tight font-semibold text-stone-900 sm:text-base">{title}</span>
            <span className="hidden text-sm text-stone-700 sm:block">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function FeaturedHeading() {
  return (
    <div className="flex items-end justify-between gap-4">
      <h2 className="text-xl font-extrabold text-stone-900 md:text-2xl">Produk Pilihan</h2>
      <Link
        to="/products"
        prefetch="intent"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        Lihat Semua <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, categories } = loaderData;
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/";
  return (
    <>
      <Hero showcase={featured} />
      {/* The cards overlap the hero's lower edge; the promise comes after them, never under them. */}
      <Promises />
      <div className="mx-auto mt-4 max-w-6xl px-4">
        <DeliveryPromise className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-base" />
      </div>
      {categories.length > 0 ? (
        <section className="mx-auto mt-8 max-w-6xl px-4" aria-labelledby="kategori-heading">
          <h2 id="kategori-heading" className="text-xl font-extrabold text-stone-900 md:text-2xl">
            Kategori
          </h2>
          <ul className="mt-3 flex gap-2 overflow-x-auto pb-2 md:flex-wrap">
            {categories.map((c) => (
              <li key={c.id} className="shrink-0">
                <Link
                  to={`/category/${c.slug}`}
                  prefetch="intent"
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:border-brand-600 hover:text-brand-800"
                >
                  {c.name}
                  <span className="rounded-full bg-stone-100 px-2 text-xs text-stone-700">{c.productCount}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mx-auto mt-8 max-w-6xl px-4" aria-label="Produk Pilihan">
        <FeaturedHeading />
        {reloading ? (
          <ProductGridSkeleton count={4} className="mt-4" />
        ) : featured.length > 0 ? (
          <ProductGrid products={featured} className="mt-4" />
        ) : (
          <p className="mt-4 rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-700">
            Belum ada produk pilihan.
          </p>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <Hero />
      <section className="mx-auto mt-8 max-w-6xl px-4" aria-label="Produk Pilihan">
        <FeaturedHeading />
        <div className="mt-4 rounded-2xl border border-red-200 bg-red-50 p-8 text-center" role="alert">
          <p className="font-semibold text-red-900">Terjadi kesalahan saat memuat produk.</p>
          {/* A full reload: the loader may succeed now. */}
          <a href="/" className={buttonClass({ className: "mt-4" })}>
            Coba Lagi
          </a>
        </div>
      </section>
    </>
  );
}
