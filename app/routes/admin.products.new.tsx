// "Tambah Produk": a new product with its slug made from the name.
import { AdminRouteError } from "~/components/admin/route-error";
import { data, Link, useActionData, useLoaderData } from "react-router";
import { ArrowLeft } from "lucide-react";
import { Card } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { ProductForm } from "~/components/admin/product-form";
import { redirectWithFlash } from "~/server/admin-flash.server";
import { createProduct, listCategoryOptions, productFormValues } from "~/server/admin-catalog.server";
import { log } from "~/server/logger.server";
import { listSupplierOptions } from "~/server/suppliers.server";
import type { Route } from "./+types/admin.products.new";
import { requireOwnerOf, dbOf } from "~/server/request-context.server";
import { cachePolicy } from "~/server/http-cache.server";

export const middleware: Route.MiddlewareFunction[] = [cachePolicy("private")];

export const meta: Route.MetaFunction = () => adminMeta("Tambah Produk");

export async function loader({ context }: Route.LoaderArgs) {
  const admin = await requireOwnerOf(context);
  const db = await dbOf(context);
  const [categories, suppliers] = await Promise.all([listCategoryOptions(db, admin), listSupplierOptions(db, admin)]);
  return { categories, suppliers };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireOwnerOf(context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data(
      {
        message: "Data formulir tidak terbaca. Silakan coba lagi.",
        fieldErrors: {},
        values: {} as Record<string, string>,
      },
      { status: 400 },
    );
  }
  const db = await dbOf(context);
  try {
    const result = await createProduct(db, admin, form);
    if (!result.ok)
      return data(
        {
          message: result.message,
          fieldErrors: result.fieldErrors ?? {},
          values: productFormValues(form),
        },
        { status: result.status },
      );
    return redirectWithFlash(`/admin/products/${result.id}`, {
      tone: "success",
      message: result.message,
    });
  } catch (error) {
    log.error("product create failed", { error });
    return data(
      {
        message: "Gagal menyimpan produk. Silakan coba lagi.",
        fieldErrors: {},
        values: productFormValues(form),
      },
      { status: 500 },
    );
  }
}

export default function AdminNewProduct() {
  const { categories, suppliers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const v = actionData?.values ?? {};
  return (
    <div className="space-y-4">
      <Link
        to="/admin/products"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Kembali ke daftar produk
      </Link>
      <h1 className="text-2xl font-extrabold text-stone-900">Tambah Produk</h1>
      <Card>
        <ProductForm
          key={JSON.stringify(actionData ?? null)}
          defaults={{
            name: v.name ?? "",
            price: v.price ?? "",
            unit: v.unit ?? "",
            discount: v.discount ?? "0",
            stock: v.stock ?? "0",
            featured: v.featured === "on",
            soldByWeight: v.soldByWeight === "on",
            weightStep: v.weightStep ?? "0,25",
            weightMin: v.weightMin ?? "0,25",
            categoryId: v.categoryId ?? "",
            supplierId: v.supplierId ?? "",
            lowStockThreshold: v.lowStockThreshold ?? "",
            description: v.description ?? "",
            imageUrl: null,
          }}
          categories={categories}
          suppliers={suppliers}
          errors={actionData?.fieldErrors}
          message={
            actionData
              ? `${actionData.message}${actionData.fieldErrors && Object.keys(actionData.fieldErrors).length > 0 ? " Pilih gambar lagi bila tadi sudah memilih." : ""}`
              : undefined
          }
          submitLabel="Tambah Produk"
          slugNote="Alamat halaman produk dibuat otomatis dari nama ini."
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Tambah Produk" />;
}
