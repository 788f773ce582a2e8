// What staff set for deliveries on 'Pengaturan Toko': per slot the cut-off, quota and whether
// it runs; the days the shop is closed; the minimum order; the delivery areas with their fees.
// The schemas are the one check of these values, for the settings page and for every reader.
import { z } from "zod";
import { isValidDateString } from "./dates";
import { formatRupiah } from "./money";
import { optionalWholeNumberField, wholeNumberField } from "./number-input";
import { isSingleLineText, SINGLE_LINE_MESSAGE } from "./form-text";
import { OUTSIDE_AREA, OUTSIDE_AREA_LABEL, SLOT_IDS } from "./vocab/delivery-areas";
import { DELIVERY_SLOTS, slotName } from "./vocab/delivery-slots";

export { OUTSIDE_AREA, OUTSIDE_AREA_LABEL, SLOT_IDS };

/** 'Sehari sebelumnya' or 'Hari yang sama': the day the cut-off falls on, relative to delivery. */
export const CUTOFF_DAYS = { previous: "Sehari sebelumnya", same: "Hari yang sama" } as const;
export type CutoffDay = keyof typeof CUTOFF_DAYS;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_MESSAGE = "Jam tidak valid. Gunakan format JJ:MM, mis. 21:00.";

export const MAX_SLOT_QUOTA = 10_000;
export const MAX_MONEY_SETTING = 100_000_000;

// Each number is read here from the text staff typed ('15.000', 'Rp 15.000', '15000.00') by
// the one parser, and checked the same way when a stored value is read back.
const rupiahOptions = (label: string, min: number) => ({
  kind: "rupiah" as const,
  label,
  min,
  max: MAX_MONEY_SETTING,
  outOfRange:
    min === 0
      ? `${label} harus antara Rp 0 dan ${formatRupiah(MAX_MONEY_SETTING)}.`
      : `${label} minimal ${formatRupiah(min)} dan paling besar ${formatRupiah(MAX_MONEY_SETTING)}.`,
});

export const slotRuleSchema = z.object({
  cutoffTime: z.string({ error: TIME_MESSAGE }).regex(TIME_OF_DAY, TIME_MESSAGE),
  cutoffDay: z.enum(["previous", "same"], { error: "Pilih hari batas pesan." }),
  /** Maximum orders for this slot on one date; null means no limit. */
  quota: optionalWholeNumberField({
    kind: "count",
    label: "Kuota",
    min: 1,
    max: MAX_SLOT_QUOTA,
    outOfRange: `Kuota 1 sampai ${MAX_SLOT_QUOTA.toLocaleString("id-ID")}. Kosongkan untuk tanpa batas, atau matikan 'Aktif' untuk menutup slot.`,
  }),
  active: z.boolean(),
});
export type SlotRule = z.output<typeof slotRuleSchema>;

export const deliverySlotsSchema = z
  .object({ pagi: slotRuleSchema, sore: slotRuleSchema })
  .superRefine((value, ctx) => {
    for (const slot of SLOT_IDS) {
      const rule = value[slot];
      // A same-day cut-off after the slot has started would sell a delivery already under way.
      if (rule.cutoffDay === "same" && rule.cutoffTime > DELIVERY_SLOTS[slot].start) {
        ctx.addIssue({
          code: "custom",
          path: [slot, "cutoffTime"],
          message: `Batas pesan hari yang sama harus paling lambat ${DELIVERY_SLOTS[slot].start}, saat pengiriman ${slotName(slot)} dimulai.`,
        });
      }
    }
    if (!SLOT_IDS.some((slot) => value[slot].active)) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: "Minimal satu waktu pengiriman harus aktif. Untuk menutup toko, tambahkan Hari Libur.",
      });
    }
  });
export type DeliverySlotsSetting = z.output<typeof deliverySlotsSchema>;

export const closedDaySchema = z.object({
  date: z
    .string({ error: "Tanggal tidak valid." })
    .refine(isValidDateString, "Tanggal tidak valid. Pilih tanggal dari kalender."),
  note: z
    .string({ error: "Keterangan wajib diisi." })
    .trim()
    .min(1, "Keterangan wajib diisi, mis. Idul Fitri.")
    .max(120, "Keterangan maksimal 120 karakter.")
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE),
});
export type ClosedDay = z.output<typeof closedDaySchema>;

export const closedDaysSchema = z
  .array(closedDaySchema)
  .max(400, "Terlalu banyak hari libur.")
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((day, i) => {
      if (seen.has(day.date))
        ctx.addIssue({ code: "custom", path: [i, "date"], message: "Tanggal ini sudah ada di daftar hari libur." });
      seen.add(day.date);
    });
  })
  .transform((days) => [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)));

