// 'Sinonim Pencarian': words shoppers type for what the catalog names otherwise ('cabe' for
// 'cabai'). Staff add and remove pairs; the shop's search uses them at once, both ways.
import { Form, useActionData, useLoaderData } from "react-router";
import { Plus, Trash2 } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { SubmitButton } from "~/components/admin/submit-button";
import { Field, Input } from "~/components/ui/field";
import { catalogHref } from "~/lib/catalog-filters";
import { SYNONYM_MAX_LENGTH } from "~/lib/search";
import { formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import { changeSynonym, listSynonyms, synonymChangeSchema } from "~/server/catalog/search-synonyms.server";
import type { Route } from "./+types/admin.search-synonyms";
import { actorOf } from "~/server/accounts/access.server";

export const meta: Route.MetaFunction = () => adminMeta("Sinonim Pencarian");

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  return { synonyms: await listSynonyms(await dbOf(context), admin) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  return formAction(request, {
    name: "search synonym change",
    schema: synonymChangeSchema,
    echo: ["term", "synonym"],
    invalid: { title: "Sinonim Belum Disimpan" },
    call: (input) => changeSynonym(db, admin, input),
    redirectTo: () => "/admin/search-synonyms",
    flash: true,
  });
}

export default function AdminSearchSynonyms() {
  const { synonyms } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const failed = failure && !failure.ok ? failure : null;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900">Sinonim Pencarian</h1>
        <p className="text-sm text-stone-600">
          Kata yang biasa diketik pembeli untuk produk yang namanya lain di katalog, misalnya “cabe” untuk “cabai” atau
          “brambang” untuk “bawang merah”. Berlaku dua arah dan langsung dipakai di pencarian toko.
        </p>
      </div>
      {failed ? <ErrorNote>{failed.message}</ErrorNote> : null}
      <Card title="Tambah Sinonim" id="tambah">
        <Form
          method="post"
          className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-start"
          noValidate
          key={failed ? "gagal" : "baru"}
        >
          <Field label="Kata yang diketik" required error={failed?.fieldErrors.term}>
            {(props) => (
              <Input
                {...props}
                name="term"
                autoComplete="off"
                maxLength={SYNONYM_MAX_LENGTH + 10}
                placeholder="mis. cabe"
                defaultValue={failed?.values.term}
              />
            )}
          </Field>
          <Field label="Sama dengan" required error={failed?.fieldErrors.synonym}>
            {(props) => (
              <Input
                {...props}
                name="synonym"
                autoComplete="off"
                maxLength={SYNONYM_MAX_LENGTH + 10}
                placeholder="mis. cabai"
                defaultValue={failed?.values.synonym}
              />
            )}
          </Field>
          <SubmitButton intent="add" pendingText="Menyimpan..." className="md:mt-7">
            <Plus className="h-4 w-4" aria-hidden="true" /> Tambah
          </SubmitButton>
        </Form>
        <p className="mt-2 text-xs text-stone-600">
          Huruf, angka, spasi dan tanda hubung, paling banyak tiga kata. Huruf besar dan kecil dianggap sama.
        </p>
      </Card>
      <Card title={`${synonyms.length} sinonim`} id="daftar">
        {synonyms.length === 0 ? (
          <p className="text-sm text-stone-600">Belum ada sinonim.</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {synonyms.map((s) => (
              <li key={s.id} className="flex items-center gap-3 py-2" data-synonym={`${s.term}=${s.synonym}`}>
                <p className="min-w-0 flex-1 text-stone-900">
                  <a
                    href={catalogHref({ q: s.term })}
                    target="_blank"
                    rel="noopener"
                    className="font-semibold hover:underline"
                  >
                    {s.term}
                  </a>
                  <span className="px-2 text-stone-500" aria-hidden="true">
                    =
                  </span>
                  <span className="sr-only"> sama dengan </span>
                  <span className="font-semibold">{s.synonym}</span>
                </p>
                <Form method="post">
                  <input type="hidden" name="id" value={s.id} />
                  <SubmitButton
                    intent="remove"
                    variant="outline"
                    pendingText="Menghapus..."
                    aria-label={`Hapus sinonim ${s.term} sama dengan ${s.synonym}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    <span className="hidden sm:inline">Hapus</span>
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Sinonim Pencarian" />;
}
