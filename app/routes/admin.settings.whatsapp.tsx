// /admin/settings/whatsapp ('WhatsApp Business'): the owner connects the shop's number to the
// WhatsApp Cloud API, names the approved templates, sends a test and sees this month's count.
// The access token and app secret are write-only: the page only says whether they are set.
import { Form, Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { SubmitButton } from "~/components/admin/submit-button";
import { Field, Input } from "~/components/ui/field";
import { TEMPLATE_KINDS, whatsappKindLabel } from "~/lib/whatsapp";
import { formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import { connectionForPage } from "~/server/whatsapp/connection.server";
import { monthlySentCounts } from "~/server/whatsapp/messages.server";
import {
  actOnWhatsappSettings,
  WHATSAPP_SETTINGS_ECHO,
  whatsappSettingsSchema,
} from "~/server/whatsapp/settings.server";
import { config } from "~/server/config.server";
import type { Route } from "./+types/admin.settings.whatsapp";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export const meta: Route.MetaFunction = () => adminMeta("WhatsApp Business");

export async function loader({ context }: Route.LoaderArgs) {
  actorOf(context, "owner"); // a staff member is refused here
  const db = await dbOf(context);
  return {
    connection: await connectionForPage(db),
    counts: await monthlySentCounts(db),
    webhookUrl: `${config().appUrl}/webhooks/whatsapp`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = actorOf(context, "owner");
  const db = await dbOf(context);
  return formAction(request, {
    name: "whatsapp settings",
    schema: whatsappSettingsSchema,
    echo: WHATSAPP_SETTINGS_ECHO,
    invalid: { title: "Pengaturan WhatsApp Belum Disimpan", message: "Periksa isian yang ditandai." },
    call: (input) => actOnWhatsappSettings(db, owner, input),
    redirectTo: () => "/admin/settings/whatsapp",
    flash: true,
  });
}

function SetNote({ set, fromEnv }: { set: boolean; fromEnv: boolean }) {
  return (
    <span className={set ? "font-semibold text-green-800" : "font-semibold text-stone-600"}>
      {set ? (fromEnv ? "Sudah diatur (dari variabel lingkungan)" : "Sudah diatur") : "Belum diatur"}
    </span>
  );
}

export default function AdminWhatsapp({ loaderData, actionData }: Route.ComponentProps) {
  const { connection: c, counts, webhookUrl } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors = failed?.fieldErrors ?? {};
  const values = failed?.values ?? {};
  const value = (name: string, saved: string) => (typeof values[name] === "string" ? String(values[name]) : saved);
  const testFailed = failed?.values.intent === "test";
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Link
        to="/admin/settings"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Kembali ke Pengaturan Toko
      </Link>
      <h1 className="text-2xl font-extrabold text-stone-900">WhatsApp Business</h1>
      <p className="text-sm text-stone-700">
        Status:{" "}
        {c.connected ? (
          <strong className="text-green-800">Terhubung</strong>
        ) : (
          <strong className="text-stone-800">Belum terhubung</strong>
        )}
        .{" "}
        {c.connected
          ? "Pelanggan yang setuju menerima kabar pesanan otomatis lewat WhatsApp."
          : "Tanpa sambungan, toko bekerja seperti biasa dengan tautan wa.me dan tidak mengirim apa pun."}
      </p>

      <Card title="Sambungan" id="sambungan">
        {failed && !testFailed ? (
          <div className="mb-3">
            <ErrorNote>{failed.message}</ErrorNote>
          </div>
        ) : null}
        <Form method="post" className="space-y-3" noValidate autoComplete="off">
          <input type="hidden" name="intent" value="save" />
          <Field label="Phone number ID" error={errors.phoneNumberId} hint="Angka dari WhatsApp Manager > API Setup.">
            {(p) => (
              <Input
                {...p}
                name="phoneNumberId"
                inputMode="numeric"
                defaultValue={value("phoneNumberId", c.phoneNumberId)}
              />
            )}
          </Field>
          <Field
            label="Access token"
            error={errors.accessToken}
            hint={
              <>
                <SetNote set={c.accessTokenSet} fromEnv={c.fromEnvironment.accessToken} />. Kosongkan untuk tetap
                memakai yang tersimpan; token tidak pernah ditampilkan lagi.
              </>
            }
          >
            {(p) => <Input {...p} name="accessToken" type="password" autoComplete="new-password" defaultValue="" />}
          </Field>
          <Field
            label="App secret"
            error={errors.appSecret}
            hint={
              <>
                <SetNote set={c.appSecretSet} fromEnv={c.fromEnvironment.appSecret} />. Dipakai memeriksa tanda tangan
                webhook; kosongkan untuk tetap memakai yang tersimpan.
              </>
            }
          >
            {(p) => <Input {...p} name="appSecret" type="password" autoComplete="new-password" defaultValue="" />}
          </Field>
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" name="clearSecrets" className="h-4 w-4" /> Hapus access token dan app secret yang
            tersimpan
          </label>
          <Field
            label="Verify token webhook"
            error={errors.verifyToken}
            hint={`Kata sandi bebas yang sama dengan di pengaturan webhook Meta. Alamat webhook: ${webhookUrl}`}
          >
            {(p) => <Input {...p} name="verifyToken" defaultValue={value("verifyToken", c.verifyToken)} />}
          </Field>
          <Field
            label="Alamat Graph API"
            error={errors.graphUrl}
            hint={`Kosongkan untuk alamat Meta (${c.graphUrl.includes("graph.facebook.com") ? c.graphUrl : "https://graph.facebook.com/v23.0"}).`}
          >
            {(p) => (
              <Input
                {...p}
                name="graphUrl"
                inputMode="url"
                defaultValue={value(
                  "graphUrl",
                  c.fromEnvironment.graphUrl ? "" : c.graphUrl.includes("graph.facebook.com") ? "" : c.graphUrl,
                )}
              />
            )}
          </Field>
          <Field
            label="Tandai 'Belum chat' setelah (menit)"
            error={errors.chatReminderMinutes}
            hint="Pesanan 'Menunggu' yang chat-nya belum sampai ke toko ditandai di dashboard."
          >
            {(p) => (
              <Input
                {...p}
                name="chatReminderMinutes"
                inputMode="numeric"
                defaultValue={value("chatReminderMinutes", String(c.chatReminderMinutes))}
              />
            )}
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-sm font-bold text-stone-900">Templat pesan (nama dan bahasa)</legend>
            {TEMPLATE_KINDS.map((kind) => (
              <div key={kind} className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-2">
                <Field label={whatsappKindLabel(kind)} error={errors[`template.${kind}.name`]}>
                  {(p) => (
                    <Input
                      {...p}
                      name={`template.${kind}.name`}
                      defaultValue={value(`template.${kind}.name`, c.templates[kind].name)}
                    />
                  )}
                </Field>
                <Field label="Bahasa" error={errors[`template.${kind}.language`]}>
                  {(p) => (
                    <Input
                      {...p}
                      name={`template.${kind}.language`}
                      defaultValue={value(`template.${kind}.language`, c.templates[kind].language)}
                    />
                  )}
                </Field>
              </div>
            ))}
          </fieldset>
          <SubmitButton pendingText="Menyimpan...">Simpan</SubmitButton>
        </Form>
      </Card>

      <Card title="Kirim pesan uji" id="pesan-uji">
        <p className="mb-3 text-sm text-stone-700">
          Mengirim templat bawaan Meta &apos;hello_world&apos; ke nomor ini, untuk memastikan sambungan bekerja.
        </p>
        {failed && testFailed && !errors.to ? (
          <div className="mb-3">
            <ErrorNote>{failed.message}</ErrorNote>
          </div>
        ) : null}
        <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <input type="hidden" name="intent" value="test" />
          <Field label="Nomor WhatsApp" error={errors.to} className="flex-1">
            {(p) => (
              <Input {...p} name="to" inputMode="tel" placeholder="081234567890" defaultValue={value("to", "")} />
            )}
          </Field>
          <SubmitButton pendingText="Mengirim...">Kirim pesan uji</SubmitButton>
        </Form>
      </Card>

      <Card title="Pesan terkirim bulan ini" id="jumlah">
        {counts.length === 0 ? (
          <p className="text-sm text-stone-700">Belum ada pesan terkirim bulan ini.</p>
        ) : (
          <table className="w-full text-sm">
            <tbody>
              {counts.map((row) => (
                <tr key={row.kind} className="border-b border-stone-100">
                  <td className="py-1.5 text-stone-800">{whatsappKindLabel(row.kind)}</td>
                  <td className="py-1.5 text-right font-semibold text-stone-900">{row.count}</td>
                </tr>
              ))}
              <tr>
                <td className="py-1.5 font-bold text-stone-900">Jumlah</td>
                <td className="py-1.5 text-right font-bold text-stone-900">{total}</td>
              </tr>
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
