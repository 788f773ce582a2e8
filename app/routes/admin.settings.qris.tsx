// /admin/settings/qris: the shop's static QRIS image for 'Metode Pembayaran'. The upload is
// re-encoded by sharp and switches QRIS on; the owner switches it off on 'Pengaturan Toko'.
// The code's text (read from the image, or pasted here) lets each bill's QR carry its amount.
import { Form, Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { SubmitButton } from "~/components/admin/submit-button";
import { Field, Input, Textarea } from "~/components/ui/field";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { z } from "zod";
import { parseQris } from "~/lib/qris";
import { loadPaymentMethods, qrisUploadSchema, saveQrisImage } from "~/server/payments/methods.server";
import { qrisTextSchema, saveQrisText } from "~/server/payments/qris.server";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import type { Route } from "./+types/admin.settings.qris";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export const meta: Route.MetaFunction = () => adminMeta("Gambar QRIS");

// The upload form was the page's only form: a post without an intent is still an upload.
const qrisFormSchema = z.preprocess(
  (v) => (v && typeof v === "object" && !("intent" in v) ? { ...v, intent: "image" } : v),
  z.discriminatedUnion("intent", [
    qrisUploadSchema.extend({ intent: z.literal("image") }),
    qrisTextSchema.extend({ intent: z.literal("text") }),
  ]),
);

export async function loader({ context }: Route.LoaderArgs) {
  actorOf(context, "owner"); // a staff member is refused here
  const qris = (await loadPaymentMethods(await dbOf(context))).qris;
  const parsed = qris.payload ? parseQris(qris.payload) : null;
  return {
    qris: { active: qris.active, imageUrl: qris.imageUrl, hasPayload: qris.payload !== null },
    merchantName: parsed?.ok ? parsed.merchantName : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = actorOf(context, "owner");
  const db = await dbOf(context);
  return formAction(request, {
    name: "qris image upload",
    schema: qrisFormSchema,
    echo: [],
    invalid: { title: "QRIS Gagal Disimpan", message: firstFieldError },
    call: (input) => (input.intent === "image" ? saveQrisImage(db, owner, input) : saveQrisText(db, owner, input)),
    redirectTo: () => "/admin/settings#metode-pembayaran",
    flash: true,
  });
}

export default function AdminQris({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <Link
        to="/admin/settings#metode-pembayaran"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Kembali ke Pengaturan Toko
      </Link>
      <h1 className="text-2xl font-extrabold text-stone-900">Gambar QRIS</h1>
      <Card title="QRIS toko" id="qris">
        <p className="mb-3 text-sm text-stone-700">
          Unggah gambar QRIS statis toko (JPEG, PNG atau WebP, maks. 5 MB). Pelanggan yang memilih QRIS melihatnya di
          halaman pesanan setelah tagihan final.
        </p>
        {loaderData.qris.imageUrl ? (
          <img
            src={loaderData.qris.imageUrl}
            alt="QRIS toko saat ini"
            className="mb-3 h-56 w-56 rounded-lg border border-stone-200 object-contain"
          />
        ) : (
          <p className="mb-3 text-sm text-stone-600">Belum ada gambar QRIS.</p>
        )}
        <p className="mb-3 text-sm text-stone-700" data-testid="qris-text-state">
          {loaderData.qris.hasPayload
            ? `Teks QRIS terbaca${loaderData.merchantName ? ` (${loaderData.merchantName})` : ""}: kode QR di halaman pesanan memuat jumlah tagihan.`
            : "Teks QRIS belum terbaca: pelanggan melihat gambar biasa dan mengetik jumlahnya sendiri."}
        </p>
        {failed && !failed.fieldErrors.qrisImage && !failed.fieldErrors.qrisText ? (
          <div className="mb-3">
            <ErrorNote>{failed.message}</ErrorNote>
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="space-y-3" noValidate>
          <input type="hidden" name="intent" value="image" />
          <Field label="Gambar QRIS" error={failed?.fieldErrors.qrisImage}>
            {(p) => <Input {...p} type="file" name="qrisImage" accept="image/jpeg,image/png,image/webp" required />}
          </Field>
          <SubmitButton pendingText="Mengunggah...">Unggah QRIS</SubmitButton>
        </Form>
      </Card>
      <Card title="Teks QRIS" id="teks-qris">
        <p className="mb-3 text-sm text-stone-700">
          Bila kode di gambar tidak terbaca, tempel teks QRIS toko (diawali 000201, dari aplikasi pemindai QR atau dari
          bank). Teks yang rusak ditolak.
        </p>
        <Form method="post" className="space-y-3" noValidate>
          <input type="hidden" name="intent" value="text" />
          <Field label="Teks QRIS" error={failed?.fieldErrors.qrisText}>
            {(p) => <Textarea {...p} name="qrisText" rows={4} className="font-mono text-xs" required />}
          </Field>
          <SubmitButton pendingText="Menyimpan...">Simpan Teks QRIS</SubmitButton>
        </Form>
      </Card>
    </div>
  );
}
