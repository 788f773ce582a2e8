// The delivery rules, pure: which dates and slots a shopper may choose at a given instant
// (cut-offs, closed days, quotas), the words for them, the promise the shop pages show, the
// fee of an area and the minimum order. The server decides with the same functions inside
// the order transaction; the instant always comes from the caller (the server's clock).
import { addDays, formatWeekday, formatWeekdayDate, shopDate, shopInstant } from "./dates";
import type { ClosedDay, DeliveryArea, DeliverySlotsSetting, SlotRule } from "./delivery-settings";
import { SLOT_IDS } from "./vocab/delivery-areas";
import { formatRupiah } from "./money";
import { DELIVERY_SLOTS, type DeliverySlot, slotName } from "./vocab/delivery-slots";

export { minimumOrderMessage, minimumOrderShortfall } from "./minimum-order";

export type DeliveryRules = { slots: DeliverySlotsSetting; closedDays: readonly ClosedDay[] };

/** Orders already taken per date and slot (cancelled ones not counted), keyed by `slotKey`. */
export type SlotCounts = Readonly<Record<string, number>>;

/** How many dates the checkout offers. */
export const DELIVERY_WINDOW_DAYS = 7;

export const SLOT_FULL_MESSAGE = "Slot pengiriman ini sudah penuh. Silakan pilih waktu lain.";

export function slotKey(date: string, slot: DeliverySlot): string {
  return `${date}|${slot}`;
}

/** The instant orders for `slot` on `date` close. */
export function cutoffInstant(date: string, rule: SlotRule): Date {
  return shopInstant(rule.cutoffDay === "previous" ? addDays(date, -1) : date, rule.cutoffTime);
}

/** 'Hari Ini', 'Besok', 'Lusa', or null further on. */
export function relativeDayName(date: string, today: string): string | null {
  if (date === today) return "Hari Ini";
  if (date === addDays(today, 1)) return "Besok";
  if (date === addDays(today, 2)) return "Lusa";
  return null;
}

export type SlotChoice = {
  date: string;
  slot: DeliverySlot;
  /** 'Besok Pagi' / 'Pagi' */
  name: string;
  /** 'Besok Pagi · Kamis, 26 November · 05:00-07:00' */
  label: string;
  hours: string;
  /** ISO instant the slot closes. */
  cutoff: string;
  count: number;
  quota: number | null;
  full: boolean;
};

export type DeliveryDay = {
  date: string;
  /** 'Kamis, 26 November' */
  dateText: string;
  relative: string | null;
  /** The 'Keterangan' of a closed day; null when the shop delivers. */
  closedNote: string | null;
  /** The slots still open for ordering (past cut-off and inactive ones are left out). */
  slots: SlotChoice[];
};

function closedNoteOf(rules: DeliveryRules, date: string): string | null {
  return rules.closedDays.find((d) => d.date === date)?.note ?? null;
}

function choiceFor(rules: DeliveryRules, today: string, counts: SlotCounts, date: string, slot: DeliverySlot) {
  const rule = rules.slots[slot];
  const relative = relativeDayName(date, today);
  const name = relative ? `${relative} ${slotName(slot)}` : slotName(slot);
  const count = counts[slotKey(date, slot)] ?? 0;
  return {
    date,
    slot,
    name,
    label: `${name} · ${formatWeekdayDate(date, today)} · ${DELIVERY_SLOTS[slot].hours}`,
    hours: DELIVERY_SLOTS[slot].hours,
    cutoff: cutoffInstant(date, rule).toISOString(),
    count,
    quota: rule.quota,
    full: rule.quota !== null && count >= rule.quota,
  } satisfies SlotChoice;
}

/**
 * The dates a shopper can choose from at `now`: seven dates starting with the first one that
 * still has a slot open for ordering. A closed day is listed with its note and no slots.
 */
export function deliveryDays(
  rules: DeliveryRules,
  now: Date,
  counts: SlotCounts = {},
  { days = DELIVERY_WINDOW_DAYS }: { days?: number } = {},
): DeliveryDay[] {
  const today = shopDate(now);
  const result: DeliveryDay[] = [];
  for (let i = 0; i < days + 7 && result.length < days; i++) {
    const date = addDays(today, i);
    const open = SLOT_IDS.filter(
      (slot) => rules.slots[slot].active && cutoffInstant(date, rules.slots[slot]).getTime() > now.getTime(),
    );
    if (open.length === 0) continue;
    const closedNote = closedNoteOf(rules, date);
    result.push({
      date,
      dateText: formatWeekdayDate(date, today),
      relative: relativeDayName(date, today),
      closedNote,
      slots: closedNote === null ? open.map((slot) => choiceFor(rules, today, counts, date, slot)) : [],
    });
  }
  return result;
}

/** The first slot that can still be chosen (the checkout's default), or null. */
export function earliestOpenChoice(days: readonly DeliveryDay[]): SlotChoice | null {
  for (const day of days) for (const slot of day.slots) if (!slot.full) return slot;
  return null;
}

export type ChoiceProblem = "invalid" | "closed-day" | "inactive" | "past-cutoff" | "too-far" | "full";

export type ChoiceCheck = { ok: true; choice: SlotChoice } | { ok: false; problem: ChoiceProblem; message: string };

/**
 * Whether `date` + `slot` may be ordered at `now`; when not, a message naming what stands in
 * the way (the server's answer to a stale or forged checkout).
 */
