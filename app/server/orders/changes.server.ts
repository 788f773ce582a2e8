// The order's 'Riwayat Perubahan' and its version: the one writer of both. Packing edits, the
// delivery fee, payments and 'Saldo' moves each record their change here, inside the
// transaction that made it, so the log and the version never disagree with the order.
import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orderChanges, orders, users } from "~/db/schema";
import type { OrderChangeKind } from "~/lib/order-edits";

/**
 * Changes of what the bill holds (its lines, the fee, the bill made final). They move the
 * order's version, so a staff page drawn before them is refused instead of overwriting them.
 * A payment or a 'Saldo' line only records money around the bill and leaves the version alone.
 */
const VERSIONED_CHANGES: Readonly<Record<OrderChangeKind, boolean>> = {
  weight: true,
  substitute: true,
  unavailable: true,
  restore: true,
  add: true,
  fee: true,
  final: true,
  payment: false,
  balance: false,
};

export type OrderChange = {
  kind: OrderChangeKind;
  description: string;
  /** Who made it; null for the shop itself. */
  changedBy: string | null;
  /** The item total after the change; a change that moved no line leaves it as it was. */
  totalAfter?: number;
  /** Columns of the order written together with the change (the item total, the fee, the final bill). */
  /** A line marked 'Tidak Tersedia', kept so 'Batalkan' can put it back. */
  removedLine?: unknown;
  set?: Partial<Pick<typeof orders.$inferInsert, "totalAmount" | "deliveryFee" | "deliveryFeeSource" | "billFinalAt">>;
};

/**
 * Records one change of `order` (its state as locked before the change): writes `set` with a
 * version step for a change of the bill, and the change's row in the 'Riwayat Perubahan'.
 * Call it inside the transaction that holds the order's lock. Answers the change's id.
 */
export async function recordOrderChange(
  tx: Queryable,
  order: { id: string; totalAmount: number },
  change: OrderChange,
): Promise<string> {
  const versioned = VERSIONED_CHANGES[change.kind];
  if (versioned || change.set) {
    await tx
      .update(orders)
      .set({
        ...change.set,
        ...(versioned ? { version: sql`${orders.version} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
  }
  const [row] = await tx
    .insert(orderChanges)
    .values({
      orderId: order.id,
      kind: change.kind,
      description: change.description,
      totalBefore: order.totalAmount,
      totalAfter: change.totalAfter ?? order.totalAmount,
      changedBy: change.changedBy,
      removedLine: change.removedLine ?? null,
    })
    .returning({ id: orderChanges.id });
  return row.id;
}

export type OrderChangeRow = {
  id: string;
  kind: string;
  description: string;
  totalBefore: number;
  totalAfter: number;
  createdAt: Date;
  changedByName: string | null;
};

/** The order's 'Riwayat Perubahan', oldest first. Callers have checked who may read the order. */
export async function listOrderChanges(db: Queryable, orderId: string): Promise<OrderChangeRow[]> {
  return db
    .select({
      id: orderChanges.id,
      kind: orderChanges.kind,
      description: orderChanges.description,
      totalBefore: orderChanges.totalBefore,
      totalAfter: orderChanges.totalAfter,
      createdAt: orderChanges.createdAt,
      changedByName: users.name,
    })
    .from(orderChanges)
    .leftJoin(users, eq(users.id, orderChanges.changedBy))
    .where(eq(orderChanges.orderId, orderId))
    .orderBy(asc(orderChanges.createdAt), asc(orderChanges.id));
}
