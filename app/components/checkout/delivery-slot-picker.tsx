// Checkout 'Waktu Pengiriman': the seven dates on offer, each with its open slots as radio
// buttons. A full slot shows 'Penuh' and cannot be chosen; a closed day shows its note. One
// radio carries date and slot ("2026-11-26|pagi"), so it works without JavaScript too.
import { CalendarX } from "lucide-react";
import type { DeliveryDay } from "~/lib/delivery";
import { cn } from "~/lib/utils";

export function deliveryValue(choice: { date: string; slot: string }): string {
  return `${choice.date}|${choice.slot}`;
}

export function DeliverySlotPicker({
  days,
  value,
  onChange,
  error,
}: {
  days: readonly DeliveryDay[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const chosen = days.flatMap((d) => d.slots).find((s) => deliveryValue(s) === value);
  if (days.length === 0) {
    return (
      <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="alert">
        Belum ada waktu pengiriman yang bisa dipilih dalam 7 hari ke depan. Silakan hubungi CS kami lewat WhatsApp.
      </p>
    );
  }
  return (
    <fieldset aria-describedby={error ? "waktu-error" : undefined}>
      <legend className="sr-only">Pilih tanggal dan waktu pengiriman</legend>
      <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
        {days.map((day) => (
          <li key={day.date} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center" data-date={day.date}>
            <p className="text-sm font-semibold text-stone-900 sm:w-48 sm:shrink-0">
              {day.relative ? <span className="text-brand-800">{day.relative} · </span> : null}
              {day.dateText}
            </p>
            {day.closedNote !== null ? (
              <p className="flex items-center gap-1.5 text-sm text-stone-700">
                <CalendarX className="h-4 w-4 shrink-0 text-red-700" aria-hidden="true" />
                Libur: {day.closedNote}
              </p>
            ) : (
              <div className="grid flex-1 grid-cols-2 gap-2">
                {day.slots.map((slot) => {
                  const id = deliveryValue(slot);
                  const selected = id === value;
                  return (
                    <label
                      key={id}
                      className={cn(
                        "flex min-h-11 items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors",
                        // Sore stays in its column when Pagi is past its cut-off, under the other days' Sore.
                        slot.slot === "sore" && "col-start-2",
                        slot.full
                          ? "cursor-not-allowed border-stone-200 bg-stone-100 text-stone-500"
                          : selected
                            ? "cursor-pointer border-brand-700 bg-brand-50 ring-1 ring-brand-700"
                            : "cursor-pointer border-stone-300 bg-white hover:border-stone-400",
                      )}
                    >
                      <input
                        type="radio"
                        name="delivery"
                        value={id}
                        checked={selected}
                        disabled={slot.full}
                        onChange={() => onChange(id)}
                        aria-label={slot.full ? `${slot.label} (Penuh)` : slot.label}
                        className="h-4 w-4 shrink-0 accent-brand-700"
                      />
                      <span className="min-w-0">
                        <span className="block font-semibold text-stone-900">
                          {slot.name.replace(`${day.relative ?? ""} `, "")}
                        </span>
                        <span className="block text-xs text-stone-600">
                          {slot.full ? <strong className="text-red-700">Penuh</strong> : slot.hours}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
          </li>
        ))}
      </ul>
      {chosen ? (
        <p className="mt-3 text-sm text-stone-800" data-testid="waktu-dipilih">
          Diantar: <strong>{chosen.label}</strong>
        </p>
      ) : null}
      {error ? (
        <p id="waktu-error" className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