/** Empty means no minimum. */
export const minimumOrderSchema = optionalWholeNumberField(rupiahOptions("Minimal belanja", 0)).transform(
  (v) => v ?? 0,
);

/** A fresh shop's cap on one customer's orders in one delivery slot: no account takes a whole quota. */
export const DEFAULT_ORDERS_PER_CUSTOMER = 3;
export const MAX_ORDERS_PER_CUSTOMER = 100;

export const ordersPerCustomerSchema = wholeNumberField({
  kind: "count",
  label: "Batas pesanan",
  min: 0,
  max: Number.MAX_SAFE_INTEGER,
  required: "Batas pesanan harus angka bulat, mis. 3.",
}).pipe(
  z
    .number()
    .min(1, "Batas pesanan minimal 1 per waktu pengiriman.")
    .max(MAX_ORDERS_PER_CUSTOMER, `Batas pesanan maksimal ${MAX_ORDERS_PER_CUSTOMER} per waktu pengiriman.`),
);

const AREA_ID = /^[a-z0-9-]{1,40}$/;

export const deliveryAreaSchema = z.object({
  id: z.string().regex(AREA_ID, "Area tidak dikenal."),
  name: z
    .string({ error: "Nama area wajib diisi." })
    .trim()
    .min(1, "Nama area wajib diisi.")
    .max(60, "Nama area maksimal 60 karakter.")
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE),
  fee: wholeNumberField(rupiahOptions("Ongkir", 0)),
  /** Products subtotal from which delivery is free; null (left empty): never free. */
  freeFrom: optionalWholeNumberField(rupiahOptions("Gratis ongkir mulai", 1)),
  active: z.boolean(),
});
export type DeliveryArea = z.output<typeof deliveryAreaSchema>;

export const deliveryAreasSchema = z
  .array(deliveryAreaSchema)
  .max(100, "Maksimal 100 area pengiriman.")
  .superRefine((areas, ctx) => {
    const names = new Set<string>();
    const ids = new Set<string>();
    areas.forEach((area, i) => {
      const name = area.name.toLocaleLowerCase("id-ID");
      if (names.has(name))
        ctx.addIssue({ code: "custom", path: [i, "name"], message: "Nama area ini sudah dipakai baris lain." });
      if (ids.has(area.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: "Area tercantum dua kali." });
      names.add(name);
      ids.add(area.id);
    });
  });

// ---- Sample settings of a fresh shop (staff are expected to edit them) ----

/** Both slots close at 21:00 the day before: "pesan hari ini, antar besok" for orders before 21:00. */
export const DEFAULT_DELIVERY_SLOTS: DeliverySlotsSetting = {
  pagi: { cutoffTime: "21:00", cutoffDay: "previous", quota: null, active: true },
  sore: { cutoffTime: "21:00", cutoffDay: "previous", quota: null, active: true },
};

/** Jember's city districts and the districts around it; fees grow with the distance from Sumbersari. */
export const DEFAULT_DELIVERY_AREAS: DeliveryArea[] = [
  { id: "sumbersari", name: "Sumbersari", fee: 5000, freeFrom: 150000, active: true },
  { id: "kaliwates", name: "Kaliwates (termasuk Mangli)", fee: 5000, freeFrom: 150000, active: true },
  { id: "patrang", name: "Patrang", fee: 7000, freeFrom: 150000, active: true },
  { id: "ajung", name: "Ajung", fee: 10000, freeFrom: 200000, active: true },
  { id: "arjasa", name: "Arjasa", fee: 10000, freeFrom: 200000, active: true },
  { id: "pakusari", name: "Pakusari", fee: 10000, freeFrom: 200000, active: true },
  { id: "rambipuji", name: "Rambipuji", fee: 12000, freeFrom: 200000, active: true },
  { id: "jenggawah", name: "Jenggawah", fee: 15000, freeFrom: 250000, active: true },
];

/** A fresh area id from its name ("Gumuk Mas" → "gumuk-mas"), unique among `taken`. */
export function newAreaId(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base =
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 30) || "area";
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** An area row as the settings form posts it (amounts as typed; the setting's schema reads them). */
export type AreaFormRow = { id: string; name: unknown; fee: unknown; freeFrom: unknown; active: unknown };
/** The empty row 'Tambah Area' adds. */
export const BLANK_AREA_ROW: AreaFormRow = { id: "", name: "", fee: "", freeFrom: "", active: true };
