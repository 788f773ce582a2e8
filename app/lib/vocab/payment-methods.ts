// How an order is paid ('Metode Pembayaran'): the one id set, stored on the order
// (`orders.payment_method`, checked by the database) and chosen at checkout. Everything said
// about a method (its name, whether the customer uploads a proof, whether the shop's settings
// offer it) comes from this record; lists and checks are derived from it.
//
// The shop's settings keep the transfer switch and its accounts under `bankTransfer`: that
// is the stored shape of the 'Metode Pembayaran' setting (saved rows, backups, the settings
// form), read only through `offered` below and the settings section.
// Only the settings' types come from app/lib/payment-settings.ts: its validation stays off the
// pages that merely name a method (an order, a bill).
import type { BankAccount, PaymentMethodsSetting } from "../payment-settings";

// The sample account earlier versions of the shop stored switched on. A shop that never
// replaced it still has it in its settings.
const SAMPLE_ACCOUNT_NUMBER = "0123-01-000123-50-1";

/** A placeholder rather than the shop's own account: the old sample, or one marked 'contoh'. */
export function isSampleBankAccount(a: BankAccount): boolean {
  const digits = a.number.replace(/\D/g, "");
  return digits === SAMPLE_ACCOUNT_NUMBER.replace(/\D/g, "") || /\bcontoh\b/i.test(`${a.bank} ${a.holder}`);
}

type PaymentMethodInfo = {
  /** The method's name on every page, message and export. */
  label: string;
  /** Paid ahead with a proof the customer uploads; otherwise cash counted by the courier. */
  needsProof: boolean;
  /** Whether the shop's settings let customers choose it now. */
  offered: (settings: PaymentMethodsSetting) => boolean;
};

/** In the order checkout lists them. */
export const PAYMENT_METHOD = {
  qris: {
    label: "QRIS",
    needsProof: true,
    offered: (s) => s.qris.active && s.qris.imageUrl !== null,
  },
  transfer: {
    label: "Transfer Bank",
    needsProof: true,
    // A placeholder account is never offered: the customer would pay into it.
    offered: (s) =>
      s.bankTransfer.active && s.bankTransfer.accounts.length > 0 && !s.bankTransfer.accounts.some(isSampleBankAccount),
  },
  cod: {
    label: "Bayar di Tempat (COD)",
    needsProof: false,
    offered: (s) => s.cod.active,
  },
} as const satisfies Record<string, PaymentMethodInfo>;

export type PaymentMethod = keyof typeof PAYMENT_METHOD;

export const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD) as PaymentMethod[];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && Object.hasOwn(PAYMENT_METHOD, value);
}

/** The label of an order's method; orders from before checkout asked were settled in the chat. */
export function paymentMethodLabel(method: string | null): string {
  return isPaymentMethod(method) ? PAYMENT_METHOD[method].label : "Dikonfirmasi via WhatsApp";
}

/** Methods paid ahead with a proof the customer uploads; cash is counted by the courier. */
export function needsProof(method: string | null): boolean {
  return isPaymentMethod(method) && PAYMENT_METHOD[method].needsProof;
}

/** Cash the courier collects at the door (the delivery sheet's 'tunai' column). */
export function isCashOnDelivery(method: string | null): boolean {
  return isPaymentMethod(method) && !PAYMENT_METHOD[method].needsProof;
}

/** The methods a customer can choose now, in the order checkout lists them. */
export function activePaymentMethods(settings: PaymentMethodsSetting): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => PAYMENT_METHOD[method].offered(settings));
}

/** The methods a bill explains: the order's chosen one, or every offered one for an order placed before checkout asked. */
export function methodsToExplain(settings: PaymentMethodsSetting, chosen: string | null): PaymentMethod[] {
  return isPaymentMethod(chosen) ? [chosen] : activePaymentMethods(settings);
}
