// /admin/settings/logo: the shop's logo for 'Identitas Toko'. The upload is made by sharp into
// the header logo, the favicon and the app icons; every page shows it on its next view.
import { Form, Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { SubmitButton } from "~/components/admin/submit-button";
import { Field, Input } from "~/components/ui/field";
import { shopIcons } from "~/lib/shop-logo";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import { loadShopIdentity } from "~/server/shop/identity.server";
import { logoUploadSchema, saveShopLogo } from "~/server/shop/logo.server";
import type { Route } from "./+types/admin.settings.logo";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export const meta: Route.MetaFunction = () => adminMeta("Logo Toko");

export async function loader({ context }: Route.LoaderArgs) {
  actorOf(context, "owner"); // a staff member is refused here
  const shop = await loadShopIdentity(await dbOf(context));
  return { name: shop.name, icons: shopIcons(shop.logo) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = actorOf(context, "owner");
  const db = await dbOf(context);
  return formAction(request, {
    name: "shop logo upload",
    schema: logoUploadSchema,
    echo: [],
    invalid: { title: "Logo Gagal Disimpan", message: firstFieldError },
    call: (input) => saveShopLogo(db, owner, input),
    redirectTo: () => "/admin/settings#identitas-toko",
    flash: true,
  });
}

export default function AdminShopLogo({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : null;
  const { icons } = loaderData;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <Link
        to="/admin/settings#identitas-toko"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Kembali ke Pengaturan Toko
      </Link>
      <h1 className="text-2xl font-extrabold text-stone-900">Logo Toko</h1>
      <Card title="Logo" id="logo">
        <p className="mb-3 text-sm text-stone-700">
          Unggah logo toko (JPEG, PNG atau WebP, maks. 5 MB; sebaiknya persegi). Logo tampil di kepala setiap halaman,
          sebagai ikon tab browser, dan sebagai ikon aplikasi saat toko dipasang di layar utama ponsel.
        </p>
        {icons.header ? (
          <div className="mb-3 flex items-end gap-4">
            <img
              src={icons.manifest[1].src}
              alt={`Logo ${loaderData.name} saat ini`}
              width={128}
              height={128}
              className="h-32 w-32 rounded-lg border border-stone-200 object-contain"
            />
            <img
              src={icons.manifest[2].src}
              alt="Ikon aplikasi di layar utama ponsel"
              width={64}
              height={64}
              className="h-16 w-16 rounded-2xl border border-stone-200"
            />
          </div>
        ) : (
          <p className="mb-3 text-sm text-stone-600">Belum ada logo: toko memakai gambar daun bawaan.</p>
        )}
        {failed && !failed.fieldErrors.logo ? (
          <div className="mb-3">
            <ErrorNote>{failed.message}</ErrorNote>
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="space-y-3" noValidate>
          <Field label="Gambar Logo" error={failed?.fieldErrors.logo}>
            {(p) => <Input {...p} type="file" name="logo" accept="image/jpeg,image/png,image/webp" required />}
          </Field>
          <SubmitButton pendingText="Mengunggah...">Unggah Logo</SubmitButton>
        </Form>
      </Card>
    </div>
  );
}
