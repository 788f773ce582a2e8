// The customer's final bill on their order page: lines as packed are in the list above;
// here the 'Total akhir', how to pay and the 'Riwayat Perubahan'.
import { ReceiptText } from "lucide-react";
import { formatDateTime } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { OrderChangesList, type OrderChange } from "./order-changes";

export function FinalBill({
  grandTotal,
  billFinalAt,
  changes,
  paymentLines,
}: {
  grandTotal: number;
  billFinalAt: Date | string;
  changes: OrderChange[];
  paymentLines: readonly string[];
}) {
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
      <p className="mt-3 flex items-baseline justify-between gap-3 border-t border-stone-200 pt-3">
        <span className="font-bold text-stone-900">Total akhir</span>
        <span className="text-xl font-extrabold text-brand-800 tabular-nums" data-testid="final-total">
          {formatRupiah(grandTotal)}
        </span>
      </p>
      <h3 className="mt-4 text-sm font-bold text-stone-900">Cara bayar</h3>
      <ul className="mt-1 space-y-1 text-sm text-stone-800">
        {paymentLines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3 className="mt-4 text-sm font-bold text-stone-900">Riwayat Perubahan</h3>
      <div className="mt-2">
        <OrderChangesList changes={changes} showWho={false} />
      </div>
    </section>
  );
}
