// The date and delivery window of a staff page for one delivery (the picking list, the
// delivery sheet): a plain GET form, so the choice lives in the address (?date=&slot=).
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { DELIVERY_SLOTS } from "~/lib/vocab/delivery-slots";

export function SlotPicker({
  idPrefix,
  date,
  slot,
  bothSlots = false,
  className,
  dateClassName,
}: {
  /** Makes the fields' ids: `${idPrefix}-date`, `${idPrefix}-slot`. */
  idPrefix: string;
  date: string;
  slot: string;
  /** Offers 'Pagi & Sore' (value 'semua') besides each window. */
  bothSlots?: boolean;
  className?: string;
  dateClassName?: string;
}) {
  return (
    <Form key={`${date}-${slot}`} method="get" className={className}>
      <div className={dateClassName}>
        <label htmlFor={`${idPrefix}-date`} className="mb-1 block text-xs font-semibold text-stone-700">
          Tanggal kirim
        </label>
        <Input id={`${idPrefix}-date`} type="date" name="date" defaultValue={date} required />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-slot`} className="mb-1 block text-xs font-semibold text-stone-700">
          Waktu kirim
        </label>
        <Select id={`${idPrefix}-slot`} name="slot" defaultValue={slot}>
          {bothSlots ? <option value="semua">Pagi &amp; Sore</option> : null}
          <option value="pagi">Pagi ({DELIVERY_SLOTS.pagi.time})</option>
          <option value="sore">Sore ({DELIVERY_SLOTS.sore.time})</option>
        </Select>
      </div>
      <Button type="submit" className="self-end">
        Tampilkan
      </Button>
    </Form>
  );
}
