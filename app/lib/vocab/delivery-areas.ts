// The delivery words every page may show: the slots in their order and the choice 'outside the
// areas'. Plain values, kept apart from the settings' validation (app/lib/delivery-settings.ts)
// so the pages that only show them (an order, a profile, the delivery summary) do not load the
// validation library.
import { DELIVERY_SLOTS, type DeliverySlot } from "./delivery-slots";

export const SLOT_IDS = Object.keys(DELIVERY_SLOTS) as DeliverySlot[];

/** The value posted for 'Di luar area (ongkir ditentukan CS)'. */
export const OUTSIDE_AREA = "luar-area";
export const OUTSIDE_AREA_LABEL = "Di luar area (ongkir ditentukan CS)";
