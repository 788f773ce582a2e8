// Checkout 'Area Pengiriman': the shop's active areas with their fee, and 'Di luar area
// (ongkir ditentukan CS)'. The fee shown is a preview; the server computes the one charged.
import { Field, Select } from "~/components/ui/field";
import { OUTSIDE_AREA, OUTSIDE_AREA_LABEL, type DeliveryArea } from "~/lib/delivery-settings";
import { formatRupiah } from "~/lib/money";

function optionText(area: DeliveryArea): string {
  const fee = area.fee === 0 ? "gratis ongkir" : `ongkir ${formatRupiah(area.fee)}`;
  const free = area.freeFrom !== null && area.fee > 0 ? `, gratis mulai ${formatRupiah(area.freeFrom)}` : "";
  return `${area.name} (${fee}${free})`;
}

export function DeliveryAreaSelect({
  areas,
  value,
  onChange,
  error,
  name = "area",
  label = "Area Pengiriman",
}: {
  areas: readonly DeliveryArea[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  name?: string;
  label?: string;
}) {
  return (
    <Field
      label={label}
      required
      error={error}
      hint="Ongkir mengikuti area. Di luar area, ongkir dikonfirmasi CS lewat WhatsApp."
    >
      {(p) => (
        <Select {...p} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
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
