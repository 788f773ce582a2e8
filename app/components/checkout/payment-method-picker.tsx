// 'Metode Pembayaran' at checkout: the methods the shop has switched on. The order is still
// confirmed in the WhatsApp chat, which names the chosen method; how to pay (QRIS image,
// account numbers) shows on the order page once the bill is final.
import { Banknote, Landmark, QrCode } from "lucide-react";
import { PAYMENT_METHOD, type PaymentMethod } from "~/lib/vocab/payment-methods";
import { cn } from "~/lib/utils";

const ICONS = { qris: QrCode, transfer: Landmark, cod: Banknote } satisfies Record<PaymentMethod, typeof QrCode>;

export function PaymentMethodPicker({
  options,
  value,
  onChange,
  error,
}: {
  options: { method: PaymentMethod; detail: string }[];
  value: string;
  onChange: (method: PaymentMethod) => void;
  error?: string;
}) {
  if (options.length === 0)
    return (
      <p className="text-sm text-stone-700" role="status">
        Cara bayar dikonfirmasi CS lewat WhatsApp.
      </p>
    );
  return (
    <fieldset aria-describedby={error ? "metode-bayar-error" : undefined}>
      <legend className="sr-only">Pilih metode pembayaran</legend>
      <div className="grid gap-2">
        {options.map(({ method, detail }) => {
          const Icon = ICONS[method];
          const checked = value === method;
          return (
            <label
              key={method}
              className={cn(
                "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3",
                checked ? "border-brand-700 bg-brand-50 ring-1 ring-brand-700" : "border-stone-300 bg-white",
              )}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={method}
                checked={checked}
                onChange={() => onChange(method)}
                className="mt-1 h-4 w-4 accent-brand-700"
              />
              <span>
                <span className="flex items-center gap-2 font-semibold text-stone-900">
                  <Icon className="h-4 w-4 text-brand-700" aria-hidden="true" /> {PAYMENT_METHOD[method].label}
                </span>
                <span className="block text-sm text-stone-700">{detail}</span>
              </span>
            </label>
          );
        })}
      </div>
      <p className="mt-2 text-xs text-stone-600">
        Pesanan tetap dikonfirmasi lewat WhatsApp; metode yang dipilih ikut tercantum di pesannya.
      </p>
      {error ? (
        <p id="metode-bayar-error" className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
