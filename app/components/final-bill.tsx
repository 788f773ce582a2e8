// The customer's final bill on their order page: lines as packed are in the list above;
// here the 'Total akhir', any 'Saldo' taken into it, the amount to pay and how to pay it for
// the chosen method (the QRIS image, the bank accounts with copy buttons, or the cash the
// courier collects), and the 'Riwayat Perubahan'.
import { OrderPromoRows, type OrderPromoFields } from "~/components/order-promo";
import { useState, type ReactNode } from "react";
import { Copy, ReceiptText } from "lucide-react";
import { formatDateTime } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import type { PaymentMethodsSetting } from "~/lib/payment-settings";
import { methodsToExplain, PAYMENT_METHOD } from "~/lib/vocab/payment-methods";
import { OrderChangesList, type OrderChange } from "./order-changes";

export function CopyButton({ text, label }: { text: string; label: string }) {
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

/** How to pay `amount`: the chosen method only, or every active one for an order placed before checkout asked. */
export function PaymentInstructions({
  methods,
  chosen,
  amount,
  qrisSvg = null,
}: {
  methods: PaymentMethodsSetting;
  chosen: string | null;
  amount: number;
  /** The shop's QRIS asking for exactly `amount` (drawn on the server); null: the plain image. */
  qrisSvg?: string | null;
}) {
  const shown = methodsToExplain(methods, chosen);
  const showQris = shown.includes("qris");
  const showTransfer = shown.includes("transfer");
  const showCod = shown.includes("cod");
  return (
    <div className="space-y-3" data-testid="payment-instructions">
      {showQris && qrisSvg ? (
        <div data-testid="qris-amount">
          <p className="text-sm font-semibold text-stone-800">{PAYMENT_METHOD.qris.label}</p>
          <p className="text-sm text-stone-700">
            Pindai dengan aplikasi bank atau e-wallet: jumlah <strong>{formatRupiah(amount)}</strong> terisi otomatis.
            Periksa jumlahnya sebelum membayar.
          </p>
          <div
            role="img"
            aria-label={`Kode QRIS toko untuk membayar ${formatRupiah(amount)}`}
            className="mt-2 h-64 w-64 max-w-full rounded-lg border border-stone-200 bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
            // Made on the server by the qrcode library from the shop's own QRIS text: no input of a visitor.
            dangerouslySetInnerHTML={{ __html: qrisSvg }}
          />
        </div>
      ) : showQris && methods.qris.imageUrl ? (
        <div>
          <p className="text-sm font-semibold text-stone-800">{PAYMENT_METHOD.qris.label}</p>
          <p className="text-sm text-stone-700">
            Pindai dengan aplikasi bank atau e-wallet, lalu bayar {formatRupiah(amount)}.
          </p>
          <img
            src={methods.qris.imageUrl}
            alt="Kode QRIS toko"
            className="mt-2 h-64 w-64 max-w-full rounded-lg border border-stone-200 bg-white object-contain"
          />
        </div>
      ) : null}
      {showTransfer ? (
        <div>
          <p className="text-sm font-semibold text-stone-800">{PAYMENT_METHOD.transfer.label}</p>
          <ul className="mt-1 space-y-2">
            {methods.bankTransfer.accounts.map((a) => (
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
      {showCod ? (
        <p className="text-sm text-stone-800">
          <span className="font-semibold">{PAYMENT_METHOD.cod.label}:</span> siapkan uang tunai{" "}
          <strong>{formatRupiah(amount)}</strong> untuk kurir.
        </p>
      ) : null}
    </div>
  );
}

export function FinalBill({
  grandTotal,
  balanceApplied,
  amountDue,
  billFinalAt,
  changes,
  paymentMethods,
  paymentMethod,
  qrisSvg = null,
  action,
  promoOrder = null,
}: {
  /** The order's amounts with its 'Kode Promo', for the promo line under the total. */
  promoOrder?: OrderPromoFields | null;
  /** What the customer does next, right under how to pay ('Unggah Bukti Bayar'). */
  action?: ReactNode;
  grandTotal: number;
  balanceApplied: number;
  amountDue: number;
  billFinalAt: Date | string;
  changes: OrderChange[];
  paymentMethods: PaymentMethodsSetting;
  paymentMethod: string | null;
  qrisSvg?: string | null;
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
      <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
        {/* Already taken off the total below: said so it is seen on the bill. */}
        {promoOrder ? <OrderPromoRows order={promoOrder} /> : null}
        <div className="flex items-center justify-between gap-3">
          <dt className="font-bold text-stone-900">Total akhir</dt>
          <dd className="font-bold tabular-nums" data-testid="final-total">
            {formatRupiah(grandTotal)}
          </dd>
        </div>
        {balanceApplied !== 0 ? (
          <div className="flex items-center justify-between gap-3">
            <dt className="text-stone-700">
              {balanceApplied > 0 ? "Saldo (lebih bayar sebelumnya)" : "Kurang bayar sebelumnya"}
            </dt>
            <dd className="tabular-nums" data-testid="balance-applied">
              {balanceApplied > 0 ? "−" : "+"}
              {formatRupiah(Math.abs(balanceApplied))}
            </dd>
          </div>
        ) : null}
        <div className="flex items-center justify-between gap-3 pt-1">
          <dt className="font-bold text-stone-900">Jumlah dibayar</dt>
          <dd className="flex items-center gap-2">
            <span className="text-xl font-extrabold text-brand-800 tabular-nums" data-testid="amount-due">
              {formatRupiah(amountDue)}
            </span>
            <CopyButton text={String(amountDue)} label="Salin jumlah yang dibayar" />
          </dd>
        </div>
      </dl>
      <h3 className="mt-4 text-sm font-bold text-stone-900">Cara bayar</h3>
      <div className="mt-2">
        <PaymentInstructions methods={paymentMethods} chosen={paymentMethod} amount={amountDue} qrisSvg={qrisSvg} />
      </div>
      {action}
      <h3 className="mt-4 text-sm font-bold text-stone-900">Riwayat Perubahan</h3>
      <div className="mt-2">
        <OrderChangesList changes={changes} showWho={false} />
      </div>
    </section>
  );
}
