// Every product, hidden ones included and marked, with search.
import { AdminRouteError } from "~/components/admin/route-error";
import { Form, Link, useLoaderData } from "react-router";
import { Plus, Search } from "lucide-react";
import { Card } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { Pagination } from "~/components/admin/pagination";
import { Pill } from "~/components/admin/pill";
import { Thumbnail } from "~/components/admin/thumbnail";
import { Button, buttonClass } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { listProductsForAdmin, parseProductListFilters } from "~/server/catalog/manage.server";
import { formatAmount } from "~/lib/weight";
import type { Route } from "./+types/admin.products";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export const meta: Route.MetaFunction = () => adminMeta("Produk");

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "owner");
  const filters = parseProductListFilters(new URL(request.url).searchParams);
  const db = await dbOf(context);
  return { filters, list: await listProductsForAdmin(db, admin, filters) };
}

type Row = Awaited<ReturnType<typeof listProductsForAdmin>>["products"][number];

function Price({ p }: { p: Row }) {
  return (
    <span className="tabular-nums">
      {formatRupiah(discountedPrice(p.price, p.discount))}
      {p.discount > 0 ? (
        <span className="ml-1 text-xs text-stone-500">
          <s>{formatRupiah(p.price)}</s> -{p.discount}%
        </span>
      ) : null}
      <span className="block text-xs text-stone-600">{p.soldByWeight ? `${p.unit} · Ditimbang` : p.unit}</span>
    </span>
  );
}

function Marks({ p }: { p: Row }) {
  return (
    <span className="flex flex-wrap gap-1">
      {!p.isActive ? <Pill className="bg-stone-200 text-stone-800 ring-stone-400">Disembunyikan</Pill> : null}
      {p.featured ? <Pill className="bg-amber-100 text-amber-900 ring-amber-300">Pilihan</Pill> : null}
      {p.stock <= 0 ? <Pill className="bg-red-100 text-red-900 ring-red-300">Stok habis</Pill> : null}
    </span>
  );
}

function Thumb({ p }: { p: Row }) {
  return <Thumbnail src={p.imageUrl} />;
}

export default function AdminProducts() {
  const { filters, list } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-stone-900">Produk</h1>
        <Link to="/admin/products/new" className={buttonClass()}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Tambah Produk
        </Link>
      </div>
      <Card>
        <Form
          key={JSON.stringify(filters)}
          method="get"
          role="search"
          aria-label="Cari produk"
          className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[1fr_12rem_auto]"
        >
          <div className="relative col-span-2 sm:col-span-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-stone-500"
              aria-hidden="true"
            />
            <label htmlFor="product-search" className="sr-only">
              Cari produk
            </label>
            <Input
              id="product-search"
              type="search"
              name="q"
              defaultValue={filters.q}
              placeholder="Cari nama produk"
              className="pl-10"
              autoComplete="off"
            />
          </div>
          <div>
            <label htmlFor="product-show" className="sr-only">
              Tampilkan
            </label>
            <Select id="product-show" name="show" defaultValue={filters.show}>
              <option value="semua">Semua produk</option>
              <option value="aktif">Yang tampil di toko</option>
              <option value="tersembunyi">Yang disembunyikan</option>
            </Select>
          </div>
          <Button type="submit">Cari</Button>
        </Form>
      </Card>
      <Card>
        <p className="mb-3 text-sm text-stone-700">
          {list.total === 0 ? "Tidak ada produk yang cocok." : `${list.total} produk`}
        </p>
        {list.products.length > 0 ? (
          <>
            <table className="hidden w-full text-left text-sm md:table">
              <thead className="border-b border-stone-200 text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Produk
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Kategori
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Harga
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Stok
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    <span className="sr-only">Aksi</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {list.products.map((p) => (
                  <tr key={p.id} className={p.isActive ? "" : "bg-stone-50 text-stone-600"}>
                    <td className="py-2.5 pr-3">
                      <div className="flex items-center gap-3">
                        <Thumb p={p} />
                        <div>
                          <Link to={`/admin/products/${p.id}`} className="font-semibold text-stone-900 hover:underline">
                            {p.name}
                          </Link>
                          <Marks p={p} />
                        </div>
                      </div>
                    </td>
                    <td className="py-2.5 pr-3">{p.categoryName ?? "Tanpa kategori"}</td>
                    <td className="py-2.5 pr-3">
                      <Price p={p} />
                    </td>
                    <td
                      className={`py-2.5 pr-3 text-right font-semibold tabular-nums ${p.stock <= 0 ? "text-red-700" : ""}`}
                    >
                      {formatAmount(p.stock, p)}
                    </td>
                    <td className="py-2.5 text-right">
                      <Link
                        to={`/admin/products/${p.id}`}
                        className={buttonClass({
                          variant: "outline",
                          size: "sm",
                        })}
                      >
                        Ubah
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y divide-stone-100 md:hidden">
              {list.products.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`/admin/products/${p.id}`}
                    className={`flex items-center gap-3 py-3 ${p.isActive ? "" : "opacity-75"}`}
                  >
                    <Thumb p={p} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold text-stone-900">{p.name}</p>
                      <p className="text-xs text-stone-600">{p.categoryName ?? "Tanpa kategori"}</p>
                      <Marks p={p} />
                    </div>
                    <div className="text-right text-sm">
                      <Price p={p} />
                      <span
                        className={`block text-xs font-semibold ${p.stock <= 0 ? "text-red-700" : "text-stone-700"}`}
                      >
                        Stok {formatAmount(p.stock, p)}
                      </span>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
            <Pagination page={list.page} pageCount={list.pageCount} label="Halaman daftar produk" />
          </>
        ) : null}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Produk" />;
}
