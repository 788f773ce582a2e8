// New orders, live, for the staff: a Server-Sent Events stream per open dashboard, fed by
// one listener per process. Orders are numbered in the order_events table (a trigger on
// orders writes them in commit order and sends NOTIFY order_events), so every process hears
// of an order placed through any other, and a browser that reconnects asks for the numbers
// after the last one it saw: no order missed, none sent twice.
// A stream carries customers' names and phones, so it lives only as long as its account may
// see them: ending a staff member's membership or sessions announces it (NOTIFY
// staff_access) and every process closes that account's streams at once; each batch is
// also checked against the database before it goes out, so a lost notification never
// delivers an order to someone removed.
import { and, asc, count, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { DatabaseHandle, Queryable } from "~/db/client.server";
import { orderEvents, orderItems, orders, sessions, users } from "~/db/schema";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { getDatabaseHandle } from "../db.server";
import { log } from "../logger.server";
import { orderListColumns } from "./columns.server";

export const ORDER_EVENTS_CHANNEL = "order_events";
/** Announced whenever a team member loses access (removed from 'Tim', or their sessions ended). */
export const STAFF_ACCESS_CHANNEL = "staff_access";

/** Open streams one account may have in one server process (a few tabs and devices). */
export const MAX_STREAMS_PER_ACCOUNT = 4;
/** A reconnect catches up on orders of this recent window only, and at most this many. */
export const CATCH_UP_WINDOW_MS = 6 * 60 * 60 * 1000;
export const CATCH_UP_MAX = 500;

/** What a dashboard needs to show a new order as a row, or a courier's step at its door. */
export type LiveOrder = {
  seq: number;
  /**
   * 'created' a new order; 'courier' a courier's step ('Terkirim', 'Gagal Antar', 'Uang
   * Diterima'); 'proof' a payment proof arrived ('Bukti bayar masuk').
   */
  kind: string;
  /** The courier's step in words. */
  note: string;
  id: string;
  recipientName: string;
  recipientPhone: string;
  totalAmount: number;
  deliveryFee: number | null;
  /** The bill is final (never, for a new order; kept so the row reads its total like every list). */
  billFinal: boolean;
  deliveryDate: string;
  deliverySlot: string;
  deliveryTime: string;
  status: string;
  createdAt: string;
  itemCount: number;
};

const CATCH_UP_PAGE = 200;
/** Comment lines keep proxies and phones from closing a quiet stream. */
const KEEPALIVE_MS = 20_000;
/** A safety net under NOTIFY: a missed notification is noticed within this time. */
const POLL_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

/** The newest event number: where a page loaded now starts listening. */
export async function latestOrderEventSeq(db: Queryable, actor: AdminActor): Promise<number> {
  assertAdmin(actor);
  const [row] = await db.select({ seq: max(orderEvents.seq) }).from(orderEvents);
  return Number(row?.seq ?? 0);
}

/** What the live box hears besides new orders: a courier's step, a payment proof arriving, a shopper's addition. */
export type OrderNewsKind = "courier" | "proof" | "addition";

/**
 * Tells the staff dashboards, live, in every server process: numbered with the new orders
 * (one lock keeps the numbers in commit order) and announced at commit.
 */
export async function announceOrderNews(
  tx: Queryable,
  orderId: string,
  kind: OrderNewsKind,
  note: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7206)`);
  const [event] = await tx.insert(orderEvents).values({ orderId, kind, note }).returning({ seq: orderEvents.seq });
  await tx.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${String(event.seq)})`);
}

/** Tells every server process that a team member's access ended (delivered at commit). */
export async function announceStaffAccessChange(db: Queryable): Promise<void> {
  await db.execute(sql`select pg_notify(${STAFF_ACCESS_CHANNEL}, '')`);
}

/** Of these accounts, the ones that may still read the stream: owner or staff, with a live session. */
async function accountsWithAccess(db: Queryable, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(inArray(users.id, userIds), inArray(users.role, ["admin", "staff"]), gt(sessions.expiresAt, new Date())),
    );
  return new Set(rows.map((r) => r.id));
}

