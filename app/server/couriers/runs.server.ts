// Couriers' runs as staff set them on the delivery sheet: who takes which order of a slot
// ('Kurir: ...', several couriers per slot), and the stop order remembered per address, so
// next week's run comes out the same and the printed sheet and the courier's screen agree.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { courierRuns, courierStops, orders, stopPositions, users } from "~/db/schema";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { uuidField } from "~/lib/form-schema";
import { shortOrderId } from "~/lib/orders";
import { NO_AREA_NAME } from "~/lib/delivery-sheet";
import { addressKey, movedPositions, orderStops } from "~/lib/stop-order";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { log } from "../logger.server";
import { lockOrder } from "../orders/columns.server";

export type CourierChoice = { id: string; name: string };

/** The couriers on 'Tim', for the sheet's 'Kurir' choice. */
export async function listCouriers(db: Queryable, actor: AdminActor): Promise<CourierChoice[]> {
  assertAdmin(actor);
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.role, "courier"))
    .orderBy(asc(users.name));
}

/** The remembered place of each of these addresses (by address key). */
export async function loadStopPositions(db: Queryable, addresses: readonly string[]): Promise<Map<string, number>> {
  const keys = [...new Set(addresses.map(addressKey))].filter((k) => k.length > 0);
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: stopPositions.addressKey, position: stopPositions.position })
    .from(stopPositions)
    .where(inArray(stopPositions.addressKey, keys));
  return new Map(rows.map((r) => [r.key, r.position]));
}

/** Which courier has each of these orders: order id -> courier. */
export async function loadAssignments(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, { courierId: string; courierName: string; runId: string }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: courierStops.orderId, runId: courierRuns.id, courierId: users.id, courierName: users.name })
    .from(courierStops)
    .innerJoin(courierRuns, eq(courierRuns.id, courierStops.runId))
    .innerJoin(users, eq(users.id, courierRuns.courierId))
    .where(inArray(courierStops.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderId, r]));
}

export const courierSheetActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("assign"),
      orderId: uuidField("Pesanan tidak ditemukan."),
      // Empty: take the order off every run.
      courierId: z.string().trim().max(100, "Kurir tidak dikenal."),
    }),
    z.object({
      intent: z.literal("move"),
      orderId: uuidField("Pesanan tidak ditemukan."),
      // 'to': dragged onto another stop of the area (`targetId`).
      direction: z.enum(["up", "down", "to"], { message: "Arah tidak dikenal." }),
      targetId: uuidField("Pesanan tujuan tidak ditemukan.").optional(),
    }),
  ],
  { error: "Permintaan tidak dikenal." },
);

/**
 * 'Kurir: ...': puts the order on that courier's run for the order's own slot (the run is
 * made on first use), or takes it off. An order already delivered or failed keeps its courier.
 */
export async function assignCourier(
  db: Queryable,
  actor: AdminActor,
  input: { orderId: string; courierId: string },
): Promise<FormResult> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, {
      also: { date: orders.deliveryDate, slot: orders.deliverySlot },
    });
    if (!order) return formFailure(404, "Pesanan tidak ditemukan.");
    const short = shortOrderId(order.id);
    const [stop] = await tx
      .select({ outcome: courierStops.outcome, cash: courierStops.cashReceived })
      .from(courierStops)
      .where(eq(courierStops.orderId, order.id));
    if (stop && (stop.outcome !== null || stop.cash !== null))
      return formFailure(409, `Pesanan #${short} sudah ditangani kurir, jadi kurirnya tidak dapat diganti.`);
    if (input.courierId === "") {
      await tx.delete(courierStops).where(eq(courierStops.orderId, order.id));
      return formSuccess(`Pesanan #${short} tidak lagi diantar kurir mana pun.`);
    }
    if (order.status === "cancelled") return formFailure(409, `Pesanan #${short} sudah dibatalkan.`);
    const [courier] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, input.courierId), eq(users.role, "courier")));
    if (!courier) return formFailure(404, "Kurir tidak ditemukan. Muat ulang halaman.");
    await tx
      .insert(courierRuns)
      .values({ courierId: courier.id, deliveryDate: order.date, deliverySlot: order.slot })
      .onConflictDoNothing();
    const [run] = await tx
      .select({ id: courierRuns.id })
      .from(courierRuns)
      .where(
        and(
          eq(courierRuns.courierId, courier.id),
          eq(courierRuns.deliveryDate, order.date),
          eq(courierRuns.deliverySlot, order.slot),
        ),
      );
    await tx
      .insert(courierStops)
      .values({ orderId: order.id, runId: run.id })
      .onConflictDoUpdate({ target: courierStops.orderId, set: { runId: run.id } });
    log.info("order assigned to courier", { orderId: order.id, courierId: courier.id, by: actor.id });
    return formSuccess(`Pesanan #${short} diantar oleh ${courier.name}.`);
  });
}

