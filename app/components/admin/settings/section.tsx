// What every section of 'Pengaturan Toko' is made of: one setting of app/lib/shop-settings.ts
// and a form with its own 'Simpan' button. Components only draw: the reading of a posted section
// is the server's (app/server/settings/section-forms.server.ts), by the same id. The page
// (routes/admin.settings.tsx) renders and saves them all alike.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Card, ErrorNote } from "~/components/admin/card";
import { SubmitButton } from "~/components/admin/submit-button";
import type { FieldErrors } from "~/lib/form";
import type { SettingKey, SettingValue } from "~/lib/shop-settings";

/** What the page hands a section: the stored value, or the staff's draft after a refused save. */
export type SectionProps<K extends SettingKey> = {
  value: SettingValue<K>;
  /** The posted form as read back, when the last save of this section was refused. */
  draft: unknown;
  fieldErrors: FieldErrors;
  /** Shop date today (yyyy-mm-dd), for date pickers. */
  today: string;
};

export type SettingsSection<K extends SettingKey = SettingKey> = {
  /** Anchor on the page and the form's `intent`. */
  id: string;
  key: K;
  title: string;
  description: ReactNode;
  Fields: (props: SectionProps<K>) => ReactNode;
};

export function defineSection<K extends SettingKey>(section: SettingsSection<K>): SettingsSection<K> {
  return section;
}

/** The frame of one section: heading, its message, its form and its 'Simpan'. */
export function SectionForm({
  section,
  revision,
  message,
  children,
}: {
  section: { id: string; title: string; description: ReactNode };
  revision: number;
  message?: string;
  children: ReactNode;
}) {
  return (
    <div id={section.id} className="scroll-mt-32">
      <Card title={section.title} id={`bagian-${section.id}`}>
        <div className="-mt-1 mb-3 text-sm text-stone-700">{section.description}</div>
        <ErrorNote className="mb-3">{message}</ErrorNote>
        <Form method="post" noValidate preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value={section.id} />
          <input type="hidden" name="revision" value={revision} />
          {children}
          <div className="flex justify-end border-t border-stone-100 pt-3">
            <SubmitButton name="op" value={`simpan-${section.id}`} pendingText="Menyimpan...">
              Simpan
            </SubmitButton>
          </div>
        </Form>
      </Card>
    </div>
  );
}

// ---- Showing values ----

/** Shown back in an input: numbers as digits, empty for null. */
export function inputText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value);
}
