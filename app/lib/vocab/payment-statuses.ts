// Where an order's payment stands, apart from the order's own status, as stored in
// `orders.payment_status` (checked by the database): its name and its badge colour.

type PaymentStatusInfo = {
  label: string;
  /** Tailwind classes of the badge, like the order status badge. */
  badge: string;
};

export const PAYMENT_STATUS = {
  unpaid: { label: "Belum Bayar", badge: "bg-stone-100 text-stone-800 ring-stone-300" },
  pending: { label: "Menunggu Verifikasi", badge: "bg-amber-100 text-amber-900 ring-amber-300" },
  paid: { label: "Lunas", badge: "bg-green-100 text-green-900 ring-green-300" },
  rejected: { label: "Ditolak", badge: "bg-red-100 text-red-900 ring-red-300" },
} as const satisfies Record<string, PaymentStatusInfo>;

export type PaymentStatus = keyof typeof PAYMENT_STATUS;

export const PAYMENT_STATUSES = Object.keys(PAYMENT_STATUS) as PaymentStatus[];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === "string" && Object.hasOwn(PAYMENT_STATUS, value);
}

/** The payment status's name; a value this version does not know shows as stored. */
export function paymentStatusLabel(status: string): string {
  return isPaymentStatus(status) ? PAYMENT_STATUS[status].label : status;
}
