// The driver's side of a delivery slot: the 'Lembar Pengiriman' (orders grouped by area with
// everything needed at the door), 'Terkirim' (the order becomes 'Selesai' through the one
// status change, with its history row and mail), the customers told their order is on its
// way, every invoice of the slot for one print, and the dashboard's slot chips.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidField } from "~/lib/form-schema";
import { isSingleLineText } from "~/lib/form-text";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import { addDays, isValidDateString } from "~/lib/dates";
import {
  amountToCollect,
  nextDeliverySlot,
  NO_AREA_NAME,
  slotChips,
  type SlotChip,
  type SlotDelivery,
} from "~/lib/delivery-sheet";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { orderLineTotal, shortOrderId } from "~/lib/orders";
import { orderTotalSummary } from "~/lib/order-text";
import { isDeliverySlot, type DeliverySlot } from "~/lib/vocab/delivery-slots";
import { isCashOnDelivery, paymentMethodLabel } from "~/lib/vocab/payment-methods";
import { formatIndonesianPhone, whatsappNumber } from "~/lib/phone";
import { mapsSearchHref, whatsappHref } from "~/lib/shop";
import { orderStops } from "~/lib/stop-order";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { loadAssignments, loadStopPositions } from "../couriers/runs.server";
import { adminItemColumns, adminOrderColumns, doorstepColumns, orderItemCount } from "../orders/columns.server";
import { changeOrderStatus } from "../orders/status.server";
import { customerTelHref } from "../orders/view.server";
import { now as clockNow, shopToday } from "../clock.server";
import { countSlotOrders, deliveryRulesOf } from "./slots.server";
import { log } from "../logger.server";
import { notify } from "../notifications/notify.server";
import { orderWasTold } from "../notifications/notices.server";
import { loadShopSettings } from "../settings.server";
import { openTransferAmounts } from "../payments/transfer-code.server";

// ---------------------------------------------------------------- which slot

/** The delivery staff prepare next, by the shop's slot settings and closed days. */
export async function defaultSlotDelivery(db: Queryable, now: Date = clockNow()): Promise<SlotDelivery> {
  const { values } = await loadShopSettings(db);
  return nextDeliverySlot(deliveryRulesOf(values), now);
}

/** The sheet's date and slot from its address: odd or missing values fall back to the next delivery. */
export async function parseSheetFilters(db: Queryable, params: URLSearchParams): Promise<SlotDelivery> {
  const date = params.get("date");
  const slot = params.get("slot");
  if (date !== null && isValidDateString(date) && isDeliverySlot(slot)) return { date, slot };
  const next = await defaultSlotDelivery(db);
  return date !== null && isValidDateString(date) ? { date, slot: next.slot } : next;
}

/** Today's and tomorrow's slots with their orders against the quota: the chips of the dashboard and the sheet. */
export async function loadSlotChips(db: Queryable, actor: AdminActor): Promise<SlotChip[]> {
  assertAdmin(actor);
  const today = shopToday();
  const [{ values }, counts] = await Promise.all([loadShopSettings(db), countSlotOrders(db, today, addDays(today, 1))]);
  return slotChips(deliveryRulesOf(values), today, counts);
}

// ---------------------------------------------------------------- the sheet

export type DeliverySheetOrder = {
  id: string;
  shortId: string;
  status: string;
  recipientName: string;
  recipientPhone: string;
  phoneText: string;
  recipientAddress: string;
  deliveryAreaName: string | null;
  notes: string;
  itemCount: number;
  grandTotal: number;
  deliveryFee: number | null;
  paymentStatus: string;
  /** 'Bayar di Tempat (COD)', 'Transfer Bank', 'QRIS', or settled in the chat for older orders. */
  paymentMethodText: string;
  cashOnDelivery: boolean;
  collect: { amount: number; feeUnknown: boolean; estimate: boolean } | null;
  links: { tel: string; whatsapp: string; maps: string };
  /** Told by e-mail that the order is on its way. */
  announced: boolean;
  /** The courier whose run it is on ('Kurir: ...'), and what they recorded at the door. */
  courier: { id: string; name: string } | null;
};

