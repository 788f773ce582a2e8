// The registry of the shop's settings: every value staff change on 'Pengaturan Toko'
// (/admin/settings) is one entry here, with the schema that checks it, the sample value a
// fresh shop starts with, and the lines the settings history shows for it.
//
// To add a setting: add an entry below (its schema in its own module, like
// delivery-settings.ts), then its section of the page in app/components/admin/settings/
// (see sections.tsx there). The store (app/server/settings.server.ts) needs no change.
import {
  DEFAULT_PAYMENT_DEADLINE,
  paymentDeadlineSchema,
  summarizePaymentDeadline,
  type PaymentDeadlineSetting,
} from "./payment-deadline";
import type { z } from "zod";
import {
  NO_MAPPING,
  storedBankCsvMappingSchema,
  summarizeBankCsvMapping,
  type StoredBankCsvMapping,
} from "./bank-csv-mapping";
import { formatDateWithDay } from "./dates";
import {
  CUTOFF_DAYS,
  DEFAULT_DELIVERY_AREAS,
  DEFAULT_DELIVERY_SLOTS,
  closedDaysSchema,
  deliveryAreasSchema,
  deliverySlotsSchema,
  minimumOrderSchema,
  ordersPerCustomerSchema,
  DEFAULT_ORDERS_PER_CUSTOMER,
  SLOT_IDS,
  type ClosedDay,
  type DeliveryArea,
  type DeliverySlotsSetting,
} from "./delivery-settings";
import { formatRupiah } from "./money";
import { DEFAULT_STANDING_LEAD_HOURS, standingLeadHoursSchema } from "./standing-orders";
import {
  DEFAULT_PAYMENT_METHODS,
  paymentMethodsSchema,
  summarizePaymentMethods,
  type PaymentMethodsSetting,
} from "./payment-settings";
import {
  FROM_ENVIRONMENT,
  storedShopIdentitySchema,
  summarizeShopIdentity,
  type StoredShopIdentity,
} from "./shop-identity";
import { slotName } from "./vocab/delivery-slots";

type SettingDefinition<T> = {
  /** The section name staff know it by, shown in the history. */
  title: string;
  schema: z.ZodType<T, unknown>;
  defaultValue: T;
  /** One line per part of the value; the history shows the lines that changed. */
  summarize: (value: T) => string[];
  /** Shown on the cached catalog pages: a save makes them (and their ETags) new. */
  shownOnCatalogPages?: boolean;
};

function define<T>(definition: SettingDefinition<T>): SettingDefinition<T> {
  return definition;
}

export const SHOP_SETTINGS = {
  deliverySlots: define<DeliverySlotsSetting>({
    title: "Waktu Pengiriman",
    schema: deliverySlotsSchema,
    defaultValue: DEFAULT_DELIVERY_SLOTS,
    summarize: (value) =>
      SLOT_IDS.map((slot) => {
        const rule = value[slot];
        const quota = rule.quota === null ? "tanpa batas" : `${rule.quota} pesanan`;
        return `${slotName(slot)}: batas pesan ${rule.cutoffTime} ${CUTOFF_DAYS[rule.cutoffDay].toLowerCase()}, kuota ${quota}, ${rule.active ? "aktif" : "tidak aktif"}`;
      }),
  }),
  closedDays: define<ClosedDay[]>({
    title: "Hari Libur",
    schema: closedDaysSchema,
    defaultValue: [],
    summarize: (value) =>
      value.length === 0 ? ["Tidak ada hari libur"] : value.map((d) => `${formatDateWithDay(d.date)}: ${d.note}`),
  }),
  minimumOrder: define<number>({
    title: "Minimal Belanja",
    schema: minimumOrderSchema,
    defaultValue: 0,
    summarize: (value) => [value === 0 ? "Tanpa minimal belanja" : `Minimal belanja ${formatRupiah(value)}`],
  }),
  ordersPerCustomer: define<number>({
    title: "Batas Pesanan per Pelanggan",
    schema: ordersPerCustomerSchema,
    defaultValue: DEFAULT_ORDERS_PER_CUSTOMER,
    summarize: (value) => [`Maksimal ${value} pesanan per pelanggan untuk setiap waktu pengiriman`],
  }),
  standingLeadHours: define<number>({
    title: "Langganan",
    schema: standingLeadHoursSchema,
    defaultValue: DEFAULT_STANDING_LEAD_HOURS,
    summarize: (value) => [`Pesanan langganan dibuat ${value} jam sebelum batas pesan`],
  }),
  deliveryAreas: define<DeliveryArea[]>({
    title: "Area Pengiriman",
    schema: deliveryAreasSchema,
    defaultValue: DEFAULT_DELIVERY_AREAS,
    summarize: (value) =>
      value.length === 0
        ? ["Belum ada area"]
        : value.map(
            (a) =>
              `${a.name}: ongkir ${formatRupiah(a.fee)}${a.freeFrom === null ? "" : `, gratis mulai ${formatRupiah(a.freeFrom)}`}, ${a.active ? "aktif" : "tidak aktif"}`,
          ),
  }),
  paymentMethods: define<PaymentMethodsSetting>({
    title: "Metode Pembayaran",
    schema: paymentMethodsSchema,
    defaultValue: DEFAULT_PAYMENT_METHODS,
    summarize: summarizePaymentMethods,
  }),
  paymentDeadline: define<PaymentDeadlineSetting>({
    title: "Batas Bayar",
    schema: paymentDeadlineSchema,
    defaultValue: DEFAULT_PAYMENT_DEADLINE,
    summarize: summarizePaymentDeadline,
  }),
  // Set from 'Pembayaran' ('Pemetaan Kolom'), not from this page's sections.
  bankCsvMapping: define<StoredBankCsvMapping>({
    title: "Pemetaan Kolom Mutasi",
    schema: storedBankCsvMappingSchema,
    defaultValue: NO_MAPPING,
    summarize: summarizeBankCsvMapping,
  }),
  // "environment" until the owner saves it: the environment's identity (SHOP_NAME, ...) holds till then.
  shopIdentity: define<StoredShopIdentity>({
    title: "Identitas Toko",
    schema: storedShopIdentitySchema,
    defaultValue: FROM_ENVIRONMENT,
    summarize: summarizeShopIdentity,
    shownOnCatalogPages: true,
  }),
};

export type SettingKey = keyof typeof SHOP_SETTINGS;
export type SettingValue<K extends SettingKey> = (typeof SHOP_SETTINGS)[K]["defaultValue"];
export type ShopSettings = { [K in SettingKey]: SettingValue<K> };

export const SETTING_KEYS = Object.keys(SHOP_SETTINGS) as SettingKey[];

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === "string" && Object.hasOwn(SHOP_SETTINGS, value);
}

/** The lines of `before` gone in `after`, and the new ones: what the history shows. */
export function settingChangeLines(key: SettingKey, before: unknown, after: unknown) {
  const summarize = SHOP_SETTINGS[key].summarize as (value: unknown) => string[];
  const safe = (value: unknown) => {
    const parsed = SHOP_SETTINGS[key].schema.safeParse(value);
    return parsed.success ? summarize(parsed.data) : [];
  };
  const old = before === null || before === undefined ? [] : safe(before);
  const now = safe(after);
  return { removed: old.filter((l) => !now.includes(l)), added: now.filter((l) => !old.includes(l)) };
}