/**
 * 'Naik' / 'Turun': moves the order's address one place within its area on this slot's
 * sheet, and remembers the area's order for every address in it.
 */
export async function moveStop(
  db: Queryable,
  actor: AdminActor,
  input: { orderId: string; direction: "up" | "down" | "to"; targetId?: string },
): Promise<FormResult> {
  assertAdmin(actor);
  if (input.direction === "to" && !input.targetId) return formFailure(400, "Pesanan tujuan tidak ditemukan.");
  const [order] = await db
    .select({
      id: orders.id,
      date: orders.deliveryDate,
      slot: orders.deliverySlot,
      area: orders.deliveryAreaName,
      address: orders.recipientAddress,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  if (!order) return formFailure(404, "Pesanan tidak ditemukan.");
  const area = order.area?.trim() || NO_AREA_NAME;
  const slotOrders = await db
    .select({
      deliveryAreaName: orders.deliveryAreaName,
      recipientAddress: orders.recipientAddress,
      recipientName: orders.recipientName,
    })
    .from(orders)
    .where(
      and(
        eq(orders.deliveryDate, order.date),
        eq(orders.deliverySlot, order.slot),
        sql`${orders.status} <> 'cancelled'`,
      ),
    );
  const positions = await loadStopPositions(
    db,
    slotOrders.map((o) => o.recipientAddress),
  );
  const group = orderStops(slotOrders, positions).find((g) => g.area === area);
  let target: (typeof slotOrders)[number] | undefined;
  if (input.direction === "to") {
    const [row] = await db
      .select({
        id: orders.id,
        deliveryDate: orders.deliveryDate,
        deliverySlot: orders.deliverySlot,
        deliveryAreaName: orders.deliveryAreaName,
        recipientAddress: orders.recipientAddress,
        recipientName: orders.recipientName,
      })
      .from(orders)
      .where(eq(orders.id, input.targetId ?? ""));
    if (!row) return formFailure(404, "Pesanan tujuan tidak ditemukan.");
    if (
      row.deliveryDate !== order.date ||
      row.deliverySlot !== order.slot ||
      (row.deliveryAreaName?.trim() || NO_AREA_NAME) !== area
    )
      return formFailure(409, "Pesanan hanya bisa dipindah di dalam areanya sendiri.");
    target = row;
  }
  const areaAddresses = group?.orders.map((o) => o.recipientAddress) ?? [];
  const moved = movedPositions(
    areaAddresses,
    order.address,
    target ? { to: target.recipientAddress } : input.direction === "up" ? "up" : "down",
  );
  if (!moved)
    return formFailure(
      409,
      target
        ? "Alamat ini sudah di tempat itu."
        : input.direction === "up"
          ? "Alamat ini sudah paling atas di areanya."
          : "Alamat ini sudah paling bawah di areanya.",
    );
  await db.transaction(async (tx) => {
    for (const [key, position] of moved) {
      await tx
        .insert(stopPositions)
        .values({ addressKey: key, position })
        .onConflictDoUpdate({ target: stopPositions.addressKey, set: { position, updatedAt: new Date() } });
    }
  });
  const place = moved.get(addressKey(order.address)) ?? 0;
  return formSuccess(
    target
      ? `Urutan ${area} disimpan; pesanan #${shortOrderId(order.id)} kini urutan ke-${place} di areanya.`
      : `Urutan ${area} disimpan; pesanan #${shortOrderId(order.id)} ${input.direction === "up" ? "naik" : "turun"} satu.`,
  );
}
