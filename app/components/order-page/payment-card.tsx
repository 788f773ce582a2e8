// 'Pembayaran' on the customer's order page: the payment status (apart from the order status),
// why staff refused a proof, and 'Unggah Bukti Bayar' for QRIS and transfer once the bill is
// final. The proof is private: only this customer and staff can open it.
import { useEffect, useId, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Upload, Wallet } from "lucide-react";
import { PaymentProofPicker, PROOF_FILES_TEXT } from "~/components/payment-proof-picker";
import { PaymentStatusBadge } from "~/components/payment-status-badge";
import { useHydrated } from "~/components/account-form";
import { Button, buttonClass } from "~/components/ui/button";
import { CopyButton } from "~/components/final-bill";
import { formatDateTime } from "~/lib/dates";
import type { FormResult } from "~/lib/form";
import { formatRupiah } from "~/lib/money";
import { paymentProofHref } from "~/lib/payments";
import { transferExactlyText, UNIQUE_CODE_EXPLANATION } from "~/lib/order-text";
import type { BankAccount } from "~/lib/payment-settings";
import { needsProof, paymentMethodLabel } from "~/lib/vocab/payment-methods";

export const PROOF_INTENT = "proof";

export type CustomerPayment = {
  method: string | null;
  status: string;
  hasProof: boolean;
  proofAt: Date | string | null;
  rejectReason: string;
  paidAmount: number | null;
  paidAt: Date | string | null;
  amountDue: number;
  billFinal: boolean;
  /** The exact amount to transfer, with its 'kode unik', while the transfer bill is open. */
  transfer?: { amount: number; code: number } | null;
};

