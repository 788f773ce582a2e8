// The 'Langganan' form: the days, the slot, where it goes, how it is paid and the basket. A plain
// form: it works before (and without) scripts, and nothing typed is lost while the page wakes up.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/field";
import { DeliveryAreaSelect } from "~/components/checkout/delivery-area-select";
import type { DeliveryArea } from "~/lib/delivery-settings";
import { formatRupiah } from "~/lib/money";
import { lineAmountName, lineKgName, lineNoteName, lineSubstituteName, weekdayFieldName } from "~/lib/standing-orders";
import { DELIVERY_SLOTS, DELIVERY_SLOT_IDS } from "~/lib/vocab/delivery-slots";
import { PAYMENT_METHOD, type PaymentMethod } from "~/lib/vocab/payment-methods";
import { WEEKDAYS, WEEKDAY_IDS } from "~/lib/vocab/weekdays";
import { kgFieldValue } from "~/lib/weight";

export type StandingFormLine = {
  productId: string;
  name: string;
  unit: string;
  quantity: number;
  soldByWeight: boolean;
  note: string;
  allowSubstitute: boolean;
  price: number;
  available: boolean;
};

export type StandingFormValues = {
  weekdays: number[];
  slot: string;
  area: string;
  name: string;
  phone: string;
  address: string;
  notes: string;
  paymentMethod: string | null;
  lines: StandingFormLine[];
};

export function StandingOrderForm({
  values,
  areas,
  methods,
  submitLabel,
  error,
  busy,
}: {
  values: StandingFormValues;
  areas: readonly DeliveryArea[];
  methods: readonly PaymentMethod[];
  submitLabel: string;
  error?: string | null;
  busy?: boolean;
}) {
  return (
    <Form method="post" className="space-y-6" aria-label="Langganan">
      <input type="hidden" name="intent" value="save" />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-stone-900">Diantar setiap</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAY_IDS.map((day) => (
            <label
              key={day}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 text-sm has-[:checked]:border-green-700 has-[:checked]:bg-green-50"
            >
              <input
                type="checkbox"
                name={weekdayFieldName(day)}
                value="1"
                defaultChecked={values.weekdays.includes(day)}
                className="h-4 w-4 accent-green-700"
              />
              {WEEKDAYS[day].name}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-stone-900">Waktu pengiriman</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {DELIVERY_SLOT_IDS.map((slot) => (
            <label
              key={slot}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-green-700 has-[:checked]:bg-green-50"
            >
              <input
                type="radio"
                name="slot"
                value={slot}
                defaultChecked={values.slot === slot}
                className="h-4 w-4 accent-green-700"
              />
              <span>
                <span className="font-medium">{DELIVERY_SLOTS[slot].label}</span>{" "}
                <span className="text-stone-600">({DELIVERY_SLOTS[slot].hours})</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-stone-900">Belanjaan</legend>
        <p className="text-sm text-stone-600">
          Harga mengikuti harga hari pesanan dibuat. Kosongkan jumlah untuk menghapus produk dari langganan.
        </p>
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {values.lines.map((line) => (
            <li key={line.productId} className="space-y-2 p-3">
              <div className="flex flex-wrap items-end justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-stone-900">{line.name}</p>
                  <p className="text-sm text-stone-600">
                    {formatRupiah(line.price)} {line.unit}
                    {line.available ? "" : " · sedang habis"}
                  </p>
                </div>
                <Field label={line.soldByWeight ? "Berat (kg)" : "Jumlah"} className="w-28">
                  {(p) => (
                    <Input
                      {...p}
                      name={lineAmountName(line.productId)}
                      inputMode="decimal"
                      defaultValue={line.soldByWeight ? kgFieldValue(line.quantity) : String(line.quantity)}
                    />
                  )}
                </Field>
                {line.soldByWeight ? <input type="hidden" name={lineKgName(line.productId)} value="1" /> : null}
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Input
                  name={lineNoteName(line.productId)}
                  defaultValue={line.note}
                  placeholder="Catatan produk (opsional)"
                  aria-label={`Catatan ${line.name}`}
                  className="min-w-0 flex-1"
                />
                <label className="flex min-h-11 items-center gap-2 text-sm text-stone-700">
                  <input
                    type="checkbox"
                    name={lineSubstituteName(line.productId)}
                    value="1"
                    defaultChecked={line.allowSubstitute}
                    className="h-4 w-4 accent-green-700"
                  />
                  Boleh diganti produk serupa
                </label>
              </div>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-stone-900">Dikirim ke</legend>
        <Field label="Nama penerima" required>
          {(p) => <Input {...p} name="name" defaultValue={values.name} autoComplete="name" />}
        </Field>
        <Field label="Nomor WhatsApp" required>
          {(p) => <Input {...p} name="phone" defaultValue={values.phone} inputMode="tel" autoComplete="tel" />}
        </Field>
        <Field label="Alamat lengkap" required className="sm:col-span-2">
          {(p) => <Textarea {...p} name="address" defaultValue={values.address} rows={3} />}
        </Field>
        <div className="sm:col-span-2">
          <DeliveryAreaSelect areas={areas} defaultValue={values.area} />
        </div>
        <Field label="Catatan untuk kurir (opsional)" className="sm:col-span-2">
          {(p) => <Input {...p} name="notes" defaultValue={values.notes} />}
        </Field>
      </fieldset>

      {methods.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-stone-900">Metode pembayaran</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {methods.map((method) => (
              <label
                key={method}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 text-sm has-[:checked]:border-green-700 has-[:checked]:bg-green-50"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method}
                  defaultChecked={values.paymentMethod === method}
                  className="h-4 w-4 accent-green-700"
                />
                {PAYMENT_METHOD[method].label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
