// The e-mails the outbox holds, as a reader of the mail would see them: the tests that check
// "a mail was sent, once, saying this" read them here rather than knowing the outbox's tables.
import { asc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { notificationDeliveries, notificationEvents } from "~/db/schema";

export type OutboxMail = {
  id: string;
  kind: string;
  orderId: string | null;
  dedupeKey: string | null;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
};

/** Every e-mail stored (waiting, sent or given up), oldest first, narrowed by `filter`. */
export async function outboxMails(
  db: Queryable,
  filter: { to?: string; kind?: string; dedupeKey?: string; dedupePrefix?: string } = {},
): Promise<OutboxMail[]> {
  const rows = await db
    .select({ delivery: notificationDeliveries, event: notificationEvents })
    .from(notificationDeliveries)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notificationDeliveries.eventId))
    .where(eq(notificationDeliveries.channel, "email"))
    .orderBy(asc(notificationDeliveries.createdAt), asc(notificationDeliveries.id));
  return rows
    .map(({ delivery: d, event: e }) => {
      const content = d.content as { subject: string; text: string; html: string | null };
      return {
        id: d.id,
        kind: e.kind,
        orderId: e.orderId,
        dedupeKey: e.dedupeKey,
        toAddress: d.address,
        subject: content.subject,
        textBody: content.text,
        htmlBody: content.html,
        status: d.status,
        attempts: d.attempts,
        nextAttemptAt: d.nextAttemptAt,
        lastError: d.lastError,
        sentAt: d.sentAt,
        createdAt: d.createdAt,
      };
    })
    .filter(
      (m) =>
        (filter.to === undefined || m.toAddress === filter.to) &&
        (filter.kind === undefined || m.kind === filter.kind) &&
        (filter.dedupeKey === undefined || m.dedupeKey === filter.dedupeKey) &&
        (filter.dedupePrefix === undefined || (m.dedupeKey ?? "").startsWith(filter.dedupePrefix)),
    );
}

/** Empties the outbox (every event and its deliveries). */
export async function clearOutbox(db: Queryable): Promise<void> {
  await db.delete(notificationEvents);
}