/** New orders after event `after`, oldest first; with `notBefore`, only events from then on. */
export async function listOrderEventsSince(
  db: Queryable,
  after: number,
  limit = CATCH_UP_PAGE,
  notBefore?: Date,
): Promise<LiveOrder[]> {
  const itemCount = db
    .select({ orderId: orderItems.orderId, n: count().as("n") })
    .from(orderItems)
    .groupBy(orderItems.orderId)
    .as("item_counts");
  const rows = await db
    .select({
      seq: orderEvents.seq,
      kind: orderEvents.kind,
      note: orderEvents.note,
      ...orderListColumns,
      recipientName: orders.recipientName,
      recipientPhone: orders.recipientPhone,
      deliverySlot: orders.deliverySlot,
      itemCount: itemCount.n,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .leftJoin(itemCount, eq(itemCount.orderId, orders.id))
    .where(and(gt(orderEvents.seq, after), notBefore ? gt(orderEvents.createdAt, notBefore) : undefined))
    .orderBy(asc(orderEvents.seq))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    seq: Number(r.seq),
    createdAt: r.createdAt.toISOString(),
    itemCount: Number(r.itemCount ?? 0),
  }));
}

/** A cursor from the browser (Last-Event-ID or ?since=): a whole number, or none. */
export function parseEventCursor(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

// ---------------------------------------------------------------- the process-wide hub

type Subscriber = {
  userId: string;
  deliver: (events: LiveOrder[]) => void;
  /** Ends the stream (its account lost access). */
  close: () => void;
};

class OrderEventHub {
  private subscribers = new Set<Subscriber>();
  private lastSeq = 0;
  private started: Promise<void> | null = null;
  private unlisten: Array<() => Promise<void>> = [];
  private pollTimer: NodeJS.Timeout | undefined;
  private fetching: Promise<void> | null = null;
  private again = false;

  constructor(private readonly handle: DatabaseHandle) {}

  /** Open streams of one account in this process. */
  streamsOf(userId: string): number {
    let n = 0;
    for (const s of this.subscribers) if (s.userId === userId) n++;
    return n;
  }

  async subscribe(subscriber: Subscriber): Promise<() => void> {
    this.subscribers.add(subscriber);
    try {
      await this.start();
    } catch (error) {
      this.subscribers.delete(subscriber);
      throw error;
    }
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** Closes the streams of accounts that lost access; the ones left may receive. */
  private async dropRevoked(): Promise<void> {
    const open = [...this.subscribers];
    const allowed = await accountsWithAccess(this.handle.db, [...new Set(open.map((s) => s.userId))]);
    for (const subscriber of open) {
      if (allowed.has(subscriber.userId)) continue;
      this.subscribers.delete(subscriber);
      log.info("live orders stream closed: access ended", { userId: subscriber.userId });
      subscriber.close();
    }
  }

  private checkAccess(): void {
    this.dropRevoked().catch((error) => log.warn("checking live stream access failed", { error }));
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      const handle = this.handle;
      const [row] = await handle.db.select({ seq: max(orderEvents.seq) }).from(orderEvents);
      this.lastSeq = Number(row?.seq ?? 0);
      this.unlisten = [
        await handle.listen(ORDER_EVENTS_CHANNEL, () => this.fetchNew()),
        await handle.listen(STAFF_ACCESS_CHANNEL, () => this.checkAccess()),
      ];
      this.pollTimer = setInterval(() => {
        if (this.subscribers.size === 0) return;
        this.checkAccess();
        this.fetchNew();
      }, POLL_MS);
      this.pollTimer.unref();
    })().catch((error) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  /** Reads what is new once for all streams; notifications during a read cause one more read. */
  private fetchNew(): void {
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = (async () => {
      do {
        this.again = false;
        try {
          const handle = this.handle;
          for (;;) {
            const events = await listOrderEventsSince(handle.db, this.lastSeq);
            if (events.length === 0) break;
            this.lastSeq = events[events.length - 1].seq;
            await this.dropRevoked();
            for (const subscriber of this.subscribers) subscriber.deliver(events);
            if (events.length < CATCH_UP_PAGE) break;
          }
        } catch (error) {
          log.warn("reading new order events failed", { error });
        }
      } while (this.again);
    })().finally(() => {
      this.fetching = null;
    });
  }

  async stop(): Promise<void> {
    clearInterval(this.pollTimer);
    this.subscribers.clear();
    const unlisten = this.unlisten;
    this.unlisten = [];
    this.started = null;
    await Promise.all(unlisten.map((stop) => stop().catch(() => {})));
  }
}

// One hub per database handle (the server has one; tests open their own).
const store = globalThis as typeof globalThis & {
  __orderEventHubs?: Map<DatabaseHandle, OrderEventHub>;
  __orderEventStreams?: Set<() => void>;
};

function hubFor(handle: DatabaseHandle): OrderEventHub {
  store.__orderEventHubs ??= new Map();
  let hub = store.__orderEventHubs.get(handle);
  if (!hub) {
    hub = new OrderEventHub(handle);
    store.__orderEventHubs.set(handle, hub);
  }
  return hub;
}

function openStreams(): Set<() => void> {
  store.__orderEventStreams ??= new Set();
  return store.__orderEventStreams;
}

/** Ends every open stream (browsers reconnect to another process) and stops listening. */
export async function closeOrderEventStreams(): Promise<void> {
  for (const close of [...openStreams()]) close();
  const hubs = [...(store.__orderEventHubs?.values() ?? [])];
  store.__orderEventHubs?.clear();
  await Promise.all(hubs.map((hub) => hub.stop()));
}

function sseMessage(event: LiveOrder): string {
  const name = event.kind === "courier" || event.kind === "proof" || event.kind === "addition" ? event.kind : "order";
  return `id: ${event.seq}\nevent: ${name}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The event stream for one staff browser. `cursor` is the last event it has (from the
 * Last-Event-ID header of a reconnect, or the page's own starting point); without one the
 * stream starts at the newest event.
 */
export async function openOrderEventStream(
  actor: AdminActor,
  cursor: number | null,
  signal: AbortSignal,
  handle?: DatabaseHandle,
): Promise<Response> {
  assertAdmin(actor);
  const database = handle ?? (await getDatabaseHandle());
  const hub = hubFor(database);
  if (hub.streamsOf(actor.id) >= MAX_STREAMS_PER_ACCOUNT) {
    log.warn("live orders stream refused: too many open", { userId: actor.id });
    // The dashboard tries again after its reconnect pause: a tab past the limit knocks now and
    // then instead of holding a connection, and gets in once another tab closes.
    return new Response(
      `Terlalu banyak tampilan pesanan langsung terbuka untuk akun ini (maksimal ${MAX_STREAMS_PER_ACCOUNT}). Tutup tab lain lalu muat ulang halaman.`,
      { status: 429, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" } },
    );
  }
  const encoder = new TextEncoder();
  let lastSent = cursor ?? 0;
  let closed = false;
  let revoked = false;
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start: async (controller) => {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const send = (events: LiveOrder[]) => {
        for (const event of events) {
          if (event.seq <= lastSent) continue;
          lastSent = event.seq;
          write(sseMessage(event));
        }
      };
      // Events that arrive while the catch-up reads are held, then sent past what it sent.
      let held: LiveOrder[] | null = [];
      const unsubscribe = await hub.subscribe({
        userId: actor.id,
        deliver: (events) => {
          if (held) held.push(...events);
          else send(events);
        },
        close: () => {
          revoked = true;
          cleanup();
        },
      });
      const keepalive = setInterval(() => write(": ping\n\n"), KEEPALIVE_MS);
      keepalive.unref();
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(keepalive);
        unsubscribe();
        openStreams().delete(close);
        try {
          controller.close();
        } catch {
          // Already closed by the browser going away.
        }
      };
      cleanup = close;
      if (revoked) close();
      openStreams().add(close);
      signal.addEventListener("abort", close, { once: true });
      if (signal.aborted) close();

      write(`retry: ${RETRY_MS}\n\n`);
      try {
        if (cursor === null) {
          const [row] = await database.db.select({ seq: max(orderEvents.seq) }).from(orderEvents);
          lastSent = Number(row?.seq ?? 0);
          // Gives the browser a Last-Event-ID for its first reconnect even when nothing came yet.
          write(`id: ${lastSent}\nevent: ready\ndata: {}\n\n`);
        } else {
          // Only a recent window, and only so much of it: a cursor of 0 (or a very old one)
          // must not replay every order ever placed.
          const notBefore = new Date(Date.now() - CATCH_UP_WINDOW_MS);
          let caught = 0;
          for (;;) {
            const events = await listOrderEventsSince(database.db, lastSent, CATCH_UP_PAGE, notBefore);
            send(events);
            caught += events.length;
            if (events.length < CATCH_UP_PAGE) break;
            if (caught >= CATCH_UP_MAX) {
              const [row] = await database.db.select({ seq: max(orderEvents.seq) }).from(orderEvents);
              lastSent = Math.max(lastSent, Number(row?.seq ?? 0));
              break;
            }
          }
          write(`id: ${lastSent}\nevent: ready\ndata: {}\n\n`);
        }
      } catch (error) {
        log.warn("order event catch-up failed", { error });
        close();
        return;
      }
      const pending = held;
      held = null;
      send(pending);
    },
    cancel: () => cleanup(),
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      // Proxies such as nginx would otherwise hold the events back in their buffer.
      "X-Accel-Buffering": "no",
    },
  });
}
