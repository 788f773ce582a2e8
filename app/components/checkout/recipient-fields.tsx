// 'Informasi Pengiriman': who receives the order, their WhatsApp number and the address.
import { Field, Input, Textarea } from "~/components/ui/field";
import type { CheckoutFieldErrors } from "~/lib/checkout";
import type { CheckoutValues } from "./use-checkout";

export function RecipientFields({
  values,
  errors,
  onChange,
}: {
  values: CheckoutValues;
  errors: CheckoutFieldErrors;
  onChange: (field: "name" | "phone" | "address", value: string) => void;
}) {
  return (
    <div className="space-y-4">
      <Field label="Nama Lengkap" required error={errors.name}>
        {(p) => (
          <Input
            {...p}
            name="name"
            autoComplete="name"
            maxLength={100}
            value={values.name}
            onChange={(e) => onChange("name", e.target.value)}
          />
        )}
      </Field>
      <Field label="Nomor Telepon" required error={errors.phone} hint="Nomor WhatsApp aktif, mis. 081234567890">
        {(p) => (
          <Input
            {...p}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            value={values.phone}
            onChange={(e) => onChange("phone", e.target.value)}
          />
        )}
      </Field>
      <Field label="Alamat Lengkap" required error={errors.address}>
        {(p) => (
          <Textarea
            {...p}
            name="address"
            autoComplete="street-address"
            maxLength={500}
            rows={3}
            placeholder="Nama jalan, nomor rumah, RT/RW, kelurahan, patokan"
            value={values.address}
            onChange={(e) => onChange("address", e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
