// The driver's day, pure: which delivery the staff's pages open on, the chips that choose
// one (with the slot's orders against its quota), how the sheet groups and sorts its orders,
// and what the driver collects at the door.
import { addDays, shopDate, shopInstant } from "./dates";
import { relativeDayName, slotKey, type DeliveryRules, type SlotCounts } from "./delivery";
import { SLOT_IDS } from "./vocab/delivery-areas";
import { DELIVERY_SLOTS, type DeliverySlot, slotName } from "./vocab/delivery-slots";
import { amountDue } from "./payments";
import { isCashOnDelivery } from "./vocab/payment-methods";

export type SlotDelivery = { date: string; slot: DeliverySlot };

/** The instant a slot's delivery window ends ('07:00' for Pagi). */
export function slotEnd(date: string, slot: DeliverySlot): Date {
  const end = DELIVERY_SLOTS[slot].hours.split("-")[1];
  return shopInstant(date, end);
}

/**
 * The delivery staff prepare next at `now`: the first active slot, not on a closed day, whose
 * window has not yet ended. A slot being delivered right now is still the one the driver needs.
 */
export function nextDeliverySlot(rules: DeliveryRules, now: Date): SlotDelivery {
  const today = shopDate(now);
  for (let i = 0; i < 31; i++) {
    const date = addDays(today, i);
    if (rules.closedDays.some((d) => d.date === date)) continue;
    for (const slot of SLOT_IDS) {
      if (rules.slots[slot].active && slotEnd(date, slot).getTime() > now.getTime()) return { date, slot };
    }
  }
  return { date: addDays(today, 1), slot: "pagi" };
}

/** '7/20' against a quota, '7' without one. */
export function quotaText(count: number, quota: number | null): string {
  return quota === null ? String(count) : `${count}/${quota}`;
}

export type SlotChip = SlotDelivery & {
  /** 'Besok Pagi' */
  name: string;
  count: number;
  quota: number | null;
  full: boolean;
};

/** The chips for today's and tomorrow's slots, each with its orders (cancelled ones left out) and quota. */
export function slotChips(rules: DeliveryRules, today: string, counts: SlotCounts): SlotChip[] {
  const chips: SlotChip[] = [];
  for (const date of [today, addDays(today, 1)]) {
    for (const slot of SLOT_IDS) {
      const quota = rules.slots[slot].quota;
      const count = counts[slotKey(date, slot)] ?? 0;
      chips.push({
        date,
        slot,
        name: `${relativeDayName(date, today) ?? date} ${slotName(slot)}`,
        count,
        quota,
        full: quota !== null && count >= quota,
      });
    }
  }
  return chips;
}

/** Orders outside every area are grouped under this name, after the areas. */
export const NO_AREA_NAME = "Di luar area";

/**
 * Orders grouped by delivery area (areas by name, orders without one last) and, within an
 * area, by address and then name, so neighbouring streets come one after the other.
 */
export function groupByArea<
  T extends { deliveryAreaName: string | null; recipientAddress: string; recipientName: string },
>(rows: readonly T[]): { area: string; orders: T[] }[] {
  const byArea = new Map<string, T[]>();
  for (const row of rows) {
    const area = row.deliveryAreaName?.trim() || NO_AREA_NAME;
    byArea.set(area, [...(byArea.get(area) ?? []), row]);
  }
  const collator = new Intl.Collator("id", { sensitivity: "base", numeric: true });
  return [...byArea.entries()]
    .sort(([a], [b]) => (a === NO_AREA_NAME ? 1 : b === NO_AREA_NAME ? -1 : collator.compare(a, b)))
    .map(([area, orders]) => ({
      area,
      orders: [...orders].sort(
        (x, y) =>
          collator.compare(x.recipientAddress, y.recipientAddress) ||
          collator.compare(x.recipientName, y.recipientName),
      ),
    }));
}

export type CollectInput = {
  /** 'cod' | 'transfer' | 'qris', or null for an order from before checkout asked. */
  paymentMethod: string | null;
  totalAmount: number;
  deliveryFee: number | null;
  /** 'unpaid' | 'pending' | 'paid' | 'rejected' (app/lib/payments.ts). */
  paymentStatus: string;
  /** 'Saldo' taken into this bill (negative: a debt added to it). */
  balanceApplied: number;
  /** The bill is final; before it the amount is 'perkiraan' (produce is weighed at packing). */
  billFinal: boolean;
};

export type Collect = { amount: number; feeUnknown: boolean; estimate: boolean };

/**
 * What the driver collects at the door: the amount due (grand total less the balance taken
 * into the bill, a debt carried into it included) of a bill paid in cash there: cash on
 * delivery, or an order from before checkout asked how to pay (settled in the chat). Nothing
 * for a bill paid by transfer or QRIS, even while that payment is still awaited: the customer
 * pays it to the account, not to the driver. Nothing once it is received ('Lunas') or while a
 * proof waits for staff. The sheet, its total and the courier's screen all ask this.
 */
export function amountToCollect(order: CollectInput): Collect | null {
  if (order.paymentStatus === "paid" || order.paymentStatus === "pending") return null;
  if (order.paymentMethod !== null && !isCashOnDelivery(order.paymentMethod)) return null;
  const amount = amountDue(order);
  if (amount <= 0) return null;
  return { amount, feeUnknown: order.deliveryFee === null, estimate: !order.billFinal };
}
