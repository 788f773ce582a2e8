// What still makes the shop a sample rather than the owner's: the staff dashboard lists it
// ('Siapkan Toko') with a link to each place to change it, every staff page says in red
// while shoppers' chat buttons still go to the sample WhatsApp number, and the dashboard
// warns when the newest backup is more than two days old.
import type { Queryable } from "~/db/client.server";
import { DEFAULT_DELIVERY_AREAS } from "~/lib/delivery-settings";
import { DEFAULT_PAYMENT_METHODS } from "~/lib/payment-settings";
import { SAMPLE_SHOP_NAME, SAMPLE_WHATSAPP } from "~/lib/shop-identity";
import { backupIsStale, configuredBackupStore, lastBackupAt } from "../backups/schedule.server";
import { now } from "../clock.server";
import { config } from "../config.server";
import { loadShopSettings } from "../settings.server";
import { loadShopIdentity } from "./identity.server";

export type ReadinessItem = { id: string; label: string; done: boolean; href: string };

export type ShopReadiness = {
  items: ReadinessItem[];
  /** Shoppers' chat buttons still go to the sample number. */
  sampleWhatsapp: boolean;
  backupStale: boolean;
  lastBackupAt: string | null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function shopReadiness(db: Queryable): Promise<ShopReadiness> {
  const [shop, { values }, last] = await Promise.all([
    loadShopIdentity(db),
    loadShopSettings(db),
    // A bucket that does not answer must not take the dashboard down: no backup seen is a warning too.
    lastBackupAt(configuredBackupStore()).catch(() => null),
  ]);
  const payments = values.paymentMethods;
  const ownPayment =
    (payments.qris.active && payments.qris.imageUrl !== null) ||
    (payments.bankTransfer.active &&
      payments.bankTransfer.accounts.length > 0 &&
      !same(payments.bankTransfer.accounts, DEFAULT_PAYMENT_METHODS.bankTransfer.accounts));
  const sampleWhatsapp = shop.whatsapp === SAMPLE_WHATSAPP;
  const items: ReadinessItem[] = [
    {
      id: "nama",
      label: "Nama toko",
      done: shop.name !== SAMPLE_SHOP_NAME,
      href: "/admin/settings#identitas-toko",
    },
    { id: "whatsapp", label: "Nomor WhatsApp toko", done: !sampleWhatsapp, href: "/admin/settings#identitas-toko" },
    {
      id: "pembayaran",
      label: "Rekening bank atau QRIS",
      done: ownPayment,
      href: "/admin/settings#metode-pembayaran",
    },
    {
      id: "area",
      label: "Area pengiriman dan ongkir",
      done: !same(values.deliveryAreas, DEFAULT_DELIVERY_AREAS),
      href: "/admin/settings#area-pengiriman",
    },
    { id: "email", label: "Pengiriman email (SMTP_URL)", done: Boolean(config().smtpUrl), href: "/admin/settings" },
  ];
  return {
    items,
    sampleWhatsapp,
    backupStale: backupIsStale(last, now()),
    lastBackupAt: last ? last.toISOString() : null,
  };
}
