// 'Metode Pembayaran': 'QRIS' (the shop's static QRIS image, uploaded on its own page),
// 'Transfer Bank' with its accounts ('Nama Bank', 'Nomor Rekening', 'Atas Nama') and 'Bayar di
// Tempat (COD)', each switched on or off. Checkout offers the active ones.
import { Link } from "react-router";
import { Field, Input } from "~/components/ui/field";
import {
  MAX_BANK_ACCOUNTS,
  UNIQUE_CODE_MODE_LABEL,
  UNIQUE_CODE_MODES,
  type PaymentMethodsSetting,
} from "~/lib/payment-settings";
import { PAYMENT_METHOD } from "~/lib/vocab/payment-methods";
import { defineSection, type SectionProps } from "./section";

const EMPTY = { bank: "", number: "", holder: "" };

function Toggle({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold text-stone-900">
      <input type="checkbox" name={name} defaultChecked={checked} className="h-5 w-5 accent-brand-700" />
      {label}
    </label>
  );
}

function Fields({ value, draft, fieldErrors }: SectionProps<"paymentMethods">) {
  const shown = (draft as PaymentMethodsSetting | null) ?? value;
  const rows = [...shown.bankTransfer.accounts];
  if (rows.length < MAX_BANK_ACCOUNTS) rows.push(EMPTY);
  return (
    <div className="space-y-4">
      <div className="space-y-2 rounded-lg border border-stone-200 p-3">
        <Toggle name="qris" label={PAYMENT_METHOD.qris.label} checked={shown.qris.active} />
        {fieldErrors.qris ? (
          <p className="text-sm text-red-700" role="alert">
            {fieldErrors.qris}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {value.qris.imageUrl ? (
            <img
              src={value.qris.imageUrl}
              alt="QRIS toko"
              className="h-24 w-24 rounded border border-stone-200 object-contain"
            />
          ) : (
            <p className="text-xs text-stone-600">Belum ada gambar QRIS.</p>
          )}
          <Link to="/admin/settings/qris" className="text-sm font-semibold text-brand-800 underline">
            {value.qris.imageUrl ? "Ganti Gambar QRIS" : "Unggah Gambar QRIS"}
          </Link>
        </div>
      </div>
      <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
        <legend className="px-1">
          <Toggle name="bankTransfer" label={PAYMENT_METHOD.transfer.label} checked={shown.bankTransfer.active} />
        </legend>
        {fieldErrors.bankTransfer ? (
          <p className="text-sm text-red-700" role="alert">
            {fieldErrors.bankTransfer}
          </p>
        ) : null}
        {rows.map((row, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-3" data-testid="bank-account-row">
            {(["bank", "number", "holder"] as const).map((part) => (
              <Field
                key={part}
                label={{ bank: "Nama Bank", number: "Nomor Rekening", holder: "Atas Nama" }[part]}
                error={fieldErrors[`bankTransfer.accounts.${i}.${part}`]}
              >
                {(p) => (
                  <Input
                    {...p}
                    name={`account.${i}.${part}`}
                    defaultValue={row[part]}
                    maxLength={part === "holder" ? 100 : 50}
                    inputMode={part === "number" ? "numeric" : undefined}
                    autoComplete="off"
                  />
                )}
              </Field>
            ))}
          </div>
        ))}
        <p className="text-xs text-stone-600">Kosongkan satu baris untuk menghapus rekening itu.</p>
        <fieldset className="space-y-1">
          <legend className="text-sm font-semibold text-stone-900">Kode unik (3 digit terakhir jumlah transfer)</legend>
          {UNIQUE_CODE_MODES.map((mode) => (
            <label key={mode} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-stone-900">
              <input
                type="radio"
                name="uniqueCode"
                value={mode}
                defaultChecked={shown.uniqueCode === mode}
                className="h-5 w-5 accent-brand-700"
              />
              {UNIQUE_CODE_MODE_LABEL[mode]}
            </label>
          ))}
        </fieldset>
      </fieldset>
      <div className="rounded-lg border border-stone-200 p-3">
        <Toggle name="cod" label={PAYMENT_METHOD.cod.label} checked={shown.cod.active} />
        <p className="text-xs text-stone-600">Kurir menerima uang tunai sebesar total akhir saat mengantar.</p>
      </div>
    </div>
  );
}

export const paymentMethodsSection = defineSection({
  id: "metode-pembayaran",
  key: "paymentMethods",
  title: "Metode Pembayaran",
  description: (
    <p>
      Cara bayar yang bisa dipilih pelanggan saat checkout; caranya tampil di tagihan final dan di pesan WhatsApp
      tagihannya.
    </p>
  ),
  Fields,
});
