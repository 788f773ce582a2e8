// "Tambah Produk": a new product with its slug made from the name.
import { AdminRouteError } from "~/components/admin/route-error";
import { Link, useActionData, useLoaderData } from "react-router";
import { ArrowLeft } from "lucide-react";
import { Card } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { ProductForm } from "~/components/admin/product-form";
import {
  CHECK_MARKED,
  createProduct,
  listCategoryOptions,
  PRODUCT_FORM_FIELDS,
  productCreateSchema,
} from "~/server/catalog/manage.server";
import { formAction } from "~/server/form-action.server";
import { listSupplierOptions } from "~/server/catalog/suppliers.server";
import type { Route } from "./+types/admin.products.new";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export const meta: Route.MetaFunction = () => adminMeta("Tambah Produk");

export async function loader({ context }: Route.LoaderArgs) {
  const admin = actorOf(context, "owner");
  const db = await dbOf(context);
  const [categories, suppliers] = await Promise.all([listCategoryOptions(db, admin), listSupplierOptions(db, admin)]);
  return { categories, suppliers };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "owner");
  const db = await dbOf(context);
  return formAction(request, {
    name: "product create",
    schema: productCreateSchema,
    echo: PRODUCT_FORM_FIELDS,
    invalid: { message: CHECK_MARKED },
    call: (input) => createProduct(db, admin, input),
    redirectTo: (created) => `/admin/products/${created.id}`,
    flash: true,
  });
}

export default function AdminNewProduct() {
  const { categories, suppliers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const v = failed?.values ?? {};
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
          key={JSON.stringify(failed ?? null)}
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
          errors={failed?.fieldErrors}
          message={
            failed
              ? `${failed.message}${Object.keys(failed.fieldErrors).length > 0 ? " Pilih gambar lagi bila tadi sudah memilih." : ""}`
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
