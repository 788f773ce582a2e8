// 'Langganan': a regular's weekly basket, kept by the shopper. Reading and changing one's own
// standing orders; every change about a date is refused once that date's cut-off has passed.
// Making the orders is make.server.ts.
import { and, asc, desc, eq, gte, inArray } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders, products, standingOrderLines, standingOrderRuns, standingOrders } from "~/db/schema";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { isValidDateString, shopDate } from "~/lib/dates";
import { formatKg, isAllowedWeight } from "~/lib/weight";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { discountedPrice } from "~/lib/money";
import { shortOrderId } from "~/lib/orders";
import {
  CUTOFF_PASSED_MESSAGE,
  pastCutoff,
  upcomingDeliveries,
  type StandingAction,
  type StandingOrderInput,
  type StandingOutcome,
  type StandingStatus,
} from "~/lib/standing-orders";
import { deliveryRulesOf, resolveDeliveryArea } from "../delivery/slots.server";
import { activePaymentMethods, PAYMENT_METHOD, type PaymentMethod } from "~/lib/vocab/payment-methods";
import type { DeliverySlot } from "~/lib/vocab/delivery-slots";

import { now as clockNow } from "../clock.server";
import { cancelOrderByCustomer } from "../orders/customer.server";
import { loadShopSettings, readShopSettings } from "../settings.server";

export const NOT_FOUND_MESSAGE = "Langganan tidak ditemukan.";

export type StandingLine = {
  productId: string;
  name: string;
  unit: string;
  slug: string;
  quantity: number;
  soldByWeight: boolean;
  note: string;
  allowSubstitute: boolean;
  /** Today's price of the line's unit (or kg). */
  price: number;
  available: boolean;
};

export type StandingDate = {
  date: string;
  cutoff: string;
  makeAt: string;
  outcome: StandingOutcome | null;
  orderId: string | null;
  message: string;
};

export type StandingOrderView = {
  id: string;
  status: StandingStatus;
  weekdays: number[];
  slot: DeliverySlot;
  areaId: string;
  areaName: string;
  name: string;
  phone: string;
  address: string;
  notes: string;
  paymentMethod: PaymentMethod | null;
  pausedUntil: string | null;
  lines: StandingLine[];
  /** The coming dates, each with what happened to it so far. */
  upcoming: StandingDate[];
  /** The last dates already looked at (orders made, skips, refusals). */
  history: StandingDate[];
};

type Row = typeof standingOrders.$inferSelect;

/** What a line shows of its product, at today's price. */
const lineProductColumns = {
  name: products.name,
  unit: products.unit,
  slug: products.slug,
  soldByWeight: products.soldByWeight,
  price: products.price,
  discount: products.discount,
  isActive: products.isActive,
  stock: products.stock,
};

async function linesOf(db: Queryable, ids: string[]): Promise<Map<string, StandingLine[]>> {
  const byOrder = new Map<string, StandingLine[]>();
  if (ids.length === 0) return byOrder;
  const rows = await db
    .select({
      standingOrderId: standingOrderLines.standingOrderId,
      productId: standingOrderLines.productId,
      quantity: standingOrderLines.quantity,
      note: standingOrderLines.note,
      allowSubstitute: standingOrderLines.allowSubstitute,
      ...lineProductColumns,
    })
    .from(standingOrderLines)
    .innerJoin(products, eq(products.id, standingOrderLines.productId))
    .where(inArray(standingOrderLines.standingOrderId, ids))
    .orderBy(asc(products.name));
  for (const r of rows) {
    const list = byOrder.get(r.standingOrderId) ?? [];
    list.push({
      productId: r.productId,
      name: r.name,
      unit: r.unit,
      slug: r.slug,
      quantity: r.quantity,
      soldByWeight: r.soldByWeight,
      note: r.note,
      allowSubstitute: r.allowSubstitute,
      price: discountedPrice(r.price, r.discount),
      available: r.isActive && r.stock > 0,
    });
    byOrder.set(r.standingOrderId, list);
  }
  return byOrder;
}

/** The shopper's standing orders, newest first, with their lines at today's prices and their coming dates. */
export async function listStandingOrders(
  db: Queryable,
  userId: string,
  now: Date = clockNow(),
): Promise<StandingOrderView[]> {
  const rows = await db
    .select()
    .from(standingOrders)
    .where(eq(standingOrders.userId, userId))
    .orderBy(desc(standingOrders.createdAt));
  return viewsOf(db, rows, now);
}

