// /admin/settings, 'Pengaturan Toko': one section per setting, each with its own 'Simpan',
// and the history of every change below. Sections are listed in
// app/components/admin/settings/sections.tsx; this route renders and saves them all alike.
import { AdminRouteError } from "~/components/admin/route-error";
import { data, useActionData, useLoaderData } from "react-router";
import { History } from "lucide-react";
import { Card } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { SectionForm } from "~/components/admin/settings/section";
import { SETTINGS_SECTIONS } from "~/components/admin/settings/sections";
import { formatDateTime } from "~/lib/dates";
import type { SettingKey } from "~/lib/shop-settings";
import { redirectWithFlash } from "~/server/admin-flash.server";
import { shopToday } from "~/server/clock.server";
import { log } from "~/server/logger.server";
import { listSettingsHistory, readShopSettings, saveShopSetting } from "~/server/settings.server";
import type { Route } from "./+types/admin.settings";
import { dbOf, requireOwnerOf } from "~/server/request-context.server";
import { cachePolicy } from "~/server/http-cache.server";

export const middleware: Route.MiddlewareFunction[] = [cachePolicy("private")];

export const meta: Route.MetaFunction = () => adminMeta("Pengaturan Toko");

export async function loader({ context }: Route.LoaderArgs) {
  const admin = await requireOwnerOf(context);
  const db = await dbOf(context);
  // Staff edit what is stored now, not a copy a few seconds old.
  const [settings, history] = await Promise.all([readShopSettings(db), listSettingsHistory(db, admin)]);
  return { settings, history, today: shopToday() };
}

type ActionData = {
  section: string;
  message: string;
  fieldErrors: Record<string, string>;
  draft: unknown;
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireOwnerOf(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const section = SETTINGS_SECTIONS.find((s) => s.id === intent);
  if (!section)
    return data<ActionData>(
      { section: "", message: "Bagian pengaturan tidak dikenal. Muat ulang halaman.", fieldErrors: {}, draft: null },
      { status: 400 },
    );
  const revisionText = form.get("revision");
  const expectedRevision =
    typeof revisionText === "string" && /^\d{1,9}$/.test(revisionText) ? Number(revisionText) : undefined;
  const db = await dbOf(context);
  try {
    const current = (await readShopSettings(db)).values[section.key as SettingKey];
    const read = section.readForm(form, current as never, { today: shopToday() });
    if (!read.save) {
      const fieldErrors = read.fieldErrors ?? {};
      const status = Object.keys(fieldErrors).length > 0 ? 400 : 200;
      return data<ActionData>(
        {
          section: section.id,
          message: status === 400 ? `${section.title} belum disimpan: periksa isian yang ditandai.` : "",
          fieldErrors,
          draft: read.draft,
        },
        { status },
      );
    }
    const result = await saveShopSetting(db, admin, section.key, read.candidate, { expectedRevision });
    if (!result.ok)
      return data<ActionData>(
        { section: section.id, message: result.message, fieldErrors: result.fieldErrors, draft: read.candidate },
        { status: result.status },
      );
    return redirectWithFlash(`/admin/settings#${section.id}`, { tone: "success", message: result.message });
  } catch (error) {
    log.error("settings save failed", { error, section: section.id });
    return data<ActionData>(
      { section: section.id, message: "Gagal menyimpan pengaturan. Silakan coba lagi.", fieldErrors: {}, draft: null },
      { status: 500 },
    );
  }
}

export default function AdminSettings() {
  const { settings, history, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
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
            href="#riwayat"
            className="rounded-full border border-stone-300 bg-white px-3 py-1 font-semibold text-stone-800 hover:border-brand-700"
          >
            Riwayat Perubahan
          </a>
        </nav>
      </div>
      {SETTINGS_SECTIONS.map((section) => {
        const mine = actionData?.section === section.id ? actionData : undefined;
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
              key={mine ? JSON.stringify(mine.draft) : "stored"}
              value={settings.values[section.key] as never}
              draft={mine?.draft ?? null}
              fieldErrors={fieldErrors}
              today={today}
            />
          </SectionForm>
        );
      })}
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
