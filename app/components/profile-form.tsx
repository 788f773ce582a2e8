// The form for the signed-in user's own name, phone, address and delivery area (profile and
// saved address pages). E-mail is shown read-only; nothing else can be changed here.
import type { FormEvent } from "react";
import { Form } from "react-router";
import { ACCOUNT_TEXT, ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/lib/account-rules";
import type { DeliveryArea } from "~/lib/delivery-settings";
import { useSubmitting } from "./account-form";
import { DeliveryAreaSelect } from "./checkout/delivery-area-select";
import { Button } from "./ui/button";
import { Field, Input, Textarea } from "./ui/field";

export type ProfileValues = { name: string; email: string; phone: string; address: string; area?: string | null };
export type ProfileErrors = Partial<Record<"name" | "phone" | "address" | "area", string>>;

export function ProfileForm({
  values,
  errors = {},
  submitLabel,
  nameLabel = "Nama Lengkap",
  onProblem,
  areas,
  children,
}: {
  values: ProfileValues;
  /** The shop's delivery areas: the remembered 'Area Pengiriman' is chosen here too. */
  areas?: readonly DeliveryArea[];
  errors?: ProfileErrors;
  submitLabel: string;
  nameLabel?: string;
  onProblem: (title: string, message: string) => void;
  children?: React.ReactNode;
}) {
  const submitting = useSubmitting();

  // The 'Data Tidak Lengkap' dialog comes before anything is sent; the server
  // checks the same again (and shows the messages next to the fields without JavaScript).
  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const missing = ["name", "phone", "address"].some((key) => String(form.get(key) ?? "").trim() === "");
    if (missing) {
      event.preventDefault();
      onProblem(ACCOUNT_TEXT.profileIncompleteTitle, ACCOUNT_TEXT.profileIncomplete);
    }
  }

  return (
    <Form method="post" className="space-y-4" onSubmit={checkBeforeSending} preventScrollReset>
      <input type="hidden" name="intent" value="save-profile" />
      <Field label={nameLabel} error={errors.name}>
        {(p) => (
          <Input
            {...p}
            name="name"
            autoComplete="name"
            defaultValue={values.name}
            maxLength={NAME_MAX_LENGTH}
            aria-required="true"
          />
        )}
      </Field>
      <Field label="Email" hint="Email tidak dapat diubah.">
        {(p) => (
          <Input {...p} type="email" value={values.email} readOnly disabled className="bg-stone-100 text-stone-700" />
        )}
      </Field>
      <Field label="Nomor Telepon" error={errors.phone}>
        {(p) => (
          <Input
            {...p}
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            defaultValue={values.phone}
            maxLength={PHONE_MAX_LENGTH}
            placeholder="08xxxxxxxxxx"
            aria-required="true"
          />
        )}
      </Field>
      <Field label="Alamat" error={errors.address}>
        {(p) => (
          <Textarea
            {...p}
            name="address"
            autoComplete="street-address"
            rows={3}
            defaultValue={values.address}
            maxLength={ADDRESS_MAX_LENGTH}
            placeholder="Nama jalan, nomor rumah, RT/RW, kelurahan, kecamatan"
            aria-required="true"
          />
        )}
      </Field>
      {areas ? (
        <DeliveryAreaSelect
          areas={areas}
          defaultValue={values.area ?? ""}
          required={false}
          error={errors.area}
          hint="Dipilih otomatis saat checkout. Di luar area, ongkir dikonfirmasi CS lewat WhatsApp."
        />
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {children}
        <Button type="submit" disabled={submitting} className="sm:min-w-40">
          {submitting ? "Memproses..." : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
