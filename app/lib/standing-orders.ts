// 'Langganan': a regular's weekly basket. Pure rules shared by the pages and the server: which
// delivery dates a standing order brings, when each one is made into an order (a set time
// before the slot's cut-off), the form's checks, and the words for the outcomes.
import { z } from "zod";
import { addDays, isValidDateString, shopDate } from "./dates";
import { cutoffInstant, type DeliveryRules } from "./delivery";
import { wholeNumberField } from "./number-input";
import { parseKg } from "./weight";
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

export {
  STANDING_OUTCOMES,
  STANDING_STATUSES,
  type StandingOutcome,
  type StandingStatus,
} from "./vocab/standing-orders";

/** A line's amount field on the form: whole units, or kg for a product sold by weight ('0,5'). */
export const lineAmountName = (productId: string) => `jumlah:${productId}`;
/** Marks a line whose amount is typed in kg. */
export const lineKgName = (productId: string) => `kg:${productId}`;
export const lineNoteName = (productId: string) => `catatan:${productId}`;
export const lineSubstituteName = (productId: string) => `ganti:${productId}`;
export const weekdayFieldName = (day: number) => `hari-${day}`;

const AMOUNT_MESSAGE = "Jumlah tidak terbaca. Tulis angka, mis. 2 atau 0,5 kg.";

/**
 * The posted form as the schema reads it: the ticked days, and each line whose amount is more
 * than zero (an emptied or zero amount removes the line). A line typed in kg becomes grams.
 */
export function standingOrderFields(fields: Record<string, unknown>): Record<string, unknown> {
  const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string).trim() : "");
  const weekdays = [1, 2, 3, 4, 5, 6, 7].filter((d) => text(weekdayFieldName(d)) !== "");
  const lines: unknown[] = [];
  for (const key of Object.keys(fields)) {
    if (!key.startsWith("jumlah:")) continue;
    const productId = key.slice("jumlah:".length);
    const raw = text(key);
    if (raw === "" || raw === "0") continue;
    const quantity = text(lineKgName(productId)) !== "" ? parseKg(raw) : /^\d+$/.test(raw) ? Number(raw) : null;
    lines.push({
      productId,
      quantity: quantity ?? AMOUNT_MESSAGE,
      note: text(lineNoteName(productId)),
      allowSubstitute: text(lineSubstituteName(productId)) !== "",
    });
  }
  return { ...fields, weekdays, lines };
}

export const standingOrderFormSchema = z.preprocess(
  (value) => (value && typeof value === "object" ? standingOrderFields(value as Record<string, unknown>) : value),
  standingOrderSchema,
);

const dateField = (message: string) => z.string({ error: message }).refine(isValidDateString, message);

/** What the shopper posts from a standing order's page, by intent. */
export const standingActionSchema = z.preprocess(
  (value) =>
    value && typeof value === "object" && (value as Record<string, unknown>).intent === "save"
      ? standingOrderFields(value as Record<string, unknown>)
      : value,
  z.discriminatedUnion(
    "intent",
    [
      standingOrderSchema.extend({ intent: z.literal("save") }),
      z.object({ intent: z.literal("skip"), date: dateField("Tanggal tidak dikenal.") }),
      z.object({ intent: z.literal("unskip"), date: dateField("Tanggal tidak dikenal.") }),
      z.object({ intent: z.literal("pause"), until: dateField("Pilih tanggal akhir jeda.") }),
      z.object({ intent: z.literal("resume") }),
      z.object({ intent: z.literal("stop") }),
    ],
    { error: "Permintaan tidak dikenal." },
  ),
);
export type StandingAction = z.output<typeof standingActionSchema>;
