// What the staff see of the standing orders: the coming dates for which no order could be made
// (nothing deliverable, slot full, minimum not reached), so someone can call the regular.
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { standingOrderRuns, standingOrders, users } from "~/db/schema";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";

export type StandingProblem = {
  runId: string;
  customerName: string;
  phone: string;
  date: string;
  slot: string;
  outcome: "nothing" | "refused";
  message: string;
};

/** Dates from `today` on whose standing order made no order, soonest first. */
export async function standingOrderProblems(
  db: Queryable,
  actor: AdminActor,
  today: string,
): Promise<StandingProblem[]> {
  assertAdmin(actor);
  const rows = await db
    .select({
      runId: standingOrderRuns.id,
      customerName: users.name,
      phone: standingOrders.recipientPhone,
      date: standingOrderRuns.deliveryDate,
      slot: standingOrders.deliverySlot,
      outcome: standingOrderRuns.outcome,
      message: standingOrderRuns.message,
    })
    .from(standingOrderRuns)
    .innerJoin(standingOrders, eq(standingOrders.id, standingOrderRuns.standingOrderId))
    .innerJoin(users, eq(users.id, standingOrders.userId))
    .where(and(gte(standingOrderRuns.deliveryDate, today), inArray(standingOrderRuns.outcome, ["nothing", "refused"])))
    .orderBy(asc(standingOrderRuns.deliveryDate), asc(users.name))
    .limit(50);
  return rows.map((r) => ({ ...r, outcome: r.outcome as StandingProblem["outcome"] }));
}