/** One of the shopper's standing orders; null when it is not theirs (or does not exist). */
export async function loadStandingOrder(
  db: Queryable,
  userId: string,
  id: string,
  now: Date = clockNow(),
): Promise<StandingOrderView | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select()
    .from(standingOrders)
    .where(and(eq(standingOrders.id, id), eq(standingOrders.userId, userId)))
    .limit(1);
  const [view] = await viewsOf(db, rows, now);
  return view ?? null;
}

async function viewsOf(db: Queryable, rows: Row[], now: Date): Promise<StandingOrderView[]> {
  if (rows.length === 0) return [];
  const { values: settings } = await loadShopSettings(db);
  const rules = deliveryRulesOf(settings);
  const ids = rows.map((r) => r.id);
  const lines = await linesOf(db, ids);
  const since = shopDate(new Date(now.getTime() - 35 * 86_400_000));
  const runs = await db
    .select()
    .from(standingOrderRuns)
    .where(and(inArray(standingOrderRuns.standingOrderId, ids), gte(standingOrderRuns.deliveryDate, since)))
    .orderBy(desc(standingOrderRuns.deliveryDate));
  return rows.map((row) => {
    const own = runs.filter((r) => r.standingOrderId === row.id);
    const byDate = new Map(own.map((r) => [r.deliveryDate, r]));
    const slot = row.deliverySlot as DeliverySlot;
    const coming =
      row.status === "active"
        ? upcomingDeliveries(
            { weekdays: row.weekdays, deliverySlot: slot, pausedUntil: row.pausedUntil },
            rules,
            settings.standingLeadHours,
            now,
          )
        : [];
    const upcoming: StandingDate[] = coming.map((d) => {
      const run = byDate.get(d.date);
      return {
        date: d.date,
        cutoff: d.cutoff.toISOString(),
        makeAt: d.makeAt.toISOString(),
        outcome: (run?.outcome as StandingOutcome | undefined) ?? null,
        orderId: run?.orderId ?? null,
        message: run?.message ?? "",
      };
    });
    const upcomingDates = new Set(upcoming.map((u) => u.date));
    const history = own
      .filter((r) => !upcomingDates.has(r.deliveryDate))
      .slice(0, 8)
      .map((r) => ({
        date: r.deliveryDate,
        cutoff: "",
        makeAt: "",
        outcome: r.outcome as StandingOutcome,
        orderId: r.orderId,
        message: r.message,
      }));
    const area = settings.deliveryAreas.find((a) => a.id === row.areaId);
    return {
      id: row.id,
      status: row.status as StandingStatus,
      weekdays: row.weekdays,
      slot,
      areaId: row.areaId,
      areaName: area?.name ?? "Di luar area",
      name: row.recipientName,
      phone: row.recipientPhone,
      address: row.recipientAddress,
      notes: row.notes,
      paymentMethod: row.paymentMethod as PaymentMethod | null,
      pausedUntil: row.pausedUntil,
      lines: lines.get(row.id) ?? [],
      upcoming,
      history,
    };
  });
}

/** How many standing orders one shopper may keep (a household has a few, not hundreds). */
export const MAX_STANDING_ORDERS = 10;

/** Whether the input's choices are ones the shop offers now; the message when not. */
async function checkChoices(db: Queryable, input: StandingOrderInput): Promise<string | null> {
  const { values: settings } = await readShopSettings(db);
  if (!settings.deliverySlots[input.slot].active)
    return "Waktu pengiriman ini sedang tidak tersedia. Pilih waktu lain.";
  const area = resolveDeliveryArea(settings.deliveryAreas, input.area);
  if (!area.ok) return area.message;
  if (input.paymentMethod && !activePaymentMethods(settings.paymentMethods).includes(input.paymentMethod))
    return `${PAYMENT_METHOD[input.paymentMethod].label} sedang tidak tersedia. Pilih metode pembayaran lain.`;
  const ids = input.lines.map((l) => l.productId.toLowerCase());
  const found = await db
    .select({
      id: products.id,
      name: products.name,
      soldByWeight: products.soldByWeight,
      weightStep: products.weightStep,
      weightMin: products.weightMin,
    })
    .from(products)
    .where(inArray(products.id, ids));
  if (found.length !== ids.length) return "Salah satu produk sudah tidak ada di toko. Hapus produk tersebut.";
  for (const line of input.lines) {
    const product = found.find((p) => p.id === line.productId.toLowerCase());
    if (!product) continue;
    if (product.soldByWeight && !isAllowedWeight(line.quantity, product))
      return `Berat ${product.name} harus kelipatan ${formatKg(product.weightStep)}, minimal ${formatKg(Math.max(product.weightMin, product.weightStep))}.`;
    if (!product.soldByWeight && line.quantity > MAX_LINE_QUANTITY)
      return `Jumlah ${product.name} maksimal ${MAX_LINE_QUANTITY}.`;
  }
  return null;
}