/**
 * The orders of one date and slot for the driver: every order not cancelled, grouped by area
 * and sorted within it, with the links and the amount to collect.
 */
export async function loadDeliverySheet(db: Queryable, actor: AdminActor, slot: SlotDelivery, shopName: string) {
  assertAdmin(actor);
  const rows = await db
    .select({
      ...doorstepColumns,
      itemCount: orderItemCount,
      announced: orderWasTold(orders.id, "out-for-delivery"),
    })
    .from(orders)
    .where(and(eq(orders.deliveryDate, slot.date), eq(orders.deliverySlot, slot.slot), ne(orders.status, "cancelled")))
    .orderBy(asc(orders.createdAt));
  const list: DeliverySheetOrder[] = rows.map((r) => ({
    id: r.id,
    shortId: shortOrderId(r.id),
    status: r.status,
    recipientName: r.recipientName,
    recipientPhone: r.recipientPhone,
    phoneText: formatIndonesianPhone(r.recipientPhone),
    recipientAddress: r.recipientAddress,
    deliveryAreaName: r.deliveryAreaName,
    notes: r.notes,
    itemCount: r.itemCount,
    grandTotal: orderTotalSummary(r).amount,
    deliveryFee: r.deliveryFee,
    paymentStatus: r.paymentStatus,
    paymentMethodText: paymentMethodLabel(r.paymentMethod),
    cashOnDelivery: isCashOnDelivery(r.paymentMethod),
    collect: amountToCollect(r),
    announced: r.announced,
    courier: null,
    links: {
      tel: customerTelHref(r.recipientPhone),
      whatsapp: whatsappHref(
        whatsappNumber(r.recipientPhone),
        `Halo ${r.recipientName}, kurir ${shopName} sedang menuju alamat Anda untuk mengantar pesanan #${shortOrderId(r.id)}.`,
      ),
      maps: mapsSearchHref(r.recipientAddress),
    },
  }));
  const [positions, assignments] = await Promise.all([
    loadStopPositions(
      db,
      list.map((o) => o.recipientAddress),
    ),
    loadAssignments(
      db,
      list.map((o) => o.id),
    ),
  ]);
  for (const order of list) {
    const assigned = assignments.get(order.id);
    order.courier = assigned ? { id: assigned.courierId, name: assigned.courierName } : null;
  }
  const open = list.filter((o) => o.status !== "completed");
  return {
    ...slot,
    // Areas, then the stop order staff set (remembered per address): the courier's screen sorts the same way.
    groups: orderStops(list, positions),
    orderCount: list.length,
    delivered: list.length - open.length,
    toCollect: open.reduce((sum, o) => sum + (o.collect?.amount ?? 0), 0),
  };
}

export type DeliverySheet = Awaited<ReturnType<typeof loadDeliverySheet>>;

// ---------------------------------------------------------------- the driver's actions

export const deliveryActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("delivered"), orderId: uuidField("Pesanan tidak ditemukan.") }),
    z.object({
      intent: z.literal("dispatch"),
      date: z.string().refine(isValidDateString, "Tanggal kirim tidak valid."),
      slot: z.enum(["pagi", "sore"], { message: "Waktu kirim tidak valid." }),
      area: z
        .string()
        .trim()
        .min(1, "Pilih area pengiriman.")
        .max(200, "Area pengiriman tidak dikenal.")
        .refine(isSingleLineText, "Area pengiriman tidak dikenal. Muat ulang lembar pengiriman."),
    }),
  ],
  { error: "Permintaan tidak dikenal." },
);
export type DeliveryAction = z.output<typeof deliveryActionSchema>;

