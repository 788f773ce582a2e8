// 'Setoran': the cash of a run handed over. The courier enters what they counted at the end
// of the run, staff enter their own count, and the shop sets both against what is expected
// (the COD cash the courier recorded on the run's stops). A difference ('Selisih') needs a
// note; the run stays 'Belum Setor' until the owner accepts it.
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { courierRuns, courierStops, users } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { uuidField } from "~/lib/form-schema";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "~/lib/form-text";
import { formatRupiah, MAX_PAYMENT } from "~/lib/money";
import { wholeNumberField } from "~/lib/number-input";
import { signedRupiah } from "~/lib/payments";
import { slotName } from "~/lib/vocab/delivery-slots";
import { assertAdmin, assertOwner, type AdminActor } from "../accounts/actor.server";
import { now as clockNow, shopToday } from "../clock.server";
import { log } from "../logger.server";
import { assertCourier, type CourierActor } from "./stops.server";

const cashField = (label: string) =>
  wholeNumberField({ kind: "rupiah", label, min: 0, max: MAX_PAYMENT, required: `Isi ${label.toLowerCase()}.` });
const noteField = z
  .string()
  .trim()
  .max(300, "Catatan maksimal 300 karakter.")
  .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE)
  .optional()
  .default("");

export const courierHandoverSchema = z.object({
  intent: z.literal("handover"),
  runId: uuidField("Rute tidak ditemukan."),
  cash: cashField("Uang yang dihitung"),
});

export const staffHandoverSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("count"),
      runId: uuidField("Rute tidak ditemukan."),
      cash: cashField("Hitungan staf"),
      note: noteField,
    }),
    z.object({ intent: z.literal("accept"), runId: uuidField("Rute tidak ditemukan."), note: noteField }),
  ],
  { error: "Permintaan tidak dikenal." },
);

/** The COD cash recorded on each run's stops. */
async function expectedCash(db: Queryable, runIds: string[]): Promise<Map<string, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .select({ runId: courierStops.runId, total: sql<number>`coalesce(sum(${courierStops.cashReceived}), 0)::int` })
    .from(courierStops)
    .where(inArray(courierStops.runId, runIds))
    .groupBy(courierStops.runId);
  return new Map(rows.map((r) => [r.runId, Number(r.total)]));
}

/** The courier's 'Setor': the cash they counted at the end of their run (again until accepted). */
export async function recordCourierCount(
  db: Queryable,
  courier: CourierActor,
  input: { runId: string; cash: number },
): Promise<FormResult> {
  assertCourier(courier);
  const [run] = await db
    .update(courierRuns)
    .set({ courierCash: input.cash, courierCountedAt: clockNow() })
    .where(
      and(
        eq(courierRuns.id, input.runId),
        eq(courierRuns.courierId, courier.id),
        sql`${courierRuns.acceptedAt} is null`,
      ),
    )
    .returning({ id: courierRuns.id });
  if (!run) return formFailure(409, "Setoran rute ini sudah diterima Pemilik atau rute tidak ditemukan.");
  const expected = (await expectedCash(db, [run.id])).get(run.id) ?? 0;
  const difference = input.cash - expected;
  return formSuccess(
    difference === 0
      ? `Setoran ${formatRupiah(input.cash)} dicatat, sesuai uang COD yang diterima.`
      : `Setoran ${formatRupiah(input.cash)} dicatat. Selisih ${signedRupiah(difference)} dari uang COD ${formatRupiah(expected)}.`,
  );
}

export type HandoverRow = {
  runId: string;
  date: string;
  slot: string;
  slotName: string;
  courierName: string;
  expected: number;
  courierCash: number | null;
  staffCash: number | null;
  /** Against what is expected: staff's count when there is one, else the courier's. */
  difference: number | null;
  note: string;
  accepted: boolean;
};

