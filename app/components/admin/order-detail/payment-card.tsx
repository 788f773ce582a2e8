// 'Pembayaran' on the staff order page: method and payment status (apart from the order
// status), the customer's proof (private, opened through its own guarded address), 'Tandai
// Lunas' with the amount received (the amount due unless staff type another) and 'Tolak Bukti'
// with the reason the customer reads. A received amount that differs from the amount due goes
// to the customer's 'Saldo' once the bill is final. An unpaid QRIS or transfer bill shows its
// 'Batas Bayar', with 'Perpanjang Batas Bayar' and 'Ubah ke COD'.
import { useState } from "react";
import { Form } from "react-router";
import { ImagePlus } from "lucide-react";
import { FetcherAnswer, StaffOrderForm } from "./staff-order-form";
import { Card, ErrorNote } from "~/components/admin/card";
import { SubmitButton } from "~/components/admin/submit-button";
import { buttonClass } from "~/components/ui/button";
import { PaymentProofPicker, PROOF_FILES_TEXT } from "~/components/payment-proof-picker";
import { PaymentStatusBadge } from "~/components/payment-status-badge";
import { Field, Input, Textarea } from "~/components/ui/field";
import { formatDateTime } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { needsProof, paymentMethodLabel } from "~/lib/vocab/payment-methods";
import { balanceText, paymentProofHref, REJECT_REASON_MAX } from "~/lib/payments";
import { Row } from "./row";

export type StaffPayment = {
  method: string | null;
  status: string;
  hasProof: boolean;
  proofAt: Date | string | null;
  /** Staff attached the proof (sent in the WhatsApp chat). */
  proofByStaff?: boolean;
  rejectReason: string;
  paidAmount: number | null;
  paidAt: Date | string | null;
  balanceApplied: number;
  amountDue: number;
  billFinal: boolean;
  /** The amount the customer transfers, with its 'kode unik', while the transfer bill is open. */
  transfer?: { amount: number; code: number; mode: string } | null;
};

export function PaymentCard({
  orderId,
  orderStatus,
  payment,
  customerBalance,
  deadline = null,
  error,
}: {
  orderId: string;
  orderStatus: string;
  payment: StaffPayment;
  customerBalance: number;
  deadline?: { dueAt: Date | string; setByStaff: boolean } | null;
  error?: { intent: string; message: string; fieldErrors: Record<string, string | undefined> };
}) {
  const open = orderStatus !== "cancelled" && payment.status !== "paid";
  // A new proof has a new address, so the page shows it without a reload.
  const proofHref = paymentProofHref(orderId, payment.proofAt);
  return (
    <Card title="Pembayaran" id="pembayaran">
      <dl className="divide-y divide-stone-100">
        <Row label="Metode">{paymentMethodLabel(payment.method)}</Row>
        <Row label="Status pembayaran">
          <span data-testid="payment-status">
            <PaymentStatusBadge status={payment.status} />
          </span>
        </Row>
        <Row label="Jumlah ditagih">
          <span className="tabular-nums" data-testid="staff-amount-due">
            {formatRupiah(payment.amountDue)}
          </span>
          {payment.balanceApplied !== 0 ? (
            <span className="block text-xs text-stone-600">
              termasuk Saldo {payment.balanceApplied > 0 ? "−" : "+"}
              {formatRupiah(Math.abs(payment.balanceApplied))}
            </span>
          ) : null}
          {!payment.billFinal ? <span className="block text-xs text-stone-600">tagihan belum final</span> : null}
        </Row>
        {payment.transfer ? (
          <Row label="Transfer tepat">
            <span className="font-semibold tabular-nums" data-testid="staff-transfer-amount">
              {formatRupiah(payment.transfer.amount)}
            </span>
            <span className="block text-xs text-stone-600">
              kode unik {payment.transfer.code}
              {payment.transfer.mode === "subtracted" ? ", dikurangkan (ditanggung toko)" : ", masuk Saldo pelanggan"}
            </span>
          </Row>
        ) : null}
        {payment.status === "paid" && payment.paidAmount !== null ? (
          <Row label="Diterima">
            {formatRupiah(payment.paidAmount)}
            {payment.paidAt ? ` · ${formatDateTime(new Date(payment.paidAt))}` : ""}
          </Row>
        ) : null}
        {payment.status === "rejected" ? <Row label="Alasan penolakan">{payment.rejectReason}</Row> : null}
        <Row label="Saldo pelanggan">{balanceText(customerBalance)}</Row>
        {deadline ? (
          <Row label="Batas bayar">
            <span data-testid="staff-payment-deadline">{formatDateTime(new Date(deadline.dueAt))} WIB</span>
            <span className="block text-xs text-stone-600">
              {deadline.setByStaff ? "diperpanjang staf; " : ""}lewat batas, pesanan dibatalkan otomatis
            </span>
          </Row>
        ) : null}
      </dl>
      {payment.hasProof ? (
        <div className="mt-3">
          <p className="text-sm font-semibold text-stone-900">
            Bukti bayar{payment.proofAt ? ` (${formatDateTime(new Date(payment.proofAt))})` : ""}
          </p>
          <p className="text-xs text-stone-600" data-testid="proof-source">
            {payment.proofByStaff ? "Dilampirkan staf dari chat WhatsApp" : "Diunggah pelanggan"}
          </p>
          <a href={proofHref} target="_blank" rel="noopener" className="mt-1 inline-block">
            <img
              src={proofHref}
              alt={payment.proofByStaff ? "Bukti bayar dari chat WhatsApp" : "Bukti bayar dari pelanggan"}
              className="max-h-72 rounded-lg border border-stone-200 object-contain"
            />
          </a>
        </div>
      ) : null}
      {open && payment.billFinal && needsProof(payment.method) ? <StaffProofForm orderId={orderId} /> : null}
      {error && error.intent === "paid" && !error.fieldErrors.paidAmount ? (
        <ErrorNote className="mt-3">{error.message}</ErrorNote>
      ) : null}
      {/* 'Tandai Lunas' and 'Tolak Bukti' disappear once they succeed: their answers stay here. */}
      <FetcherAnswer fetcherKey={`paid-${orderId}`} className="mt-3" />
      <FetcherAnswer fetcherKey={`reject-${orderId}`} className="mt-3" />
      {open ? (
        <StaffOrderForm fetcherKey={`paid-${orderId}`} className="mt-4 flex flex-wrap items-start gap-2">
          <input type="hidden" name="intent" value="paid" />
          <Field label="Jumlah diterima (Rp)" error={error?.fieldErrors.paidAmount} className="flex-1">
            {(p) => (
              <Input
                {...p}
                name="paidAmount"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={String(payment.transfer?.amount ?? payment.amountDue)}
                key={payment.amountDue}
              />
            )}
          </Field>
          <SubmitButton intent="paid" className="mt-7 bg-green-700 hover:bg-green-800">
            Tandai Lunas
          </SubmitButton>
        </StaffOrderForm>
      ) : null}
      {open && payment.status === "pending" ? (
        <StaffOrderForm fetcherKey={`reject-${orderId}`} className="mt-4 space-y-2 border-t border-stone-100 pt-3">
          <input type="hidden" name="intent" value="reject" />
          {error && error.intent === "reject" && !error.fieldErrors.reason ? (
            <ErrorNote>{error.message}</ErrorNote>
          ) : null}
          <Field
            label="Alasan penolakan (dibaca pelanggan)"
            error={error?.intent === "reject" ? error.fieldErrors.reason : undefined}
          >
            {(p) => (
              <Textarea
                {...p}
                name="reason"
                rows={2}
                maxLength={REJECT_REASON_MAX}
                placeholder="mis. Nominal transfer tidak sesuai"
              />
            )}
          </Field>
          <SubmitButton intent="reject" variant="outline" className="text-red-800">
            Tolak Bukti
          </SubmitButton>
        </StaffOrderForm>
      ) : null}
      {open && deadline && payment.status !== "pending" ? (
        <div className="mt-4 space-y-3 border-t border-stone-100 pt-3">
          {error && (error.intent === "due" || error.intent === "cod") && !error.fieldErrors.dueAt ? (
            <ErrorNote>{error.message}</ErrorNote>
          ) : null}
          <Form method="post" className="space-y-2" noValidate>
            <input type="hidden" name="intent" value="due" />
            <Field label="Batas bayar baru (WIB)" error={error?.intent === "due" ? error.fieldErrors.dueAt : undefined}>
              {(p) => (
                <Input
                  {...p}
                  type="datetime-local"
                  name="dueAt"
                  defaultValue={jakartaLocalInput(addHours(new Date(deadline.dueAt), 24))}
                />
              )}
            </Field>
            <SubmitButton intent="due" variant="outline">
              Perpanjang Batas Bayar
            </SubmitButton>
          </Form>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="cod" />
            <SubmitButton intent="cod" variant="outline">
              Ubah ke COD
            </SubmitButton>
          </Form>
        </div>
      ) : null}
    </Card>
  );
}

