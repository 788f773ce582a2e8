// The two daily delivery windows, as stored in `orders.delivery_slot` (checked by the
// database). `time` is the text stored on orders; `start` and `hours` are what cut-off rules
// and labels read. Every place that names a slot goes through `slotName` or `slotLabel`.

type DeliverySlotInfo = {
  label: string;
  time: string;
  start: string;
  hours: string;
  description: string;
};

export const DELIVERY_SLOTS = {
  pagi: {
    label: "Pagi",
    time: "05:00 - 07:00",
    start: "05:00",
    hours: "05:00-07:00",
    description: "Pesanan akan diantar besok pagi",
  },
  sore: {
    label: "Sore",
    time: "16:00 - 18:00",
    start: "16:00",
    hours: "16:00-18:00",
    description: "Pesanan akan diantar besok sore",
  },
} as const satisfies Record<string, DeliverySlotInfo>;
export type DeliverySlot = keyof typeof DELIVERY_SLOTS;

export const DELIVERY_SLOT_IDS = Object.keys(DELIVERY_SLOTS) as DeliverySlot[];

export function isDeliverySlot(value: unknown): value is DeliverySlot {
  return typeof value === "string" && Object.hasOwn(DELIVERY_SLOTS, value);
}

/** "Pagi": the window's name alone; a value this version does not know shows as stored. */
export function slotName(slot: string): string {
  return isDeliverySlot(slot) ? DELIVERY_SLOTS[slot].label : slot;
}

/**
 * "Pagi (05:00 - 07:00)"; with `time`, the window the order was promised (the chat message).
 * Anything else: that time, or both windows for the picking list's 'semua'.
 */
export function slotLabel(slot: string, time?: string): string {
  if (isDeliverySlot(slot)) return `${slotName(slot)} (${time ?? DELIVERY_SLOTS[slot].time})`;
  return time ?? "Pagi dan Sore";
}
