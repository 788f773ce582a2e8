// Checkout 'Area Pengiriman': the shop's active areas with their fee, and 'Di luar area
// (ongkir ditentukan CS)'. The fee shown is a preview; the server computes the one charged.
import { Field, Select } from "~/components/ui/field";
import type { DeliveryArea } from "~/lib/delivery-settings";
import { OUTSIDE_AREA, OUTSIDE_AREA_LABEL } from "~/lib/vocab/delivery-areas";
import { formatRupiah } from "~/lib/money";

/** How a remembered area reads on the profile and address book. */
export function deliveryAreaText(areas: readonly DeliveryArea[], areaId: string | null): string {
  if (areaId === OUTSIDE_AREA) return OUTSIDE_AREA_LABEL;
  return areas.find((a) => a.id === areaId)?.name ?? "";
}

function optionText(area: DeliveryArea): string {
  const fee = area.fee === 0 ? "gratis ongkir" : `ongkir ${formatRupiah(area.fee)}`;
  const free = area.freeFrom !== null && area.fee > 0 ? `, gratis mulai ${formatRupiah(area.freeFrom)}` : "";
  return `${area.name} (${fee}${free})`;
}

/**
 * Controlled (checkout: `value` and `onChange`) or a plain form field (profile and address
 * book: `defaultValue`, optional there since checkout asks again).
 */
export function DeliveryAreaSelect({
  areas,
  value,
  defaultValue,
  onChange,
  error,
  name = "area",
  label = "Area Pengiriman",
  required = true,
  hint = "Ongkir mengikuti area. Di luar area, ongkir dikonfirmasi CS lewat WhatsApp.",
}: {
  areas: readonly DeliveryArea[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  error?: string;
  name?: string;
  label?: string;
  required?: boolean;
  hint?: string;
}) {
  const controlled = onChange
    ? { value, onChange: (event: { target: { value: string } }) => onChange(event.target.value) }
    : { defaultValue };
  return (
    <Field label={label} required={required} error={error} hint={hint}>
      {(p) => (
        <Select {...p} name={name} {...controlled}>
          <option value="">Pilih area pengiriman</option>
          {areas.map((area) => (
            <option key={area.id} value={area.id}>
              {optionText(area)}
            </option>
          ))}
          <option value={OUTSIDE_AREA}>{OUTSIDE_AREA_LABEL}</option>
        </Select>
      )}
    </Field>
  );
}
