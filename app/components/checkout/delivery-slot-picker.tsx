// Checkout 'Waktu Pengiriman': the next few open slots as large choices, and 'Tanggal lain'
// (a <details>, so it opens without JavaScript too) with the rest of the seven dates on offer:
// a full slot shows 'Penuh' and cannot be chosen; a closed day shows its note. One radio
// carries date and slot ("2026-11-26|pagi"), so the form works without JavaScript too.
import { useState } from "react";
import { CalendarX, ChevronDown } from "lucide-react";
import type { DeliveryDay, SlotChoice } from "~/lib/delivery";
import { cn } from "~/lib/utils";

/** How many open slots checkout shows before 'Tanggal lain'. */
export const NEAREST_SLOTS = 4;

export function deliveryValue(choice: { date: string; slot: string }): string {
  return `${choice.date}|${choice.slot}`;
}

/** The first open (not full) slots in date order, and what is left of each day for 'Tanggal lain'. */
export function splitSlots(days: readonly DeliveryDay[], nearest = NEAREST_SLOTS) {
  const first = days
    .flatMap((day) => day.slots.filter((s) => !s.full).map((slot) => ({ day, slot })))
    .slice(0, nearest);
  const taken = new Set(first.map((f) => deliveryValue(f.slot)));
  const rest = days
    .map((day) => ({ ...day, slots: day.slots.filter((s) => !taken.has(deliveryValue(s))) }))
    .filter((day) => day.closedNote !== null || day.slots.length > 0);
  return { first, rest };
}

function SlotRadio({
  slot,
  selected,
  onChange,
  className,
  children,
}: {
  slot: SlotChoice;
  selected: boolean;
  onChange: (value: string) => void;
  className?: string;
  children: React.ReactNode;
}) {
  const id = deliveryValue(slot);
  return (
    <label
      className={cn(
        "flex items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors",
        slot.full
          ? "cursor-not-allowed border-stone-200 bg-stone-100 text-stone-500"
          : selected
            ? "cursor-pointer border-brand-700 bg-brand-50 ring-1 ring-brand-700"
            : "cursor-pointer border-stone-300 bg-white hover:border-stone-400",
        className,
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
        className="h-5 w-5 shrink-0 accent-brand-700"
      />
      {children}
    </label>
  );
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
  const { first, rest } = splitSlots(days);
  const chosen = days.flatMap((d) => d.slots).find((s) => deliveryValue(s) === value);
  // 'Tanggal lain' starts open when the choice is one of its slots (a refused form, a reload).
  const [moreOpen, setMoreOpen] = useState(() => rest.some((d) => d.slots.some((s) => deliveryValue(s) === value)));
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
      {first.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="waktu-terdekat">
          {first.map(({ day, slot }) => (
            <li key={deliveryValue(slot)}>
              <SlotRadio
                slot={slot}
                selected={deliveryValue(slot) === value}
                onChange={onChange}
                className="h-full min-h-16 items-start py-3"
              >
                <span className="min-w-0">
                  <span className="block font-bold text-stone-900">
                    {day.relative ?? day.dateText.split(",")[0]} {slot.name.replace(`${day.relative ?? ""} `, "")}
                  </span>
                  <span className="block text-xs text-stone-700">{day.dateText.replace(/^[^,]*,\s*/, "")}</span>
                  <span className="block text-xs text-stone-600">{slot.hours}</span>
                </span>
              </SlotRadio>
            </li>
          ))}
        </ul>
      ) : null}
      {rest.length > 0 ? (
        <details
          className="group mt-3 rounded-xl border border-stone-200"
          open={moreOpen}
          onToggle={(e) => setMoreOpen(e.currentTarget.open)}
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 text-sm font-semibold text-brand-800 [&::-webkit-details-marker]:hidden">
            Tanggal lain
            <ChevronDown className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <ul className="divide-y divide-stone-100 border-t border-stone-200">
            {rest.map((day) => (
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
                    {day.slots.map((slot) => (
                      <SlotRadio
                        key={deliveryValue(slot)}
                        slot={slot}
                        selected={deliveryValue(slot) === value}
                        onChange={onChange}
                        // Sore stays in its column when Pagi is past its cut-off, under the other days' Sore.
                        className={cn("min-h-11", slot.slot === "sore" && "col-start-2")}
                      >
                        <span className="min-w-0">
                          <span className="block font-semibold text-stone-900">
                            {slot.name.replace(`${day.relative ?? ""} `, "")}
                          </span>
                          <span className="block text-xs text-stone-600">
                            {slot.full ? <strong className="text-red-700">Penuh</strong> : slot.hours}
                          </span>
                        </span>
                      </SlotRadio>
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
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
