// A payment status as a badge ('Belum Bayar', 'Menunggu Verifikasi', 'Lunas', 'Ditolak'),
// shown beside the order status, never instead of it.
import { StatusBadge } from "~/components/status-badge";
import { isPaymentStatus, PAYMENT_STATUS, paymentStatusLabel } from "~/lib/vocab/payment-statuses";

export function PaymentStatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = isPaymentStatus(status) ? PAYMENT_STATUS[status].badge : undefined;
  return <StatusBadge slot="payment-status" label={paymentStatusLabel(status)} tone={tone} className={className} />;
}
