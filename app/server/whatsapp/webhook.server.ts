// What Meta posts to /webhooks/whatsapp: checked by its signature (HMAC-SHA256 of the raw
// body with the app secret, compared in constant time), then stored once however often it is
// delivered: a status once per message id + status (the shown state is the furthest of
// sent < delivered < read, whatever order they came in), an inbound message once per id,
// tied to the customer (62 form) and to the order it names, which clears 'Belum chat'.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { orders, users, whatsappMessages, whatsappStatusEvents } from "~/db/schema";
import { normalizeIndonesianPhone } from "~/lib/phone";
import { furthestStatus, mentionedOrderNumbers, type MessageStatus } from "~/lib/whatsapp";
import { now } from "../clock.server";

/** Larger than any batch Meta sends (they are a few kilobytes); anything bigger is refused unread. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

/** Whether `header` ('sha256=<hex>') is the HMAC-SHA256 of exactly these bytes with the app secret. */
export function isValidSignature(rawBody: Uint8Array, header: string | null, appSecret: string): boolean {
  if (!header || !appSecret) return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The signature header a body gets from Meta (the fake Graph API signs with it too). */
export function signatureOf(rawBody: Uint8Array | string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

const epochSeconds = z
  .union([z.string(), z.number()])
  .transform((v) => Number(v))
  .refine((v) => Number.isFinite(v) && v > 0);

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(["sent", "delivered", "read", "failed"]),
  timestamp: epochSeconds,
  recipient_id: z.string().max(30).optional(),
  errors: z
    .array(z.object({ code: z.coerce.number().int(), title: z.string().max(500).optional() }).loose())
    .optional(),
});

const inboundSchema = z.object({
  from: z.string().min(5).max(30),
  id: z.string().min(1).max(200),
  timestamp: epochSeconds,
  type: z.string().max(40),
  text: z.object({ body: z.string().max(8192) }).optional(),
});

const payloadSchema = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  // Each item is checked on its own: one odd item does not lose the rest.
                  statuses: z.array(z.unknown()).optional(),
                  messages: z.array(z.unknown()).optional(),
                })
                .loose(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

export type IngestResult = { statuses: number; messages: number; ignored: number };

/** Stores what a verified payload says; the same payload twice changes nothing. */
export async function ingestWebhook(db: Queryable, body: unknown): Promise<IngestResult | null> {
  const parsed = payloadSchema.safeParse(body);
  if (!parsed.success) return null;
  const result: IngestResult = { statuses: 0, messages: 0, ignored: 0 };
  for (const entry of parsed.data.entry)
    for (const change of entry.changes) {
      for (const item of change.value.statuses ?? []) {
        const status = statusSchema.safeParse(item);
        if (status.success && (await ingestStatus(db, status.data))) result.statuses++;
        else result.ignored++;
      }
      for (const item of change.value.messages ?? []) {
        const message = inboundSchema.safeParse(item);
        if (message.success && (await ingestInbound(db, message.data))) result.messages++;
        else result.ignored++;
      }
    }
  return result;
}

async function ingestStatus(db: Queryable, status: z.output<typeof statusSchema>): Promise<boolean> {
  const error = status.errors?.[0];
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(whatsappStatusEvents)
      .values({
        wamid: status.id,
        status: status.status,
        at: new Date(status.timestamp * 1000),
        errorCode: error?.code ?? null,
        errorTitle: error?.title?.slice(0, 500) ?? null,
      })
      .onConflictDoNothing()
      .returning({ wamid: whatsappStatusEvents.wamid });
    if (!stored) return false;
    const [message] = await tx
      .select({ id: whatsappMessages.id, status: whatsappMessages.status })
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, status.id))
      .for("update");
    // A status before its message is recorded: the send records it then.
    if (!message) return true;
    const next = furthestStatus(message.status as MessageStatus, status.status);
    if (next !== message.status)
      await tx
        .update(whatsappMessages)
        .set({
          status: next,
          ...(next === "failed"
            ? { errorCode: error?.code ?? null, errorTitle: error?.title?.slice(0, 500) ?? null }
            : {}),
        })
        .where(eq(whatsappMessages.id, message.id));
    return true;
  });
}

/** The order a message names: an order number that exists (the customer's own first). */
async function orderNamedIn(
  db: Queryable,
  text: string,
  phone: string,
): Promise<{ id: string; userId: string } | null> {
  for (const number of mentionedOrderNumbers(text)) {
    const [order] = await db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(sql`${orders.id}::text like ${`${number}%`}`)
      .orderBy(sql`(${orders.recipientPhone} = ${phone}) desc`, desc(orders.createdAt))
      .limit(1);
    if (order) return order;
  }
  return null;
}

async function customerOf(db: Queryable, phone: string): Promise<string | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  if (user) return user.id;
  const [order] = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.recipientPhone, phone))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return order?.userId ?? null;
}

async function ingestInbound(db: Queryable, message: z.output<typeof inboundSchema>): Promise<boolean> {
  const phone = normalizeIndonesianPhone(message.from) ?? message.from.replace(/\D/g, "");
  const body = message.type === "text" ? (message.text?.body ?? "") : `[${message.type}]`;
  return db.transaction(async (tx) => {
    const order = await orderNamedIn(tx, body, phone);
    const [stored] = await tx
      .insert(whatsappMessages)
      .values({
        wamid: message.id,
        direction: "in",
        phone,
        userId: order?.userId ?? (await customerOf(tx, phone)),
        orderId: order?.id ?? null,
        kind: "text",
        body: body.slice(0, 4096),
        status: "received",
        at: new Date(message.timestamp * 1000),
      })
      .onConflictDoNothing({ target: whatsappMessages.wamid })
      .returning({ id: whatsappMessages.id });
    if (!stored) return false;
    if (order)
      await tx
        .update(orders)
        .set({ chatConfirmedAt: now(), chatConfirmedBy: "whatsapp" })
        .where(and(eq(orders.id, order.id), isNull(orders.chatConfirmedAt)));
    return true;
  });
}
