// 'Kirim Template' on the staff order page: once the 24-hour window is closed, staff send one of
// the approved order templates by hand. It goes through the outbox as the WhatsApp channel (the
// same retries and 'Gagal' as the automatic news) and shows in the order's messages once sent.
import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { normalizeIndonesianPhone } from "~/lib/phone";
import { templatesForOrder, whatsappKindLabel, type TemplateKind } from "~/lib/whatsapp";
import { notify } from "../notifications/notify.server";
import { loadOrderSnapshot } from "../notifications/order-snapshot.server";
import { fillTemplate, whatsappTemplates, type WhatsappTemplate } from "../notifications/templates/whatsapp/index";
import { loadConnection } from "./connection.server";
import { hasWhatsappConsent } from "./messages.server";

export type TemplateChoice = { kind: TemplateKind; label: string; text: string };

export type OrderTemplates = {
  choices: TemplateChoice[];
  /** Why nothing can be sent by hand now, in Indonesian; null when staff may pick one. */
  refusal: string | null;
};

async function orderFacts(db: Queryable, orderId: string) {
  const [order] = await db
    .select({
      userId: orders.userId,
      phone: orders.recipientPhone,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      billFinalAt: orders.billFinalAt,
      paymentDueAt: orders.paymentDueAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return order ?? null;
}

/** Why a template cannot go to this order's customer now, or null. */
async function refusalFor(
  db: Queryable,
  order: NonNullable<Awaited<ReturnType<typeof orderFacts>>>,
): Promise<string | null> {
  const connection = await loadConnection(db);
  if (!connection.connected)
    return "WhatsApp belum terhubung: pesan templat tidak bisa dikirim. Hubungi pelanggan lewat tautan wa.me.";
  if (!normalizeIndonesianPhone(order.phone))
    return "Nomor WhatsApp pesanan ini tidak valid: hubungi pelanggan lewat telepon.";
  if (!(await hasWhatsappConsent(db, order.userId)))
    return "Pelanggan belum setuju menerima kabar pesanan lewat WhatsApp: pesan templat tidak dikirim. Hubungi lewat tautan wa.me.";
  return null;
}

/** The templates that fit the order, each with the text the customer would read. */
export async function loadOrderTemplates(db: Queryable, orderId: string): Promise<OrderTemplates> {
  const order = await orderFacts(db, orderId);
  const loaded = await loadOrderSnapshot(db, orderId);
  if (!order || !loaded) return { choices: [], refusal: "Pesanan tidak ditemukan." };
  const snapshot = { ...loaded.snapshot, ...(order.paymentDueAt ? { dueAt: order.paymentDueAt.toISOString() } : {}) };
  const choices = templatesForOrder({
    status: order.status,
    paymentStatus: order.paymentStatus,
    billFinal: order.billFinalAt !== null,
  }).map((kind) => {
    const template = whatsappTemplates[kind] as WhatsappTemplate<typeof kind>;
    return {
      kind,
      label: whatsappKindLabel(kind),
      text: fillTemplate(template.body, template.params(snapshot as never)),
    };
  });
  return { choices, refusal: await refusalFor(db, order) };
}

/** 'Kirim Template': queues the chosen template for the order's customer on WhatsApp only. */
export async function sendStaffTemplate(db: Queryable, orderId: string, kind: TemplateKind): Promise<FormResult> {
  const title = "Templat Tidak Terkirim";
  const order = await orderFacts(db, orderId);
  if (!order) return formFailure(404, "Pesanan tidak ditemukan.", { title });
  const refusal = await refusalFor(db, order);
  if (refusal) return formFailure(409, refusal, { title });
  const fits = templatesForOrder({
    status: order.status,
    paymentStatus: order.paymentStatus,
    billFinal: order.billFinalAt !== null,
  });
  const chosen = fits.find((k) => k === kind);
  if (!chosen)
    return formFailure(409, `Templat '${whatsappKindLabel(kind)}' tidak sesuai dengan keadaan pesanan sekarang.`, {
      title,
    });
  const stored = await notify(db, {
    kind: chosen,
    order: orderId,
    channel: "whatsapp",
    ...(kind === "payment-reminder" && order.paymentDueAt ? { dueAt: order.paymentDueAt } : {}),
  });
  if (!stored) return formFailure(500, "Pesan templat tidak bisa disimpan. Coba lagi sebentar.", { title });
  return formSuccess(`Templat '${whatsappKindLabel(kind)}' masuk antrean kirim WhatsApp.`);
}
