// A payment status as a badge ('Belum Bayar', 'Menunggu Verifikasi', 'Lunas', 'Ditolak'),
// shown beside the order status, never instead of it.
import { isPaymentStatus, PAYMENT_STATUS_BADGE, paymentStatusLabel } from "~/lib/payments";
import { cn } from "~/lib/utils";

export function PaymentStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      data-slot="payment-status"
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        isPaymentStatus(status) ? PAYMENT_STATUS_BADGE[status] : "bg-stone-100 text-stone-800 ring-stone-300",
        className,
      )}
    >
      {paymentStatusLabel(status)}
    </span>
  );
}
