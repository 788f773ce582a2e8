// 'Waktu Pengiriman': per slot the cut-off ('Batas Pesan' and its 'Hari'), the quota and 'Aktif'.
import { Field, Input, Select } from "~/components/ui/field";
import { CUTOFF_DAYS, SLOT_IDS, type DeliverySlotsSetting } from "~/lib/delivery-settings";
import { DELIVERY_SLOTS, slotLabel } from "~/lib/vocab/delivery-slots";
import { defineSection, inputText, type SectionProps } from "./section";

// A list of times (24-hour, every half hour) reads the same on every phone, unlike a time
// input that shows "09:00 PM" where the phone's language is English.
const HALF_HOURS = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
);

function timeChoices(current: string): string[] {
  return HALF_HOURS.includes(current) || !/^\d\d:\d\d$/.test(current) ? HALF_HOURS : [...HALF_HOURS, current].sort();
}

type Draft = Record<string, { cutoffTime?: unknown; cutoffDay?: unknown; quota?: unknown; active?: unknown }>;

function Fields({ value, draft, fieldErrors }: SectionProps<"deliverySlots">) {
  const shown = (draft as Draft | null) ?? (value as DeliverySlotsSetting as Draft);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {SLOT_IDS.map((slot) => {
        const rule = shown[slot] ?? {};
        return (
          <fieldset key={slot} className="space-y-3 rounded-lg border border-stone-200 p-3">
            <legend className="px-1 text-sm font-bold text-stone-900">
              {slotLabel(slot, DELIVERY_SLOTS[slot].hours)}
            </legend>
            <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-3">
              <Field label="Batas Pesan" error={fieldErrors[`${slot}.cutoffTime`]}>
                {(p) => (
                  <Select {...p} name={`${slot}.cutoffTime`} defaultValue={inputText(rule.cutoffTime)}>
                    {timeChoices(inputText(rule.cutoffTime)).map((time) => (
                      <option key={time} value={time}>
                        {time}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Hari" error={fieldErrors[`${slot}.cutoffDay`]}>
                {(p) => (
                  <Select {...p} name={`${slot}.cutoffDay`} defaultValue={inputText(rule.cutoffDay)}>
                    {Object.entries(CUTOFF_DAYS).map(([day, label]) => (
                      <option key={day} value={day}>
                        {label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
            <Field
              label="Kuota Pesanan"
              error={fieldErrors[`${slot}.quota`]}
              hint="Pesanan paling banyak untuk slot ini pada satu tanggal. Kosong berarti tanpa batas."
            >
              {(p) => (
                <Input
                  {...p}
                  name={`${slot}.quota`}
                  inputMode="numeric"
                  placeholder="Tanpa batas"
                  defaultValue={inputText(rule.quota)}
                />
              )}
            </Field>
            <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
              <input
                type="checkbox"
                name={`${slot}.active`}
                defaultChecked={rule.active === true}
                className="h-5 w-5 accent-brand-700"
              />
              Aktif
            </label>
          </fieldset>
        );
      })}
    </div>
  );
}

export const deliverySlotsSection = defineSection({
  id: "waktu-pengiriman",
  key: "deliverySlots",
  title: "Waktu Pengiriman",
  description: (
    <p>
      Pesanan untuk satu slot ditutup pada batas pesannya. Contoh: batas 21:00 sehari sebelumnya berarti pesanan sampai
      pukul 20:59 diantar besok; untuk antar sore di hari yang sama, pilih mis. 12:00 hari yang sama.
    </p>
  ),
  Fields,
});
