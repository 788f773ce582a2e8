// Edit one product: its fields and image, showing or hiding it in the shop, deleting it
// (or hiding it when it was ever ordered), and its stock history.
import { AdminRouteError, isForbiddenError } from "~/components/admin/route-error";
import { data, Form, Link, useActionData, useLoaderData, useRouteError, isRouteErrorResponse } from "react-router";
import { ArrowLeft, ExternalLink, EyeOff, Eye, Trash2 } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { ProductForm } from "~/components/admin/product-form";
import { Pill } from "~/components/admin/pill";
import { SubmitButton } from "~/components/admin/submit-button";
import { buttonClass } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import { shortOrderId } from "~/lib/orders";
import { stockReasonLabel } from "~/lib/vocab/stock-reasons";
import {
  changeProduct,
  CHECK_MARKED,
  getProductForAdmin,
  listCategoryOptions,
  PRODUCT_FORM_FIELDS,
  productPageActionSchema,
} from "~/server/catalog/manage.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { kgFieldValue } from "~/lib/weight";
import { lowStockFormValue } from "~/lib/low-stock";
import { listSupplierOptions } from "~/server/catalog/suppliers.server";
import type { Route } from "./+types/admin.products.$id";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { PriceChart, PriceHistoryList } from "~/components/admin/price-history";
import { isUuid } from "~/lib/form";
import { listPriceHistory } from "~/server/catalog/price-board.server";
import { now } from "~/server/clock.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Ubah ${data.product.name}` : "Ubah Produk");

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "owner");
  const db = await dbOf(context);
  const at = now();
  const [found, categories, suppliers, priceHistory] = await Promise.all([
    getProductForAdmin(db, admin, params.id),
    listCategoryOptions(db, admin),
    listSupplierOptions(db, admin),
    isUuid(params.id)
      ? listPriceHistory(db, admin, {
          productId: params.id,
          since: new Date(at.getTime() - 90 * 86_400_000),
          limit: 500,
        })
      : [],
  ]);
  if (!found) throw data("Produk tidak ditemukan.", { status: 404 });
  return { ...found, categories, suppliers, priceHistory, now: at };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = actorOf(context, "owner");
  const db = await dbOf(context);
  const here = `/admin/products/${params.id}`;
  return formAction(request, {
    name: "product update",
    schema: productPageActionSchema,
    echo: [...PRODUCT_FORM_FIELDS, "intent"],
    // A refused save marks its fields; anything else says its one message.
    invalid: {
      message: (fields, errors) => (fields.intent === "save" ? CHECK_MARKED : firstFieldError(fields, errors)),
    },
    call: (input) => changeProduct(db, admin, params.id, input),
    redirectTo: (result) => (result.deleted ? "/admin/products" : here),
    flash: true,
  });
}