function fieldsOf(input: StandingOrderInput) {
  return {
    weekdays: input.weekdays,
    deliverySlot: input.slot,
    areaId: input.area,
    recipientName: input.name,
    recipientPhone: input.phone,
    recipientAddress: input.address,
    notes: input.notes,
    paymentMethod: input.paymentMethod ?? null,
  };
}

function lineRows(id: string, input: StandingOrderInput) {
  return input.lines.map((l) => ({
    standingOrderId: id,
    productId: l.productId.toLowerCase(),
    quantity: l.quantity,
    note: l.note,
    allowSubstitute: l.allowSubstitute,
  }));
}

/** 'Simpan Langganan' of a new standing order. */
export async function createStandingOrder(
  db: Queryable,
  userId: string,
  input: StandingOrderInput,
): Promise<FormResult<{ id: string }>> {
  return db.transaction(async (tx) => {
    const problem = await checkChoices(tx, input);
    if (problem) return formFailure(409, problem);
    const mine = await tx
      .select({ id: standingOrders.id })
      .from(standingOrders)
      .where(and(eq(standingOrders.userId, userId), eq(standingOrders.status, "active")));
    if (mine.length >= MAX_STANDING_ORDERS)
      return formFailure(409, `Anda sudah punya ${MAX_STANDING_ORDERS} langganan aktif. Hentikan salah satu dulu.`);
    const [row] = await tx
      .insert(standingOrders)
      .values({ userId, ...fieldsOf(input) })
      .returning({ id: standingOrders.id });
    await tx.insert(standingOrderLines).values(lineRows(row.id, input));
    return formSuccess("Langganan tersimpan. Pesanan dibuat otomatis sebelum batas pesan setiap minggunya.", {
      id: row.id,
    });
  });
}

async function lockOwn(tx: Queryable, userId: string, id: string): Promise<Row | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(standingOrders)
    .where(and(eq(standingOrders.id, id), eq(standingOrders.userId, userId)))
    .for("update")
    .limit(1);
  return row ?? null;
}

/**
 * 'Simpan Perubahan': new lines, days, slot or address. An order already made keeps what it
 * was made with (the shopper changes or cancels that order itself until its cut-off); the
 * change counts from the next order made.
 */
export async function updateStandingOrder(
  db: Queryable,
  userId: string,
  id: string,
  input: StandingOrderInput,
  now: Date = clockNow(),
): Promise<FormResult> {
  return db.transaction(async (tx) => {
    const row = await lockOwn(tx, userId, id);
    if (!row) return formFailure(404, NOT_FOUND_MESSAGE);
    if (row.status === "stopped") return formFailure(409, "Langganan ini sudah dihentikan.");
    const problem = await checkChoices(tx, input);
    if (problem) return formFailure(409, problem);
    await tx
      .update(standingOrders)
      .set({ ...fieldsOf(input), updatedAt: now })
      .where(eq(standingOrders.id, id));
    await tx.delete(standingOrderLines).where(eq(standingOrderLines.standingOrderId, id));
    await tx.insert(standingOrderLines).values(lineRows(id, input));
    const made = await madeOrdersAhead(tx, id, shopDate(now));
    return formSuccess(
      made.length > 0
        ? `Langganan diperbarui. Pesanan yang sudah dibuat (${made.map((o) => `#${shortOrderId(o)}`).join(", ")}) tetap seperti semula; ubah atau batalkan dari halaman pesanannya.`
        : "Langganan diperbarui. Perubahan berlaku untuk pesanan berikutnya.",
    );
  });
}

async function madeOrdersAhead(tx: Queryable, id: string, today: string): Promise<string[]> {
  const rows = await tx
    .select({ orderId: standingOrderRuns.orderId })
    .from(standingOrderRuns)
    .where(
      and(
        eq(standingOrderRuns.standingOrderId, id),
        eq(standingOrderRuns.outcome, "placed"),
        gte(standingOrderRuns.deliveryDate, today),
      ),
    );
  return rows.map((r) => r.orderId).filter((o): o is string => o !== null);
}

async function rulesNow(tx: Queryable) {
  const { values } = await readShopSettings(tx);
  return deliveryRulesOf(values);
}

