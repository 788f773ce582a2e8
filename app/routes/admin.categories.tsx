// Categories: create, rename (the link stays the same), delete when no product uses it.
import { AdminRouteError } from "~/components/admin/route-error";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { Trash2 } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { SubmitButton } from "~/components/admin/submit-button";
import { buttonClass } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { categoryActionSchema, changeCategory, listCategoriesForAdmin } from "~/server/catalog/manage.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import type { Route } from "./+types/admin.categories";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export const meta: Route.MetaFunction = () => adminMeta("Kategori");

export async function loader({ context }: Route.LoaderArgs) {
  const admin = actorOf(context, "owner");
  const db = await dbOf(context);
  return { categories: await listCategoriesForAdmin(db, admin) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "owner");
  const db = await dbOf(context);
  return formAction(request, {
    name: "category change",
    schema: categoryActionSchema,
    echo: ["intent", "id", "name"],
    invalid: { message: firstFieldError },
    call: (input) => changeCategory(db, admin, input),
    redirectTo: () => "/admin/categories",
    flash: true,
  });
}

export default function AdminCategories() {
  const { categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Every failure echoes its intent and id, so its message shows beside the form it came from.
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const intent = failed?.values.intent ?? "";
  const createError = intent === "create" ? failed?.message : undefined;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-extrabold text-stone-900">Kategori</h1>
      {failed && !["create", "rename", "delete"].includes(intent) ? <ErrorNote>{failed.message}</ErrorNote> : null}
      <Card title="Tambah kategori" id="tambah">
        <Form method="post" className="flex items-start gap-2" noValidate key={createError ? "error" : "ok"}>
          <input type="hidden" name="intent" value="create" />
          <Field label="Nama kategori" error={createError} className="flex-1">
            {(p) => (
              <Input
                {...p}
                name="name"
                maxLength={60}
                defaultValue={createError ? failed?.values.name : ""}
                placeholder="mis. Buah Lokal"
                autoComplete="off"
              />
            )}
          </Field>
          <SubmitButton intent="create" className="mt-7">
            Tambah
          </SubmitButton>
        </Form>
      </Card>
      <Card title={`${categories.length} kategori`} id="daftar">
        <ul className="divide-y divide-stone-100">
          {categories.map((c) => {
            const error =
              failed && failed.values.id === c.id && (intent === "rename" || intent === "delete")
                ? { intent, message: failed.message, value: failed.values.name }
                : undefined;
            return (
              <li key={c.id} className="py-3" data-category={c.slug}>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                  <Form method="post" className="flex flex-1 items-start gap-2" noValidate>
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="id" value={c.id} />
                    <div className="flex-1">
                      <label htmlFor={`cat-${c.id}`} className="sr-only">
                        Nama kategori {c.name}
                      </label>
                      <Input
                        id={`cat-${c.id}`}
                        name="name"
                        key={`${c.name}-${error?.intent === "rename" ? "e" : ""}`}
                        defaultValue={error?.intent === "rename" ? error.value : c.name}
                        maxLength={60}
                        aria-invalid={error?.intent === "rename" ? true : undefined}
                        autoComplete="off"
                      />
                      <p className="mt-1 text-xs text-stone-600">
                        <Link
                          to={`/category/${c.slug}`}
                          className="font-mono hover:underline"
                          target="_blank"
                          rel="noopener"
                        >
                          /category/{c.slug}
                        </Link>{" "}
                        · {c.productCount} produk
                      </p>
                    </div>
                    <SubmitButton intent="rename" variant="outline">
                      Simpan
                    </SubmitButton>
                  </Form>
                  <details className="sm:w-44">
                    <summary
                      className={buttonClass({
                        variant: "ghost",
                        className: "w-full cursor-pointer list-none text-red-800 hover:bg-red-50",
                      })}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" /> Hapus...
                    </summary>
                    <Form method="post" className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3">
                      <input type="hidden" name="id" value={c.id} />
                      <p className="mb-2 text-sm text-red-900">
                        {c.productCount > 0
                          ? `Masih dipakai ${c.productCount} produk; pindahkan dulu.`
                          : `Hapus "${c.name}"?`}
                      </p>
                      <SubmitButton intent="delete" variant="destructive" size="sm" className="w-full">
                        Ya, hapus
                      </SubmitButton>
                    </Form>
                  </details>
                </div>
                {error ? (
                  <p role="alert" className="mt-2 text-sm text-red-700">
                    {error.message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Kategori" />;
}
