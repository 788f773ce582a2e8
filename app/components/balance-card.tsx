// 'Saldo' on the profile: what the shop owes the customer (paid too much) or the customer still
// owes (paid too little), and its latest entries. It goes into the next order's final bill by
// itself; nothing to do for the customer.
import { Link } from "react-router";
import { Wallet } from "lucide-react";
import { formatDateTime } from "~/lib/dates";
import { shortOrderId } from "~/lib/orders";
import { formatRupiah } from "~/lib/money";
import { signedRupiah } from "~/lib/payments";

export type BalanceEntry = {
  id: string;
  orderId: string;
  amount: number;
  description: string;
  createdAt: Date | string;
};

export function BalanceCard({ balance, entries }: { balance: number; entries: BalanceEntry[] }) {
  if (balance === 0 && entries.length === 0) return null;
  return (
    <section
      aria-labelledby="saldo-heading"
      className="mt-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-6"
    >
      <h2 id="saldo-heading" className="flex items-center gap-2 text-lg font-bold">
        <Wallet className="h-5 w-5 text-brand-700" aria-hidden="true" /> Saldo
      </h2>
      <p className="mt-1 text-2xl font-extrabold text-brand-800 tabular-nums" data-testid="saldo">
        {formatRupiah(Math.abs(balance))}
      </p>
      <p className="text-sm text-stone-700">
        {balance > 0
          ? "Lebih bayar: dipotong otomatis dari tagihan final pesanan berikutnya."
          : balance < 0
            ? "Kurang bayar: ditambahkan otomatis ke tagihan final pesanan berikutnya."
            : "Tidak ada saldo."}
      </p>
      {entries.length > 0 ? (
        <ul className="mt-3 divide-y divide-stone-100 text-sm">
          {entries.map((e) => (
            <li key={e.id} className="flex justify-between gap-3 py-2">
              <span>
                <span className="block text-stone-900">{e.description}</span>
                <span className="block text-xs text-stone-600">
                  {formatDateTime(new Date(e.createdAt))} ·{" "}
                  <Link to={`/orders/${e.orderId}`} className="text-brand-800 underline">
                    #{shortOrderId(e.orderId)}
                  </Link>
                </span>
              </span>
              <span className="font-semibold whitespace-nowrap tabular-nums">{signedRupiah(e.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