export default function AdminEditProduct() {
  const { product, categories, suppliers, orderLines, adjustments, priceHistory, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  // Every failure echoes its intent, so a save's shows in the form and the others above it.
  const saveError = failed?.values.intent === "save" ? failed : undefined;
  const v = saveError?.values;
  return (
    <div className="space-y-4">
      <Link
        to="/admin/products"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Kembali ke daftar produk
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-extrabold text-stone-900">
          {product.name}
          {!product.isActive ? <Pill className="bg-stone-200 text-stone-800 ring-stone-400">Disembunyikan</Pill> : null}
        </h1>
        {product.isActive ? (
          <a
            href={`/products/${product.slug}`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline", size: "sm" })}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> Lihat di toko
          </a>
        ) : null}
      </div>
      {failed && !saveError ? <ErrorNote>{failed.message}</ErrorNote> : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <ProductForm
            key={`${product.updatedAt.toString()}-${JSON.stringify(saveError ?? null)}`}
            defaults={{
              name: v?.name ?? product.name,
              price: v?.price ?? String(product.price),
              unit: v?.unit ?? product.unit,
              discount: v?.discount ?? String(product.discount),
              stock: v?.stock ?? String(product.stock),
              featured: v ? v.featured === "on" : product.featured,
              soldByWeight: v ? v.soldByWeight === "on" : product.soldByWeight,
              weightStep: v?.weightStep ?? kgFieldValue(product.weightStep),
              weightMin: v?.weightMin ?? kgFieldValue(product.weightMin),
              categoryId: v?.categoryId ?? product.categoryId ?? "",
              supplierId: v?.supplierId ?? product.supplierId ?? "",
              lowStockThreshold: v?.lowStockThreshold ?? lowStockFormValue(product),
              description: v?.description ?? product.description,
              imageUrl: product.imageUrl,
              stockBefore: String(product.stock),
            }}
            categories={categories}
            suppliers={suppliers}
            errors={saveError?.fieldErrors}
            message={saveError?.message}
            submitLabel="Simpan Produk"
            slugNote={
              <>
                Alamat halaman: <span className="font-mono">/products/{product.slug}</span> (tetap sama walau nama
                diubah).
              </>
            }
          />
        </Card>

        <div className="space-y-4">
          <Card title="Tampil di toko" id="visibility">
            <p className="mb-3 text-sm text-stone-700">
              {product.isActive
                ? "Produk ini tampil di toko dan bisa dipesan."
                : "Produk ini disembunyikan: tidak tampil di toko dan tidak bisa dipesan, tetapi tetap ada di pesanan lama."}
            </p>
            <Form method="post">
              {product.isActive ? (
                <SubmitButton intent="hide" variant="outline" className="w-full">
                  <EyeOff className="h-4 w-4" aria-hidden="true" /> Sembunyikan dari toko
                </SubmitButton>
              ) : (
                <SubmitButton intent="unhide" className="w-full">
                  <Eye className="h-4 w-4" aria-hidden="true" /> Tampilkan lagi di toko
                </SubmitButton>
              )}
            </Form>
          </Card>

          <Card title="Hapus produk" id="hapus">
            <p className="mb-3 text-sm text-stone-700">
              {orderLines > 0
                ? `Produk ini ada di ${orderLines} baris pesanan, jadi tidak bisa dihapus: menghapus akan menyembunyikannya saja, agar riwayat pesanan tetap utuh.`
                : "Produk ini belum pernah dipesan dan bisa dihapus permanen beserta gambarnya."}
            </p>
            <details className="group">
              <summary
                className={buttonClass({
                  variant: "outline",
                  className: "w-full cursor-pointer list-none border-red-300 text-red-800 hover:bg-red-50",
                })}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Hapus produk...
              </summary>
              <Form method="post" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3">
                <p className="mb-3 text-sm font-medium text-red-900">
                  Yakin ingin menghapus &quot;{product.name}&quot;?
                </p>
                <SubmitButton intent="delete" variant="destructive" className="w-full">
                  Ya, hapus
                </SubmitButton>
              </Form>
            </details>
          </Card>

          <Card title="Riwayat Harga" id="riwayat-harga">
            <PriceChart history={priceHistory} currentPrice={product.price} now={now} />
            <div className="mt-3">
              <PriceHistoryList items={priceHistory.slice(0, 10)} showProduct={false} />
            </div>
          </Card>

          <Card title="Riwayat stok" id="stok">
            {adjustments.length === 0 ? (
              <p className="text-sm text-stone-600">Belum ada perubahan stok.</p>
            ) : (
              <ul className="divide-y divide-stone-100 text-sm" data-testid="stock-history">
                {adjustments.map((a) => (
                  <li key={a.id} className="flex items-start justify-between gap-2 py-2">
                    <div>
                      <p className="font-medium text-stone-900">
                        {stockReasonLabel(a.reason)}
                        {a.orderId ? (
                          <>
                            {" "}
                            <Link
                              to={`/admin/orders/${a.orderId}`}
                              className="font-mono text-brand-800 hover:underline"
                            >
                              #{shortOrderId(a.orderId)}
                            </Link>
                          </>
                        ) : null}
                      </p>
                      <p className="text-xs text-stone-600">
                        {formatDateTime(a.createdAt)}
                        {a.changedByName ? ` · ${a.changedByName}` : ""}
                      </p>
                    </div>
                    <p className="text-right whitespace-nowrap">
                      <span className={`font-bold tabular-nums ${a.delta < 0 ? "text-red-700" : "text-green-700"}`}>
                        {a.delta > 0 ? "+" : ""}
                        {a.delta}
                      </span>
                      <span className="block text-xs text-stone-600">jadi {a.stockAfter}</span>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isForbiddenError(error)) return <AdminRouteError title="Ubah Produk" />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-6 text-center">
      <h1 className="text-xl font-bold text-stone-900">{notFound ? "Produk Tidak Ditemukan" : "Ubah Produk"}</h1>
      <p role="alert" className="mt-2 text-stone-700">
        {notFound ? "Produk ini tidak ada atau sudah dihapus." : "Gagal memuat produk. Silakan coba lagi."}
      </p>
      <Link to="/admin/products" className={buttonClass({ className: "mt-4" })}>
        Kembali ke daftar produk
      </Link>
    </div>
  );
}