function addHours(at: Date, hours: number): Date {
  return new Date(at.getTime() + hours * 60 * 60_000);
}

/** The value of a datetime-local field for an instant, in Jember time (UTC+7 all year). */
function jakartaLocalInput(at: Date): string {
  return new Date(at.getTime() + 7 * 60 * 60_000).toISOString().slice(0, 16);
}

/**
 * 'Lampirkan Bukti': a proof the customer sent in the WhatsApp chat, attached for them. It goes
 * through the same checks as the customer's upload and then waits for 'Tandai Lunas'. 'Pilih
 * Gambar' is the file input's label (the browser's own button speaks English), and the chosen
 * file's name shows before staff send it.
 */
function StaffProofForm({ orderId }: { orderId: string }) {
  const inputId = `staff-proof-${orderId}`;
  const [picked, setPicked] = useState("");
  return (
    <StaffOrderForm
      encType="multipart/form-data"
      resetOnSuccess
      onAnswer={(answer) => {
        if (answer.ok) setPicked("");
      }}
      className="mt-4 space-y-2 rounded-lg border border-stone-200 p-3"
      answerClassName="mt-0"
    >
      <input type="hidden" name="intent" value="staff-proof" />
      <p className="text-sm font-semibold text-stone-900">Bukti dari chat WhatsApp</p>
      <p id={`${inputId}-hint`} className="text-xs text-stone-600">
        Simpan gambar bukti yang dikirim pelanggan, lalu lampirkan di sini: {PROOF_FILES_TEXT}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <PaymentProofPicker
          id={inputId}
          describedBy={`${inputId}-hint`}
          onPick={(input) => setPicked(input.files?.[0]?.name ?? "")}
          className={buttonClass({ variant: "outline", className: "min-h-11 cursor-pointer" })}
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" /> Pilih Gambar
        </PaymentProofPicker>
        <SubmitButton intent="staff-proof" className="min-h-11">
          Lampirkan Bukti
        </SubmitButton>
      </div>
      <p className="text-xs break-all text-stone-700" data-testid="staff-proof-picked">
        {picked ? `Dipilih: ${picked}` : "Belum ada gambar dipilih."}
      </p>
    </StaffOrderForm>
  );
}