/** 'Transfer tepat Rp 100.123', copyable, with the line that explains the last three digits. */
function TransferExactly({ amount, accounts }: { amount: number; accounts: readonly BankAccount[] }) {
  return (
    <div className="mt-3 rounded-xl border-2 border-brand-600 bg-brand-50 p-3" data-testid="transfer-exactly">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-extrabold text-brand-900 tabular-nums">{transferExactlyText(amount)}</p>
        <CopyButton text={String(amount)} label="Salin jumlah transfer" />
      </div>
      <p className="mt-1 text-sm text-stone-800">{UNIQUE_CODE_EXPLANATION}.</p>
      {accounts.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm">
          {accounts.map((a) => (
            <li key={`${a.bank}-${a.number}`} className="flex items-center justify-between gap-2">
              <span>
                {a.bank} <span className="font-mono tabular-nums">{a.number}</span> a.n. {a.holder}
              </span>
              <CopyButton text={a.number.replace(/[\s.-]/g, "")} label={`Salin nomor rekening ${a.bank}`} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type ProofAnswer = FormResult<object, "proof">;

/**
 * 'Unggah Bukti Bayar': the main button opens the photo picker itself, and the chosen photo is
 * sent at once. Without scripts the button still opens the picker (it is the input's label) and
 * 'Kirim Bukti Bayar' sends it.
 */
export function ProofForm({ orderId, again }: { orderId: string; again: boolean }) {
  const fetcher = useFetcher<ProofAnswer>();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok) {
      formRef.current?.reset();
      void revalidator.revalidate();
    }
    // The revalidator changes on every render; the answer alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, answer]);
  const error = answer && !answer.ok ? (answer.fieldErrors.proof ?? answer.message) : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={`/orders/${orderId}`}
      encType="multipart/form-data"
      className="mt-3 space-y-2"
      noValidate
    >
      <input type="hidden" name="intent" value={PROOF_INTENT} />
      <PaymentProofPicker
        id={inputId}
        describedBy={`${inputId}-hint`}
        busy={busy}
        onPick={(input) => {
          if (hydrated && input.files?.length) void fetcher.submit(input.form);
        }}
        className={buttonClass({ size: "lg", className: "w-full cursor-pointer sm:w-auto" })}
      >
        <Upload className="h-5 w-5" aria-hidden="true" />
        {busy ? "Mengunggah..." : again ? "Unggah Ulang Bukti Bayar" : "Unggah Bukti Bayar"}
      </PaymentProofPicker>
      <p id={`${inputId}-hint`} className="text-xs text-stone-600">
        Foto atau tangkapan layar bukti bayar: {PROOF_FILES_TEXT}
      </p>
      {hydrated ? null : (
        <Button type="submit" variant="outline" className="w-full sm:w-auto">
          Kirim Bukti Bayar
        </Button>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {answer?.ok ? (
        <p role="status" className="text-sm text-green-800">
          {answer.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** Whether the customer may send a proof now: the bill is final, the method needs one, none is accepted or waiting. */
export function canUploadProof(payment: CustomerPayment): boolean {
  return (
    payment.billFinal && needsProof(payment.method) && (payment.status === "unpaid" || payment.status === "rejected")
  );
}

export function PaymentCard({
  orderId,
  payment,
  uploadHere = true,
  dueAt = null,
  transferAccounts = [],
}: {
  orderId: string;
  payment: CustomerPayment;
  /** False where the page shows 'Unggah Bukti Bayar' higher up, beside the amount due. */
  uploadHere?: boolean;
  /** 'Batas Bayar': the order is cancelled if still unpaid then. */
  dueAt?: Date | string | null;
  /** The shop's accounts, shown with the amount when no final bill lists them yet. */
  transferAccounts?: readonly BankAccount[];
}) {
  const transfer = payment.status !== "paid" ? (payment.transfer ?? null) : null;
  const canUpload = uploadHere && canUploadProof(payment);
  return (
    <section
      id="pembayaran"
      className="scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-5"
      aria-labelledby="pembayaran-heading"
    >
      <h2 id="pembayaran-heading" className="mb-2 flex items-center gap-2 font-bold text-stone-900">
        <Wallet className="h-5 w-5 text-brand-700" aria-hidden="true" /> Pembayaran
      </h2>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-stone-600">Metode</dt>
          <dd className="font-medium">{paymentMethodLabel(payment.method)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-stone-600">Status pembayaran</dt>
          <dd data-testid="payment-status">
            <PaymentStatusBadge status={payment.status} />
          </dd>
        </div>
        {payment.status === "paid" && payment.paidAmount !== null ? (
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">Diterima</dt>
            <dd className="font-medium tabular-nums">
              {formatRupiah(payment.paidAmount)}
              {payment.paidAt ? ` · ${formatDateTime(new Date(payment.paidAt))}` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      {dueAt && (payment.status === "unpaid" || payment.status === "rejected") ? (
        <p
          className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="payment-deadline"
        >
          Bayar sebelum <strong>{formatDateTime(new Date(dueAt))} WIB</strong>. Lewat dari itu pesanan dibatalkan
          otomatis.
        </p>
      ) : null}
      {payment.status === "rejected" && payment.rejectReason ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          Bukti bayar ditolak: {payment.rejectReason}. Silakan unggah bukti yang benar.
        </p>
      ) : null}
      {payment.status === "pending" ? (
        <p className="mt-3 text-sm text-stone-700">
          Bukti bayar terkirim{payment.proofAt ? ` (${formatDateTime(new Date(payment.proofAt))})` : ""} dan sedang
          diperiksa staf.
        </p>
      ) : null}
      {payment.hasProof ? (
        <a
          href={paymentProofHref(orderId, payment.proofAt)}
          target="_blank"
          rel="noopener"
          className="mt-2 inline-block text-sm font-semibold text-brand-800 underline"
        >
          Lihat bukti bayar
        </a>
      ) : null}
      {transfer ? <TransferExactly amount={transfer.amount} accounts={transferAccounts} /> : null}
      {!payment.billFinal && !transfer ? (
        <p className="mt-3 text-sm text-stone-700">
          Cara bayar dan jumlah yang dibayar muncul di sini setelah pesanan ditimbang dan tagihannya final.
        </p>
      ) : null}
      {canUpload ? <ProofForm orderId={orderId} again={payment.status === "rejected"} /> : null}
    </section>
  );
}