/**
 * 'Lewati' one date: no order is made for it. When its order was already made, it is cancelled
 * (as the shopper's own cancel: refused once billed or paid). Refused after the date's cut-off.
 */
export async function skipDate(
  db: Queryable,
  userId: string,
  id: string,
  date: string,
  now: Date = clockNow(),
): Promise<FormResult> {
  if (!isValidDateString(date)) return formFailure(400, "Tanggal tidak dikenal.");
  const outcome = await db.transaction(async (tx) => {
    const row = await lockOwn(tx, userId, id);
    if (!row) return formFailure(404, NOT_FOUND_MESSAGE);
    const rules = await rulesNow(tx);
    if (pastCutoff(rules, row.deliverySlot as DeliverySlot, date, now)) return formFailure(409, CUTOFF_PASSED_MESSAGE);
    const [run] = await tx
      .select()
      .from(standingOrderRuns)
      .where(and(eq(standingOrderRuns.standingOrderId, id), eq(standingOrderRuns.deliveryDate, date)))
      .limit(1);
    if (run?.outcome === "skipped") return formSuccess("Tanggal ini sudah dilewati.");
    if (run?.outcome === "placed" && run.orderId) return { cancel: run.orderId, runId: run.id } as const;
    if (run) {
      await tx
        .update(standingOrderRuns)
        .set({ outcome: "skipped", message: "" })
        .where(eq(standingOrderRuns.id, run.id));
    } else {
      await tx.insert(standingOrderRuns).values({ standingOrderId: id, deliveryDate: date, outcome: "skipped" });
    }
    return formSuccess("Tanggal ini dilewati: tidak ada pesanan langganan untuk tanggal ini.");
  });
  if (!("cancel" in outcome)) return outcome;
  // The order was made already: the shopper's own cancel decides (refused once billed or paid).
  const cancelled = await cancelOrderByCustomer(db, userId, outcome.cancel, { reason: "Langganan dilewati" });
  if (!cancelled.ok) return cancelled;
  await db
    .update(standingOrderRuns)
    .set({ outcome: "skipped", message: `Pesanan #${shortOrderId(outcome.cancel)} dibatalkan.` })
    .where(eq(standingOrderRuns.id, outcome.runId));
  return formSuccess(`Tanggal ini dilewati dan pesanan #${shortOrderId(outcome.cancel)} dibatalkan.`);
}

/** 'Batal Lewati': the date comes back, before its cut-off and before its order would have been made. */
export async function unskipDate(
  db: Queryable,
  userId: string,
  id: string,
  date: string,
  now: Date = clockNow(),
): Promise<FormResult> {
  if (!isValidDateString(date)) return formFailure(400, "Tanggal tidak dikenal.");
  return db.transaction(async (tx) => {
    const row = await lockOwn(tx, userId, id);
    if (!row) return formFailure(404, NOT_FOUND_MESSAGE);
    const rules = await rulesNow(tx);
    if (pastCutoff(rules, row.deliverySlot as DeliverySlot, date, now)) return formFailure(409, CUTOFF_PASSED_MESSAGE);
    const removed = await tx
      .delete(standingOrderRuns)
      .where(
        and(
          eq(standingOrderRuns.standingOrderId, id),
          eq(standingOrderRuns.deliveryDate, date),
          eq(standingOrderRuns.outcome, "skipped"),
        ),
      )
      .returning({ orderId: standingOrderRuns.orderId });
    if (removed.length === 0) return formSuccess("Tanggal ini tidak dilewati.");
    return formSuccess(
      removed[0].orderId
        ? "Tanggal ini aktif lagi. Pesanan yang sudah dibatalkan tidak kembali; pesanan baru dibuat bila masih sempat."
        : "Tanggal ini aktif lagi.",
    );
  });
}

/** 'Jeda' until a date (inclusive), or 'Lanjutkan' with null. */
export async function pauseStandingOrder(
  db: Queryable,
  userId: string,
  id: string,
  until: string | null,
  now: Date = clockNow(),
): Promise<FormResult> {
  if (until !== null && !isValidDateString(until)) return formFailure(400, "Pilih tanggal akhir jeda.");
  const today = shopDate(now);
  if (until !== null && until < today) return formFailure(400, "Tanggal akhir jeda sudah lewat. Pilih tanggal lain.");
  return db.transaction(async (tx) => {
    const row = await lockOwn(tx, userId, id);
    if (!row) return formFailure(404, NOT_FOUND_MESSAGE);
    if (row.status === "stopped") return formFailure(409, "Langganan ini sudah dihentikan.");
    await tx.update(standingOrders).set({ pausedUntil: until, updatedAt: now }).where(eq(standingOrders.id, id));
    if (until === null) return formSuccess("Langganan dilanjutkan.");
    const made = await madeOrdersAhead(tx, id, today);
    const madeInPause = made.length > 0;
    return formSuccess(
      madeInPause
        ? `Langganan dijeda. Pesanan yang sudah dibuat tetap berjalan; lewati tanggalnya bila tidak ingin diantar.`
        : "Langganan dijeda.",
    );
  });
}

