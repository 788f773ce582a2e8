// The customer's final bill on their order page: lines as packed are in the list above;
// here the 'Total akhir', how to pay (bank accounts with copy buttons, cash on delivery)
// and the 'Riwayat Perubahan'.
import { useState } from "react";
import { Copy, ReceiptText } from "lucide-react";
import { formatDateTime } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { PAYMENT_METHOD_LABELS, type PaymentMethodsSetting } from "~/lib/payment-settings";
import { OrderChangesList, type OrderChange } from "./order-changes";

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-stone-300 px-3 text-sm font-semibold text-stone-800 hover:bg-brand-50"
      aria-label={label}
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      <Copy className="h-4 w-4" aria-hidden="true" />
      {copied ? "Disalin" : "Salin"}
    </button>
  );
}

export function FinalBill({
  grandTotal,
  billFinalAt,
  changes,
  paymentMethods,
}: {
  grandTotal: number;
  billFinalAt: Date | string;
  changes: OrderChange[];
  paymentMethods: PaymentMethodsSetting;
}) {
  const amount = String(grandTotal);
  return (
    <section
      className="rounded-2xl border border-brand-200 bg-white p-4 shadow-sm md:p-5"
      aria-labelledby="tagihan-final-heading"
    >
      <h2 id="tagihan-final-heading" className="flex items-center gap-2 text-lg font-extrabold text-stone-900">
        <ReceiptText className="h-5 w-5 text-brand-700" aria-hidden="true" /> Tagihan Final
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Produk sudah ditimbang dan dikemas ({formatDateTime(new Date(billFinalAt))}). Daftar produk di atas adalah isi
        pesanan yang dikemas.
      </p>
      <div className="mt-3 flex items-center justify-between gap-3 border-t border-stone-200 pt-3">
        <span className="font-bold text-stone-900">Total akhir</span>
        <span className="flex items-center gap-2">
          <span className="text-xl font-extrabold text-brand-800 tabular-nums" data-testid="final-total">
            {formatRupiah(grandTotal)}
          </span>
          <CopyButton text={amount} label="Salin jumlah yang dibayar" />
        </span>
      </div>
      <h3 className="mt-4 text-sm font-bold text-stone-900">Cara bayar</h3>
      {paymentMethods.bankTransfer.active ? (
        <div className="mt-2">
          <p className="text-sm font-semibold text-stone-800">{PAYMENT_METHOD_LABELS.bankTransfer}</p>
          <ul className="mt-1 space-y-2">
            {paymentMethods.bankTransfer.accounts.map((a) => (
              <li
                key={`${a.bank}-${a.number}`}
                className="flex items-center justify-between gap-2 rounded-lg bg-stone-50 p-2 text-sm"
              >
                <span>
                  <span className="block font-semibold">{a.bank}</span>
                  <span className="block font-mono tabular-nums">{a.number}</span>
                  <span className="block text-stone-700">a.n. {a.holder}</span>
                </span>
                <CopyButton text={a.number.replace(/[\s.-]/g, "")} label={`Salin nomor rekening ${a.bank}`} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {paymentMethods.cod.active ? (
        <p className="mt-2 text-sm text-stone-800">
          <span className="font-semibold">{PAYMENT_METHOD_LABELS.cod}:</span> siapkan uang tunai{" "}
          {formatRupiah(grandTotal)} untuk kurir.
        </p>
      ) : null}
      <h3 className="mt-4 text-sm font-bold text-stone-900">Riwayat Perubahan</h3>
      <div className="mt-2">
        <OrderChangesList changes={changes} showWho={false} />
      </div>
    </section>
  );
}
