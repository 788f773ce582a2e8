// What staff set for deliveries on 'Pengaturan Toko': per slot the cut-off, quota and whether
// it runs; the days the shop is closed; the minimum order; the delivery areas with their fees.
// The schemas are the one check of these values, for the settings page and for every reader.
import { z } from "zod";
import { isValidDateString } from "./dates";
import { DELIVERY_SLOTS, type DeliverySlot, slotName } from "./vocab/delivery-slots";

export const SLOT_IDS = Object.keys(DELIVERY_SLOTS) as DeliverySlot[];

/** 'Sehari sebelumnya' or 'Hari yang sama': the day the cut-off falls on, relative to delivery. */
export const CUTOFF_DAYS = { previous: "Sehari sebelumnya", same: "Hari yang sama" } as const;
export type CutoffDay = keyof typeof CUTOFF_DAYS;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_MESSAGE = "Jam tidak valid. Gunakan format JJ:MM, mis. 21:00.";

export const MAX_SLOT_QUOTA = 10_000;
export const MAX_MONEY_SETTING = 100_000_000;

const rupiah = (what: string, { min = 0 }: { min?: number } = {}) =>
  z
    .number({ error: `${what} harus angka rupiah, mis. 10000.` })
    .int(`${what} harus angka rupiah bulat.`)
    .min(min, min === 0 ? `${what} tidak boleh negatif.` : `${what} minimal ${min}.`)
    .max(MAX_MONEY_SETTING, `${what} terlalu besar.`);

export const slotRuleSchema = z.object({
  cutoffTime: z.string({ error: TIME_MESSAGE }).regex(TIME_OF_DAY, TIME_MESSAGE),
  cutoffDay: z.enum(["previous", "same"], { error: "Pilih hari batas pesan." }),
  /** Maximum orders for this slot on one date; null means no limit. */
  quota: z
    .number({ error: "Kuota harus angka bulat, atau kosong untuk tanpa batas." })
    .int("Kuota harus angka bulat, atau kosong untuk tanpa batas.")
    .min(1, "Kuota minimal 1. Kosongkan untuk tanpa batas, atau matikan 'Aktif' untuk menutup slot.")
    .max(MAX_SLOT_QUOTA, `Kuota maksimal ${MAX_SLOT_QUOTA}.`)
    .nullable(),
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
    .max(120, "Keterangan maksimal 120 karakter."),
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

export const minimumOrderSchema = rupiah("Minimal belanja");

const AREA_ID = /^[a-z0-9-]{1,40}$/;

export const deliveryAreaSchema = z.object({
  id: z.string().regex(AREA_ID, "Area tidak dikenal."),
  name: z
    .string({ error: "Nama area wajib diisi." })
    .trim()
    .min(1, "Nama area wajib diisi.")
    .max(60, "Nama area maksimal 60 karakter."),
  fee: rupiah("Ongkir"),
  /** Products subtotal from which delivery is free; null: never free. */
  freeFrom: rupiah("Gratis ongkir mulai", { min: 1 }).nullable(),
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

/** The value posted for 'Di luar area (ongkir ditentukan CS)'. */
export const OUTSIDE_AREA = "luar-area";
export const OUTSIDE_AREA_LABEL = "Di luar area (ongkir ditentukan CS)";

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
