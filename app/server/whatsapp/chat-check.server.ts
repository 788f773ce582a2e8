// 'Belum chat': an order waiting with nobody talking to its customer. The checkout opens a
// prefilled chat to the shop; with the WhatsApp connection a message naming the order clears
// the mark ('Chat diterima', webhook.server.ts), without it staff clear it with one tap.
import { and, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { isChatMissing } from "~/lib/whatsapp";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { now } from "../clock.server";
import { loadConnection } from "./connection.server";

export type ChatState = {
  /** 'Belum chat' now. */
  missing: boolean;
  /** Who cleared it: 'whatsapp' ('Chat diterima'), 'staff', or null while not cleared. */
  confirmedBy: string | null;
  confirmedAt: string | null;
};

export async function loadChatState(db: Queryable, orderId: string): Promise<ChatState | null> {
  const [order] = await db
    .select({
      status: orders.status,
      createdAt: orders.createdAt,
      chatConfirmedAt: orders.chatConfirmedAt,
      chatConfirmedBy: orders.chatConfirmedBy,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  const { chatReminderMinutes } = await loadConnection(db);
  return {
    missing: isChatMissing(order, chatReminderMinutes, now()),
    confirmedBy: order.chatConfirmedBy,
    confirmedAt: order.chatConfirmedAt?.toISOString() ?? null,
  };
}

/** The condition of a list query for 'Belum chat' orders (the setting's minutes read by the caller). */
export function chatMissingCondition(minutes: number, at: Date = now()): SQL {
  return and(
    eq(orders.status, "pending"),
    isNull(orders.chatConfirmedAt),
    lte(orders.createdAt, new Date(at.getTime() - minutes * 60 * 1000)),
  )!;
}

/** How many orders are 'Belum chat' now. */
export async function countChatMissing(db: Queryable): Promise<{ count: number; minutes: number }> {
  const { chatReminderMinutes } = await loadConnection(db);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(chatMissingCondition(chatReminderMinutes));
  return { count: Number(row?.count ?? 0), minutes: chatReminderMinutes };
}

/** Staff heard from the customer another way: one tap clears 'Belum chat'. */
export async function confirmChatByHand(db: Queryable, actor: AdminActor, orderId: string): Promise<FormResult> {
  assertAdmin(actor);
  const [done] = await db
    .update(orders)
    .set({ chatConfirmedAt: now(), chatConfirmedBy: "staff" })
    .where(and(eq(orders.id, orderId), isNull(orders.chatConfirmedAt)))
    .returning({ id: orders.id });
  if (!done) {
    const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!exists) return formFailure(404, "Pesanan tidak ditemukan.", { title: "Pesanan Tidak Ditemukan" });
  }
  return formSuccess("Ditandai: chat pelanggan sudah diterima.");
}