/** Runs of the last two weeks with their handover, newest first; staff and owner. */
export async function listHandovers(db: Queryable, actor: AdminActor): Promise<HandoverRow[]> {
  assertAdmin(actor);
  const since = addDays(shopToday(), -14);
  const runs = await db
    .select({
      id: courierRuns.id,
      date: courierRuns.deliveryDate,
      slot: courierRuns.deliverySlot,
      courierName: users.name,
      courierCash: courierRuns.courierCash,
      staffCash: courierRuns.staffCash,
      note: courierRuns.handoverNote,
      acceptedAt: courierRuns.acceptedAt,
    })
    .from(courierRuns)
    .innerJoin(users, eq(users.id, courierRuns.courierId))
    .where(gte(courierRuns.deliveryDate, since))
    .orderBy(desc(courierRuns.deliveryDate), asc(courierRuns.deliverySlot), asc(users.name));
  const expected = await expectedCash(
    db,
    runs.map((r) => r.id),
  );
  return runs.map((r) => {
    const exp = expected.get(r.id) ?? 0;
    const counted = r.staffCash ?? r.courierCash;
    return {
      runId: r.id,
      date: r.date,
      slot: r.slot,
      slotName: slotName(r.slot),
      courierName: r.courierName,
      expected: exp,
      courierCash: r.courierCash,
      staffCash: r.staffCash,
      difference: counted === null ? null : counted - exp,
      note: r.note,
      accepted: r.acceptedAt !== null,
    };
  });
}

/** Per courier per day: expected, counted, difference, and how many runs still wait. */
export function handoverReport(rows: readonly HandoverRow[]) {
  const byKey = new Map<
    string,
    { date: string; courierName: string; expected: number; counted: number; difference: number; waiting: number }
  >();
  for (const r of rows) {
    const key = `${r.date}|${r.courierName}`;
    const entry = byKey.get(key) ?? {
      date: r.date,
      courierName: r.courierName,
      expected: 0,
      counted: 0,
      difference: 0,
      waiting: 0,
    };
    entry.expected += r.expected;
    entry.counted += r.staffCash ?? r.courierCash ?? 0;
    entry.difference += r.difference ?? 0;
    if (!r.accepted) entry.waiting++;
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

/** Staff's count ('Hitungan Staf') or the owner's 'Terima Setoran'. */
export async function actOnHandover(
  db: Queryable,
  actor: AdminActor,
  input: z.output<typeof staffHandoverSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  const [run] = await db.select().from(courierRuns).where(eq(courierRuns.id, input.runId));
  if (!run) return formFailure(404, "Rute tidak ditemukan.");
  if (run.acceptedAt) return formFailure(409, "Setoran rute ini sudah diterima.");
  const expected = (await expectedCash(db, [run.id])).get(run.id) ?? 0;
  if (input.intent === "count") {
    const difference = input.cash - expected;
    if (difference !== 0 && input.note.length < 3)
      return formFailure(400, `Ada selisih ${signedRupiah(difference)}: tulis catatannya.`, {
        fieldErrors: { note: "Tulis catatan untuk selisih ini." },
      });
    await db
      .update(courierRuns)
      .set({ staffCash: input.cash, staffCountedBy: actor.id, staffCountedAt: clockNow(), handoverNote: input.note })
      .where(eq(courierRuns.id, run.id));
    return formSuccess(
      difference === 0
        ? `Hitungan staf ${formatRupiah(input.cash)} sesuai.`
        : `Hitungan staf ${formatRupiah(input.cash)} dicatat: Selisih ${signedRupiah(difference)}.`,
    );
  }
  assertOwner(actor);
  if (run.courierCash === null || run.staffCash === null)
    return formFailure(409, "Kurir dan staf harus menghitung uangnya dulu sebelum setoran diterima.");
  const difference = run.staffCash - expected;
  const note = input.note || run.handoverNote;
  if (difference !== 0 && note.length < 3)
    return formFailure(400, `Ada selisih ${signedRupiah(difference)}: tulis catatannya.`, {
      fieldErrors: { note: "Tulis catatan untuk selisih ini." },
    });
  await db
    .update(courierRuns)
    .set({ acceptedBy: actor.id, acceptedAt: clockNow(), handoverNote: note })
    .where(eq(courierRuns.id, run.id));
  log.info("courier handover accepted", { runId: run.id, ownerId: actor.id, difference });
  return formSuccess(
    difference === 0 ? "Setoran diterima." : `Setoran diterima dengan Selisih ${signedRupiah(difference)}.`,
  );
}