/** 'Terkirim': the order becomes 'Selesai', with a history row naming who did it. A cancelled order stays cancelled. */
export async function markOrderDelivered(
  db: Queryable,
  actor: AdminActor,
  input: { orderId: string },
): Promise<FormResult> {
  assertAdmin(actor);
  const result = await changeOrderStatus(db, {
    orderId: input.orderId,
    status: "completed",
    changedBy: actor.id,
    note: "Terkirim (Lembar Pengiriman)",
    onlyFrom: ["pending", "processing"],
    refusal: "Pesanan ini sudah dibatalkan, jadi tidak dapat ditandai terkirim. Muat ulang lembar pengiriman.",
  });
  if (!result.ok) return formFailure(result.status, result.message);
  return formSuccess(`Pesanan #${shortOrderId(input.orderId)} terkirim dan ditandai Selesai.`);
}

/**
 * 'Kabari Pelanggan': each customer of an area in this slot whose order is still open gets the
 * 'sedang diantar' e-mail, once per order however often the button is pressed.
 */
export async function announceOutForDelivery(
  db: Queryable,
  actor: AdminActor,
  input: { date: string; slot: DeliverySlot; area: string },
): Promise<FormResult> {
  assertAdmin(actor);
  const areaCondition =
    input.area === NO_AREA_NAME
      ? sql`coalesce(trim(${orders.deliveryAreaName}), '') = ''`
      : sql`trim(${orders.deliveryAreaName}) = ${input.area}`;
  const open = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.deliveryDate, input.date),
        eq(orders.deliverySlot, input.slot),
        inArray(orders.status, ["pending", "processing"]),
        areaCondition,
      ),
    );
  if (open.length === 0) return formFailure(404, `Tidak ada pesanan yang belum terkirim di area ${input.area}.`);
  let told = 0;
  for (const order of open) if (await notify(db, { kind: "out-for-delivery", order: order.id })) told++;
  log.info("out-for-delivery mails queued", { area: input.area, date: input.date, slot: input.slot, told });
  return formSuccess(
    told === 0
      ? `Semua pelanggan di ${input.area} sudah dikabari sebelumnya.`
      : `${told} pelanggan di ${input.area} dikabari bahwa pesanannya sedang diantar.`,
  );
}

// ---------------------------------------------------------------- bulk invoices

/** The invoice address's date and slot, checked: a bad one is a message, never a 500. */
export const invoicePrintSchema = z.object({
  date: z
    .string({ message: "Pilih tanggal kirim." })
    .refine(isValidDateString, "Tanggal kirim tidak valid. Gunakan format TTTT-BB-HH, mis. 2026-11-26."),
  slot: z.enum(["pagi", "sore"], { message: "Waktu kirim tidak valid. Pilih pagi atau sore." }),
});

/** Every non-cancelled order of one slot, in the sheet's order, each with what its invoice shows. */
export async function loadSlotInvoices(db: Queryable, actor: AdminActor, slot: SlotDelivery) {
  assertAdmin(actor);
  const rows = await db
    .select(adminOrderColumns)
    .from(orders)
    .where(and(eq(orders.deliveryDate, slot.date), eq(orders.deliverySlot, slot.slot), ne(orders.status, "cancelled")));
  if (rows.length === 0) return [];
  const items = await db
    .select({ ...adminItemColumns, orderId: orderItems.orderId })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  const byOrder = new Map<string, typeof items>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  const transfers = await openTransferAmounts(
    db,
    rows.map((r) => r.id),
  );
  // Printed in the sheet's order, so the driver's stack matches the sheet.
  const positions = await loadStopPositions(
    db,
    rows.map((r) => r.recipientAddress),
  );
  return orderStops(rows, positions).flatMap(({ orders: group }) =>
    group.map((order) => ({
      ...order,
      shortId: shortOrderId(order.id),
      grandTotal: orderTotalSummary(order).amount,
      items: (byOrder.get(order.id) ?? []).map((i) => ({ ...i, lineTotal: orderLineTotal(i) })),
      transferAmount: transfers.get(order.id) ?? null,
    })),
  );
}
