// The shop's WhatsApp messages both ways: sending a template delivery of the outbox and a
// staff reply, recording each with its wamid, the conversation of an order, the shopper's
// consent and the monthly count for the settings page.
import { and, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "~/lib/form-text";
import { orders, users, whatsappMessages, whatsappStatusEvents } from "~/db/schema";
import { startOfShopDay, shopDate } from "~/lib/dates";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { normalizeIndonesianPhone } from "~/lib/phone";
import {
  canReplyFreely,
  errorMeaning,
  TEMPLATE_KINDS,
  furthestStatus,
  type MessageStatus,
  REPLY_CUTOFF_MS,
  statusLabel,
} from "~/lib/whatsapp";
import { now } from "../clock.server";
import { log } from "../logger.server";
import { FinalSendError } from "../notifications/send-error.server";
import { loadConnection, type TemplateKind } from "./connection.server";
import { GraphError, sendGraphMessage } from "./graph.server";

// ---------------------------------------------------------------- consent

/** Whether the customer agreed to order news on WhatsApp. */
export async function hasWhatsappConsent(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.whatsappConsentAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.at);
}

/** Records the choice: agreeing keeps the first time agreed; declining forgets it. */
export async function setWhatsappConsent(db: Queryable, userId: string, agreed: boolean): Promise<void> {
  await db
    .update(users)
    .set({ whatsappConsentAt: agreed ? sql`coalesce(${users.whatsappConsentAt}, ${now()})` : null })
    .where(eq(users.id, userId));
}

/**
 * The WhatsApp number of a recipient of order news: the order's number, in 62 form, when the
 * shop is connected and the customer agreed; otherwise null (the news goes by e-mail only).
 */
export async function whatsappAddressOf(
  db: Queryable,
  recipient: { userId?: string | null; phone?: string | null },
): Promise<string | null> {
  if (!recipient.userId || !recipient.phone) return null;
  const phone = normalizeIndonesianPhone(recipient.phone);
  if (!phone) return null;
  if (!(await loadConnection(db)).connected) return null;
  return (await hasWhatsappConsent(db, recipient.userId)) ? phone : null;
}

// ---------------------------------------------------------------- recording

type Outbound = {
  phone: string;
  orderId: string | null;
  deliveryId?: string | null;
  kind: string;
  body: string;
  wamid: string | null;
  errorCode?: number | null;
  errorTitle?: string | null;
};

/**
 * Stores one sent (or refused) message. A status webhook may have come before this row (Meta
 * answers fast): the statuses stored for its wamid are applied at once.
 */
async function recordOutbound(db: Queryable, message: Outbound): Promise<void> {
  const [owner] = message.orderId
    ? await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, message.orderId)).limit(1)
    : [];
  let status: MessageStatus = message.wamid ? "accepted" : "failed";
  let errorCode = message.errorCode ?? null;
  let errorTitle = message.errorTitle ?? null;
  if (message.wamid) {
    const early = await db.select().from(whatsappStatusEvents).where(eq(whatsappStatusEvents.wamid, message.wamid));
    for (const event of early) {
      status = furthestStatus(status, event.status as MessageStatus);
      if (event.status === "failed") ({ errorCode, errorTitle } = event);
    }
  }
  await db
    .insert(whatsappMessages)
    .values({
      wamid: message.wamid,
      direction: "out",
      phone: message.phone,
      userId: owner?.userId ?? null,
      orderId: message.orderId,
      deliveryId: message.deliveryId ?? null,
      kind: message.kind,
      body: message.body,
      status,
      errorCode,
      errorTitle,
      at: now(),
    })
    .onConflictDoNothing({ target: whatsappMessages.wamid });
}

// ---------------------------------------------------------------- sending

export type WhatsappContent = { kind: TemplateKind; params: string[]; text: string };
export type WhatsappOutboxMessage = { to: string; content: WhatsappContent };

