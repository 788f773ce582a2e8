// /admin/settings, 'Pengaturan Toko': one section per setting, each with its own 'Simpan',
// and the history of every change below. Sections are listed in
// app/components/admin/settings/sections.tsx; this route renders and saves them all alike.
import { AdminRouteError } from "~/components/admin/route-error";
import { useActionData, useLoaderData } from "react-router";
import { History } from "lucide-react";
import { Card } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { SectionForm } from "~/components/admin/settings/section";
import { SETTINGS_SECTIONS } from "~/components/admin/settings/sections";
import { formatDateTime } from "~/lib/dates";
import { FROM_ENVIRONMENT, identitySettingFrom } from "~/lib/shop-identity";
import { config } from "~/server/config.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { shopToday } from "~/server/clock.server";
import { listSettingsHistory, readShopSettings, saveShopSetting } from "~/server/settings.server";
import { readSettingsSection, settingsFormSchema } from "~/server/settings/section-forms.server";
import { listBackupsFor } from "~/server/backups/schedule.server";
import { log } from "~/server/logger.server";
import { BackupsCard } from "~/components/admin/settings/backups-card";
import type { Route } from "./+types/admin.settings";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export const meta: Route.MetaFunction = () => adminMeta("Pengaturan Toko");

export async function loader({ context }: Route.LoaderArgs) {
  const admin = actorOf(context, "owner");
  const db = await dbOf(context);
  // Staff edit what is stored now, not a copy a few seconds old.
  const [settings, history] = await Promise.all([readShopSettings(db), listSettingsHistory(db, admin)]);
  // Never saved: the form starts from the identity the shop shows now (the environment's).
  if (settings.values.shopIdentity === FROM_ENVIRONMENT)
    settings.values.shopIdentity = identitySettingFrom(config().shop);
  // A bucket that does not answer says so in 'Cadangan Data' instead of taking the whole page down.
  const backups = await listBackupsFor(admin).then(
    (list) => list.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    (error: unknown) => {
      log.error("backup list failed", { error });
      return null;
    },
  );
  return { settings, history, backups, today: shopToday() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "owner");
  const db = await dbOf(context);
  return formAction(request, {
    name: "settings save",
    schema: settingsFormSchema,
    // The section's id comes back with every answer, an unexpected failure's too: the message shows in it.
    echo: ["intent"],
    invalid: { message: firstFieldError },
    call: async (input) => {
      const title = SETTINGS_SECTIONS.find((s) => s.id === input.intent)?.title ?? "";
      const { key, read } = readSettingsSection(input, (await readShopSettings(db)).values, { today: shopToday() });
      if (!read.ok)
        return { ...read, message: read.status === 400 ? `${title} belum disimpan: periksa isian yang ditandai.` : "" };
      const saved = await saveShopSetting(db, admin, key, read.candidate, { expectedRevision: input.revision });
      return saved.ok ? { ...saved, section: input.intent } : { ...saved, draft: read.candidate };
    },
    redirectTo: ({ section }) => `/admin/settings#${section}`,
    flash: true,
  });
}

export default function AdminSettings() {
  const { settings, history, backups, today } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A save goes on to this page with its flash message; only a refusal comes back here.
  const failure = result && !result.ok ? result : undefined;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900">Pengaturan Toko</h1>
        <nav aria-label="Bagian pengaturan" className="mt-2 flex flex-wrap gap-2 text-sm">
          {SETTINGS_SECTIONS.map((s) => (
            <a
              key={s.id}
              href={`#${s.id}`}
              className="rounded-full border border-stone-300 bg-white px-3 py-1 font-semibold text-stone-800 hover:border-brand-700"
            >
              {s.title}
            </a>
          ))}
          <a
            href="#cadangan"
            className="rounded-full border border-stone-300 bg-white px-3 py-1 font-semibold text-stone-800 hover:border-brand-700"
          >
            Cadangan Data
          </a>
          <a
            href="#riwayat"
            className="rounded-full border border-stone-300 bg-white px-3 py-1 font-semibold text-stone-800 hover:border-brand-700"
          >
            Riwayat Perubahan
          </a>
          <a
            href="/admin/settings/whatsapp"
            className="rounded-full border border-green-700 bg-white px-3 py-1 font-semibold text-green-800 hover:bg-green-50"
          >
            WhatsApp Business
          </a>
        </nav>
      </div>
      {SETTINGS_SECTIONS.map((section) => {
        const mine = failure?.values.intent === section.id ? failure : undefined;
        const draft = mine && "draft" in mine ? mine.draft : null;
        const revision = settings.revisions[section.key];
        const fieldErrors = mine?.fieldErrors ?? {};
        const shownInField = mine ? Object.values(fieldErrors).includes(mine.message) : false;
        return (
          <SectionForm
            key={`${section.id}-${revision}`}
            section={section}
            revision={revision}
            message={mine && !shownInField ? mine.message : undefined}
          >
            <section.Fields
              key={mine ? JSON.stringify(draft) : "stored"}
              value={settings.values[section.key] as never}
              draft={draft}
              fieldErrors={fieldErrors}
              today={today}
            />
          </SectionForm>
        );
      })}
      <BackupsCard backups={backups} />
      <div id="riwayat" className="scroll-mt-32">
        <Card
          title={
            <span className="flex items-center gap-2">
              <History className="h-4 w-4" aria-hidden="true" /> Riwayat Perubahan
            </span>
          }
          id="bagian-riwayat"
        >
          {history.length === 0 ? (
            <p className="text-sm text-stone-600">Belum ada perubahan. Pengaturan contoh toko baru masih berlaku.</p>
          ) : (
            <ol className="divide-y divide-stone-100" aria-label="Riwayat perubahan pengaturan">
              {history.map((entry) => (
                <li key={entry.id} className="py-3 text-sm">
                  <p className="text-stone-700">
                    <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
                    {" · "}
                    <span className="font-semibold text-stone-900">{entry.changedByName || "Staf"}</span>
                    {" mengubah "}
                    <span className="font-semibold text-stone-900">{entry.title}</span>
                  </p>
                  <ul className="mt-1 space-y-0.5">
                    {entry.removed.map((line) => (
                      <li key={`-${line}`} className="text-red-800">
                        <span className="sr-only">Sebelumnya: </span>
                        <span aria-hidden="true">− </span>
                        <s>{line}</s>
                      </li>
                    ))}
                    {entry.added.map((line) => (
                      <li key={`+${line}`} className="text-green-800">
                        <span className="sr-only">Menjadi: </span>
                        <span aria-hidden="true">+ </span>
                        {line}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Pengaturan Toko" />;
}
