// `notify`: the one way the shop tells someone something. Call it inside the transaction of
// the change it reports, so the news exists exactly when the change does:
//
//   await notify(tx, { kind: "completed", order: order.id });
//   await notify(tx, { kind: "back-in-stock", subject: { product, unsubscribeHref }, recipient: { email } });
//
// It stores one event (with a snapshot of what was true) and, for every channel that takes
// the recipient and tells the kind, one delivery row rendered now; the outbox worker sends
// them after the commit. It never sends and never throws: news that cannot even be stored is
// logged and the caller's change goes on (it runs in a savepoint, so a failed insert does not
// abort the caller's transaction).
import type { Queryable } from "~/db/client.server";
import { notificationDeliveries, notificationEvents } from "~/db/schema";
import { now } from "~/server/clock.server";
import { log } from "~/server/logger.server";
import { CHANNELS } from "./channels.server";
import {
  ONCE_PER_ORDER,
  type NotificationData,
  type NotificationKind,
  type OrderNoticeKind,
  type Recipient,
} from "./kinds.server";
import { loadOrderSnapshot } from "./order-snapshot.server";
import { wakeOutbox } from "./outbox.server";

type Common = {
  /** One event per key, ever: a second notify with the same key stores nothing. */
  dedupeKey?: string;
  /** Earliest time to send (default now). */
  notBefore?: Date;
  /**
   * Only this channel ('whatsapp'): a message staff send by hand. It is never held back as a
   * repeat of news already told once (staff mean to send it again).
   */
  channel?: string;
};

/** News about an order: its snapshot is read here; the recipient is the order's customer unless named. */
export type OrderNotice = Common & {
  kind: OrderNoticeKind;
  order: string;
  recipient?: Recipient;
  /** Shown on a cancellation. */
  reason?: string;
  /** The payment deadline a reminder names. */
  dueAt?: Date;
};

/** Any other news: the caller gives what the templates read. */
export type SubjectNotice = {
  [K in Exclude<NotificationKind, OrderNoticeKind>]: Common & {
    kind: K;
    subject: NotificationData[K];
    recipient: Recipient;
  };
}[Exclude<NotificationKind, OrderNoticeKind>];

export type Notice = OrderNotice | SubjectNotice;

/** Stores the news; returns whether it was stored (false: already told under its key, or not storable). */
export async function notify(db: Queryable, notice: Notice): Promise<boolean> {
  try {
    const stored = await db.transaction(async (sp) => {
      let snapshot: NotificationData[NotificationKind];
      let recipient: Recipient;
      let orderId: string | null = null;
      let dedupeKey = notice.dedupeKey ?? null;
      if ("order" in notice) {
        const loaded = await loadOrderSnapshot(sp, notice.order);
        if (!loaded) return 0;
        orderId = notice.order;
        snapshot = {
          ...loaded.snapshot,
          ...(notice.reason ? { reason: notice.reason } : {}),
          ...(notice.dueAt ? { dueAt: notice.dueAt.toISOString() } : {}),
        };
        recipient = notice.recipient ?? {
          userId: loaded.userId,
          name: loaded.snapshot.customerName,
          email: loaded.snapshot.customerEmail,
          phone: loaded.snapshot.customerPhone,
        };
        if (!dedupeKey && !notice.channel && ONCE_PER_ORDER.includes(notice.kind))
          dedupeKey = `${notice.kind}:${notice.order}`;
      } else {
        snapshot = notice.subject;
        recipient = notice.recipient;
      }
      const [event] = await sp
        .insert(notificationEvents)
        .values({ kind: notice.kind, orderId, recipient, snapshot, dedupeKey })
        .onConflictDoNothing({ target: notificationEvents.dedupeKey })
        .returning({ id: notificationEvents.id });
      if (!event) return 0;
      const at = notice.notBefore ?? now();
      const rows = [];
      for (const channel of CHANNELS) {
        if (notice.channel && channel.id !== notice.channel) continue;
        const address = await channel.address(recipient, sp);
        if (!address) continue;
        const content = channel.render(notice.kind, snapshot as never);
        if (content !== null)
          rows.push({ eventId: event.id, channel: channel.id, address, content, nextAttemptAt: at });
      }
      if (rows.length > 0) await sp.insert(notificationDeliveries).values(rows);
      return 1;
    });
    if (stored) wakeOutbox();
    return stored > 0;
  } catch (error) {
    log.error("notification could not be stored", {
      kind: notice.kind,
      orderId: "order" in notice ? notice.order : undefined,
      error,
    });
    return false;
  }
}