/**
 * Sends one template delivery of the outbox. Throttling and network failures throw a plain
 * error (the outbox retries with its growing pauses); a refusal that will not pass by waiting
 * (not on WhatsApp, a template problem) is recorded as 'Gagal' and given up at once.
 */
export async function sendTemplateDelivery(
  db: Queryable,
  message: WhatsappOutboxMessage,
  context: { deliveryId: string; orderId: string | null },
): Promise<void> {
  const connection = await loadConnection(db);
  if (!connection.connected) throw new FinalSendError("WhatsApp tidak lagi terhubung: pesan tidak dikirim.");
  const template = connection.templates[message.content.kind];
  const base = {
    phone: message.to,
    orderId: context.orderId,
    deliveryId: context.deliveryId,
    kind: message.content.kind,
    body: message.content.text,
  };
  try {
    const wamid = await sendGraphMessage(connection, {
      kind: "template",
      to: message.to,
      name: template.name,
      language: template.language,
      params: message.content.params,
    });
    await recordOutbound(db, { ...base, wamid });
  } catch (error) {
    if (!(error instanceof GraphError) || error.retryable) throw error;
    await recordOutbound(db, { ...base, wamid: null, errorCode: error.code, errorTitle: error.title });
    throw new FinalSendError(error.message);
  }
}

/** 'Kirim pesan uji': Meta's own hello_world template, which every WhatsApp Business account has. */
export async function sendTestMessage(db: Queryable, to: string): Promise<FormResult> {
  const connection = await loadConnection(db);
  if (!connection.connected)
    return formFailure(409, "WhatsApp belum terhubung: isi Phone number ID dan access token lalu simpan.", {
      title: "Pesan Uji Gagal",
    });
  try {
    const wamid = await sendGraphMessage(connection, {
      kind: "template",
      to,
      name: "hello_world",
      language: "en_US",
      params: [],
    });
    await recordOutbound(db, { phone: to, orderId: null, kind: "test", body: "hello_world", wamid });
    return formSuccess(`Pesan uji dikirim ke ${to}.`);
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    log.warn("whatsapp test message refused", { code: error.code });
    return formFailure(502, `Pesan uji gagal: ${errorMeaning(error.code, error.title)}`, { title: "Pesan Uji Gagal" });
  }
}

// ---------------------------------------------------------------- an order's conversation

export type ConversationMessage = {
  id: string;
  direction: "in" | "out";
  kind: string;
  body: string;
  at: string;
  status: MessageStatus;
  label: string;
  /** The failure's meaning in Indonesian ('Gagal' only). */
  reason: string | null;
};

export type OrderConversation = {
  messages: ConversationMessage[];
  /** Staff may send free text now (inside the window since the customer's last message). */
  canReply: boolean;
  /** When the reply window closes (the shop's cut-off), if open. */
  replyUntil: string | null;
  connected: boolean;
};

async function orderPhone(db: Queryable, orderId: string): Promise<string | null> {
  const [order] = await db.select({ phone: orders.recipientPhone }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return order ? (normalizeIndonesianPhone(order.phone) ?? order.phone) : null;
}

async function lastInboundAt(db: Queryable, phone: string): Promise<Date | null> {
  const [last] = await db
    .select({ at: whatsappMessages.at })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.phone, phone), eq(whatsappMessages.direction, "in")))
    .orderBy(desc(whatsappMessages.at))
    .limit(1);
  return last?.at ?? null;
}

/**
 * The messages of an order: those tied to it, and the customer's messages that name no order
 * (a reply like 'oke, terima kasih' belongs to the conversation too).
 * `audience` 'customer' leaves out nothing but the failure details staff act on.
 */