/** 'Berhenti Langganan': no more orders; orders already made stay. */
export async function stopStandingOrder(
  db: Queryable,
  userId: string,
  id: string,
  now: Date = clockNow(),
): Promise<FormResult> {
  return db.transaction(async (tx) => {
    const row = await lockOwn(tx, userId, id);
    if (!row) return formFailure(404, NOT_FOUND_MESSAGE);
    await tx.update(standingOrders).set({ status: "stopped", updatedAt: now }).where(eq(standingOrders.id, id));
    return formSuccess("Langganan dihentikan. Pesanan yang sudah dibuat tetap berjalan.");
  });
}

/** The form's starting values from one of the shopper's orders ('Jadikan Langganan'); null when not theirs. */
export async function standingDraftFromOrder(db: Queryable, userId: string, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [order] = await db
    .select({
      id: orders.id,
      deliverySlot: orders.deliverySlot,
      deliveryDate: orders.deliveryDate,
      areaId: orders.deliveryAreaId,
      name: orders.recipientName,
      phone: orders.recipientPhone,
      address: orders.recipientAddress,
      notes: orders.notes,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return order ?? null;
}

/** Lines for the form from products and amounts (a past order's, or the cart's), at today's prices. */
export async function draftLines(
  db: Queryable,
  wanted: readonly { productId: string; quantity: number; note?: string; allowSubstitute?: boolean }[],
): Promise<StandingLine[]> {
  const ids = [...new Set(wanted.map((w) => w.productId.toLowerCase()).filter(isUuid))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      ...lineProductColumns,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const lines: StandingLine[] = [];
  for (const w of wanted) {
    const p = rows.find((r) => r.id === w.productId.toLowerCase());
    if (!p || lines.some((l) => l.productId === p.id)) continue;
    lines.push({
      productId: p.id,
      name: p.name,
      unit: p.unit,
      slug: p.slug,
      quantity: w.quantity,
      soldByWeight: p.soldByWeight,
      note: w.note ?? "",
      allowSubstitute: w.allowSubstitute === true,
      price: discountedPrice(p.price, p.discount),
      available: p.isActive && p.stock > 0,
    });
  }
  return lines;
}

/** 'produk=<id>:<amount>,<id>:<amount>' from the cart's 'Jadikan Langganan' link. */
export function parseCartParam(value: string | null): { productId: string; quantity: number }[] {
  if (!value) return [];
  return value
    .split(",")
    .slice(0, 100)
    .map((part) => part.split(":"))
    .filter(([id, q]) => isUuid(id) && /^\d{1,6}$/.test(q ?? "") && Number(q) > 0)
    .map(([id, q]) => ({ productId: id.toLowerCase(), quantity: Number(q) }));
}

/** What the form offers: the shop's active areas and payment methods. */
export async function standingFormChoices(db: Queryable) {
  const { values: settings } = await loadShopSettings(db);
  return {
    areas: settings.deliveryAreas.filter((a) => a.active),
    methods: activePaymentMethods(settings.paymentMethods),
  };
}

/** One post from the standing order's page. */
export async function actOnStandingOrder(
  db: Queryable,
  userId: string,
  id: string,
  action: StandingAction,
): Promise<FormResult<{ intent: string }, string, { intent: string }>> {
  const done = (result: FormResult) => ({ ...result, intent: action.intent });
  switch (action.intent) {
    case "save": {
      const { intent: _intent, ...input } = action;
      return done(await updateStandingOrder(db, userId, id, input));
    }
    case "skip":
      return done(await skipDate(db, userId, id, action.date));
    case "unskip":
      return done(await unskipDate(db, userId, id, action.date));
    case "pause":
      return done(await pauseStandingOrder(db, userId, id, action.until));
    case "resume":
      return done(await pauseStandingOrder(db, userId, id, null));
    case "stop":
      return done(await stopStandingOrder(db, userId, id));
  }
}
