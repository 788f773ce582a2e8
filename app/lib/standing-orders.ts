// 'Langganan': a regular's weekly basket. Pure rules shared by the pages and the server: which
// delivery dates a standing order brings, when each one is made into an order (a set time
// before the slot's cut-off), the form's checks, and the words for the outcomes.
import { z } from "zod";
import { addDays, shopDate } from "./dates";
import { cutoffInstant, type DeliveryRules } from "./delivery";
import { wholeNumberField } from "./number-input";
import { checkoutLineSchema, checkoutSchema } from "./checkout";
import { MAX_CART_LINES } from "./cart";
import { isWeekday, weekdayOf, type Weekday } from "./vocab/weekdays";
import type { DeliverySlot } from "./vocab/delivery-slots";

/** A fresh shop makes the order this long before the slot's cut-off ('Langganan dibuat ... jam sebelum batas pesan'). */
export const DEFAULT_STANDING_LEAD_HOURS = 24;
export const MAX_STANDING_LEAD_HOURS = 168;

export const standingLeadHoursSchema = wholeNumberField({
  kind: "count",
  label: "Jam sebelum batas pesan",
  min: 0,
  max: Number.MAX_SAFE_INTEGER,
  required: "Isi jumlah jam, mis. 24.",
}).pipe(
  z
    .number()
    .min(1, "Minimal 1 jam sebelum batas pesan.")
    .max(MAX_STANDING_LEAD_HOURS, `Paling lama ${MAX_STANDING_LEAD_HOURS} jam (7 hari) sebelum batas pesan.`),
);

/** How far ahead the shopper's page lists the coming dates (and 'Lewati' can reach). */
export const UPCOMING_DAYS = 21;

export type UpcomingDelivery = {
  date: string;
  /** When orders for this date and slot close: after it, no skip, pause or change touches this date. */
  cutoff: Date;
  /** When the shop makes the order. */
  makeAt: Date;
};

/**
 * The delivery dates a standing order brings from `now` on, within `days`: its weekdays, the
 * slot active, the shop not closed, and the cut-off still ahead. A date before `pausedUntil`
 * (inclusive) is left out.
 */
export function upcomingDeliveries(
  standing: { weekdays: readonly number[]; deliverySlot: DeliverySlot; pausedUntil: string | null },
  rules: DeliveryRules,
  leadHours: number,
  now: Date,
  days = UPCOMING_DAYS,
): UpcomingDelivery[] {
  const rule = rules.slots[standing.deliverySlot];
  if (!rule.active) return [];
  const today = shopDate(now);
  const result: UpcomingDelivery[] = [];
  for (let i = 0; i <= days; i++) {
    const date = addDays(today, i);
    if (!standing.weekdays.includes(weekdayOf(date))) continue;
    if (standing.pausedUntil && date <= standing.pausedUntil) continue;
    if (rules.closedDays.some((d) => d.date === date)) continue;
    const cutoff = cutoffInstant(date, rule);
    if (cutoff.getTime() <= now.getTime()) continue;
    result.push({ date, cutoff, makeAt: new Date(cutoff.getTime() - leadHours * 3_600_000) });
  }
  return result;
}

/** Whether `date`'s cut-off for the slot has passed at `now`: then nothing about that date changes. */
export function pastCutoff(rules: DeliveryRules, slot: DeliverySlot, date: string, now: Date): boolean {
  return cutoffInstant(date, rules.slots[slot]).getTime() <= now.getTime();
}

export const CUTOFF_PASSED_MESSAGE =
  "Batas pesan untuk tanggal ini sudah lewat. Perubahan berlaku untuk pengiriman berikutnya.";

const weekdaysField = z
  .array(z.coerce.number().int(), { error: "Pilih minimal satu hari." })
  .transform((days) => [...new Set(days)].sort((a, b) => a - b))
  .refine((days) => days.length >= 1, "Pilih minimal satu hari.")
  .refine((days) => days.every(isWeekday), "Hari tidak dikenal.")
  .transform((days) => days as Weekday[]);

/** The 'Langganan' form: the checkout's own delivery fields and lines, plus the weekdays. */
export const standingOrderSchema = z.object({
  weekdays: weekdaysField,
  slot: checkoutSchema.shape.slot,
  area: checkoutSchema.shape.area,
  name: checkoutSchema.shape.name,
  phone: checkoutSchema.shape.phone,
  address: checkoutSchema.shape.address,
  notes: checkoutSchema.shape.notes,
  paymentMethod: checkoutSchema.shape.paymentMethod,
  lines: z
    .array(checkoutLineSchema, { error: "Pilih minimal satu produk." })
    .min(1, "Pilih minimal satu produk.")
    .max(MAX_CART_LINES, `Maksimal ${MAX_CART_LINES} produk dalam satu langganan.`)
    .refine(
      (lines) => new Set(lines.map((l) => l.productId.toLowerCase())).size === lines.length,
      "Produk yang sama tercantum dua kali.",
    ),
});
export type StandingOrderInput = z.output<typeof standingOrderSchema>;

export const STANDING_OUTCOMES = {
  skipped: { label: "Dilewati" },
  placed: { label: "Pesanan dibuat" },
  nothing: { label: "Tidak ada yang bisa diantar" },
  refused: { label: "Pesanan tidak dibuat" },
} as const;
export type StandingOutcome = keyof typeof STANDING_OUTCOMES;

export const STANDING_STATUSES = {
  active: { label: "Aktif" },
  stopped: { label: "Berhenti" },
} as const;
export type StandingStatus = keyof typeof STANDING_STATUSES;
