// 'Hari Libur': dates without delivery, each with the 'Keterangan' shoppers see at checkout.
// 'Tambah Hari Libur' and 'Hapus' save at once (plain submits: they work without JavaScript).
import { SubmitButton } from "~/components/admin/submit-button";
import { Field, Input } from "~/components/ui/field";
import { addDays, formatDateWithDay } from "~/lib/dates";
import type { ClosedDay } from "~/lib/delivery-settings";
import { defineSection, inputText, type SectionProps } from "./section";

type Draft = { days: { date: string; note: string }[]; newDay: { date: string; note: string } };

function Fields({ value, draft, fieldErrors, today }: SectionProps<"closedDays">) {
  const shown = (draft as Draft | null) ?? { days: value as ClosedDay[], newDay: { date: "", note: "" } };
  const upcoming = shown.days.map((day, index) => ({ day, index })).filter(({ day }) => day.date >= today);
  return (
    <div className="space-y-4">
      {upcoming.length === 0 ? (
        <p className="text-sm text-stone-600">Belum ada hari libur. Toko mengantar setiap hari.</p>
      ) : (
        <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200" aria-label="Daftar hari libur">
          {upcoming.map(({ day, index }) => (
            <li key={day.date} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start">
              <input type="hidden" name={`${index}.date`} value={day.date} />
              <p className="pt-2 text-sm font-semibold text-stone-900 sm:w-56">{formatDateWithDay(day.date)}</p>
              <Field label="Keterangan" error={fieldErrors[`${index}.note`]} className="flex-1">
                {(p) => <Input {...p} name={`${index}.note`} maxLength={120} defaultValue={day.note} />}
              </Field>
              <SubmitButton
                name="op"
                value={`hapus:${day.date}`}
                variant="outline"
                size="sm"
                className="sm:mt-7"
                pendingText="Menghapus..."
                aria-label={`Hapus hari libur ${formatDateWithDay(day.date)}`}
              >
                Hapus
              </SubmitButton>
            </li>
          ))}
        </ul>
      )}
      <fieldset className="rounded-lg border border-dashed border-stone-300 p-3">
        <legend className="px-1 text-sm font-bold text-stone-900">Tambah Hari Libur</legend>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field label="Tanggal" error={fieldErrors["new.date"]} className="sm:w-48">
            {(p) => (
              <Input
                {...p}
                type="date"
                name="new.date"
                min={today}
                max={addDays(today, 730)}
                defaultValue={inputText(shown.newDay.date)}
              />
            )}
          </Field>
          <Field label="Keterangan" error={fieldErrors["new.note"]} className="flex-1">
            {(p) => (
              <Input
                {...p}
                name="new.note"
                maxLength={120}
                placeholder="mis. Idul Fitri"
                defaultValue={inputText(shown.newDay.note)}
              />
            )}
          </Field>
          <SubmitButton name="op" value="tambah" variant="secondary" className="sm:mt-7" pendingText="Menambah...">
            Tambah Hari Libur
          </SubmitButton>
        </div>
      </fieldset>
    </div>
  );
}

export const closedDaysSection = defineSection({
  id: "hari-libur",
  key: "closedDays",
  title: "Hari Libur",
  description: (
    <p>
      Pada hari libur tidak ada pengiriman; pembeli melihat keterangannya saat memilih waktu. Hari libur yang sudah
      lewat dihapus dari daftar saat disimpan.
    </p>
  ),
  Fields,
});