export async function loadOrderConversation(db: Queryable, orderId: string): Promise<OrderConversation> {
  const phone = await orderPhone(db, orderId);
  const rows = await db
    .select()
    .from(whatsappMessages)
    .where(
      phone
        ? or(
            eq(whatsappMessages.orderId, orderId),
            and(
              eq(whatsappMessages.phone, phone),
              isNull(whatsappMessages.orderId),
              eq(whatsappMessages.direction, "in"),
            ),
          )
        : eq(whatsappMessages.orderId, orderId),
    )
    .orderBy(whatsappMessages.at, whatsappMessages.createdAt)
    .limit(200);
  const last = phone ? await lastInboundAt(db, phone) : null;
  const at = now();
  const canReply = canReplyFreely(last, at);
  return {
    messages: rows.map((r) => {
      const status = r.status as MessageStatus;
      return {
        id: r.id,
        direction: r.direction as "in" | "out",
        kind: r.kind,
        body: r.body,
        at: r.at.toISOString(),
        status,
        label: statusLabel(status),
        reason: status === "failed" ? errorMeaning(r.errorCode, r.errorTitle) : null,
      };
    }),
    canReply,
    replyUntil: canReply && last ? new Date(last.getTime() + REPLY_CUTOFF_MS).toISOString() : null,
    connected: (await loadConnection(db)).connected,
  };
}

/** The WhatsApp card's forms on the staff order page. */
export const orderWhatsappActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("chat-confirmed") }),
  z.object({
    intent: z.literal("whatsapp-reply"),
    body: z
      .string()
      .trim()
      .min(1, "Tulis balasan dulu.")
      .max(4096, "Balasan maksimal 4096 karakter.")
      .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
  }),
  z.object({
    intent: z.literal("whatsapp-template"),
    kind: z.enum(TEMPLATE_KINDS, { error: "Pilih templat yang dikirim." }),
  }),
]);

/** The 'Kirim' of 'Balas via WhatsApp': free text, only inside the window, refused locally outside it. */
export async function sendStaffReply(db: Queryable, orderId: string, text: string): Promise<FormResult> {
  const title = "Balasan Tidak Terkirim";
  const connection = await loadConnection(db);
  if (!connection.connected)
    return formFailure(409, "WhatsApp belum terhubung. Hubungi pelanggan lewat tautan wa.me.", { title });
  const phone = await orderPhone(db, orderId);
  if (!phone) return formFailure(404, "Pesanan tidak ditemukan.", { title });
  if (!canReplyFreely(await lastInboundAt(db, phone), now()))
    return formFailure(
      409,
      "Di luar jendela 24 jam sejak pesan terakhir pelanggan: teks bebas tidak bisa dikirim. Kirim salah satu pesan templat pesanan, atau hubungi lewat tautan wa.me.",
      { title, fieldErrors: { body: "Di luar jendela 24 jam: gunakan pesan templat." } },
    );
  try {
    const wamid = await sendGraphMessage(connection, { kind: "text", to: phone, body: text });
    await recordOutbound(db, { phone, orderId, kind: "reply", body: text, wamid });
    return formSuccess("Balasan dikirim lewat WhatsApp.");
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    await recordOutbound(db, {
      phone,
      orderId,
      kind: "reply",
      body: text,
      wamid: null,
      errorCode: error.code,
      errorTitle: error.title,
    });
    return formFailure(502, `Balasan gagal: ${errorMeaning(error.code, error.title)}`, { title });
  }
}

// ---------------------------------------------------------------- monthly count

/** Messages the shop sent this month (Jakarta), by kind: what Meta bills by. */
export async function monthlySentCounts(db: Queryable): Promise<{ kind: string; count: number }[]> {
  const today = shopDate(now());
  const monthStart = startOfShopDay(`${today.slice(0, 7)}-01`);
  const rows = await db
    .select({ kind: whatsappMessages.kind, count: sql<number>`count(*)::int` })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.direction, "out"),
        sql`${whatsappMessages.wamid} is not null`,
        gte(whatsappMessages.at, monthStart),
      ),
    )
    .groupBy(whatsappMessages.kind)
    .orderBy(whatsappMessages.kind);
  return rows.map((r) => ({ kind: r.kind, count: Number(r.count) }));
}