export function checkDeliveryChoice(
  rules: DeliveryRules,
  now: Date,
  counts: SlotCounts,
  date: string,
  slot: DeliverySlot,
): ChoiceCheck {
  const today = shopDate(now);
  const rule = rules.slots[slot];
  const dateText = formatWeekdayDate(date, today);
  const windowName = slotName(slot);
  const closedNote = closedNoteOf(rules, date);
  if (closedNote !== null)
    return {
      ok: false,
      problem: "closed-day",
      message: `Toko libur pada ${dateText} (${closedNote}). Silakan pilih tanggal lain.`,
    };
  if (!rule.active)
    return {
      ok: false,
      problem: "inactive",
      message: `Pengiriman ${windowName} sedang tidak tersedia. Silakan pilih waktu lain.`,
    };
  if (cutoffInstant(date, rule).getTime() <= now.getTime()) {
    const choice = choiceFor(rules, today, counts, date, slot);
    const day = rule.cutoffDay === "previous" ? "sehari sebelumnya" : "pada hari pengiriman";
    return {
      ok: false,
      problem: "past-cutoff",
      message: `Batas pesan untuk ${choice.name} (${dateText}) sudah lewat: pukul ${rule.cutoffTime} ${day}. Silakan pilih waktu lain.`,
    };
  }
  const offered = deliveryDays(rules, now, counts).find((d) => d.date === date);
  const choice = offered?.slots.find((s) => s.slot === slot);
  if (!choice)
    return {
      ok: false,
      problem: "too-far",
      message: `Pengiriman ${dateText} belum bisa dipilih. Pilih salah satu dari ${DELIVERY_WINDOW_DAYS} hari ke depan.`,
    };
  if (choice.full) return { ok: false, problem: "full", message: SLOT_FULL_MESSAGE };
  return { ok: true, choice };
}

export type DeliveryPromise = {
  /** 'Pesan sebelum 21:00, diantar Besok Pagi 05:00-07:00' */
  text: string;
  choice: SlotChoice;
};

/** The next delivery the shop can promise at `now`, in the words the shop pages use. */
export function deliveryPromise(rules: DeliveryRules, now: Date, counts: SlotCounts = {}): DeliveryPromise | null {
  const choice = earliestOpenChoice(deliveryDays(rules, now, counts));
  if (!choice) return null;
  const today = shopDate(now);
  const cutoff = new Date(choice.cutoff);
  const cutoffDate = shopDate(cutoff);
  const time = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Jakarta",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(cutoff);
  const when =
    cutoffDate === today
      ? time
      : cutoffDate === addDays(today, 1)
        ? `besok ${time}`
        : `${formatWeekday(cutoffDate)} ${time}`;
  const delivered =
    choice.name === slotName(choice.slot)
      ? `${choice.name} ${choice.hours}, ${formatWeekdayDate(choice.date, today)}`
      : `${choice.name} ${choice.hours}`;
  return { text: `Pesan sebelum ${when}, diantar ${delivered}`, choice };
}

// ---- Fee and minimum order ----

export type FeeQuote =
  | {
      kind: "area";
      areaId: string;
      areaName: string;
      /** The area's fee before the free-delivery threshold. */
      areaFee: number;
      /** What the shopper pays: 0 from the threshold on. */
      fee: number;
      free: boolean;
    }
  | { kind: "outside" };

/** The fee for a products subtotal delivered to an area (null: outside the areas, CS decides). */
export function quoteDeliveryFee(area: DeliveryArea | null, subtotal: number): FeeQuote {
  if (!area) return { kind: "outside" };
  const free = area.freeFrom !== null && subtotal >= area.freeFrom;
  return { kind: "area", areaId: area.id, areaName: area.name, areaFee: area.fee, fee: free ? 0 : area.fee, free };
}

/** 'Rp 5.000', 'Gratis' or 'Ditentukan oleh CS'. */
export function feeText(quote: FeeQuote): string {
  if (quote.kind === "outside") return "Ditentukan oleh CS";
  return quote.fee === 0 ? "Gratis" : formatRupiah(quote.fee);
}

/** An order's fee as shown on its pages: 'Rp 5.000', 'Gratis' or 'Ditentukan oleh CS'. */
export function orderFeeText(order: { deliveryFee: number | null }): string {
  if (order.deliveryFee === null) return "Ditentukan oleh CS";
  return order.deliveryFee === 0 ? "Gratis" : formatRupiah(order.deliveryFee);
}

/** Which fee applies to an order and where it came from, for staff and the invoice. */
export function orderFeeSourceText(order: {
  deliveryFee: number | null;
  deliveryFeeSource: string | null;
  deliveryAreaName: string | null;
  areaFee: number | null;
}): string {
  const area =
    order.deliveryAreaName !== null && order.areaFee !== null
      ? `area ${order.deliveryAreaName} (${formatRupiah(order.areaFee)})`
      : null;
  if (order.deliveryFeeSource === "staff")
    return area ? `Ditetapkan staf, menggantikan ongkir ${area}` : "Ditetapkan staf";
  if (order.deliveryFeeSource === "area")
    return order.deliveryFee === 0 && (order.areaFee ?? 0) > 0
      ? `Gratis ongkir: belanja mencapai batas gratis area ${order.deliveryAreaName ?? ""}`.trim()
      : `Ongkir ${area ?? "area"}`;
  return "Di luar area pengiriman: ongkir ditentukan CS";
}
