// The admin's view of customer accounts, and ending a customer's sessions (a lost phone, a
// shared computer, a suspected break-in: OWASP ASVS 5.0 7.4.5).
import { isOwnerRole, isStaffRole, userRole, type UserRole } from "~/lib/roles";
import { normalizeQuery } from "~/lib/catalog-filters";
import { and, count, desc, eq, gt, ilike, inArray, or } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { orders, sessions, users } from "~/db/schema";
import { assertAdmin, type AdminActor } from "./actor.server";
import { log } from "../logger.server";
import { announceStaffAccessChange } from "../orders/events.server";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { likePattern } from "~/lib/vocab/like-patterns";

export type AdminCustomerRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: UserRole;
  activeSessions: number;
  orderCount: number;
  /** Whether the one looking may end this account's sessions (see mayEndSessionsOf). */
  mayEndSessions: boolean;
};

const PAGE_SIZE = 50;

/** Accounts, newest first, optionally filtered by name, e-mail or phone. */
export async function listCustomersForAdmin(
  db: Database,
  actor: AdminActor,
  query: string | null,
): Promise<AdminCustomerRow[]> {
  assertAdmin(actor);
  const q = normalizeQuery(query);
  const pattern = likePattern(q);
  const where = q
    ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern))
    : undefined;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, role: users.role })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt))
    .limit(PAGE_SIZE);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [sessionCounts, orderCounts] = await Promise.all([
    db
      .select({ userId: sessions.userId, n: count() })
      .from(sessions)
      .where(and(inArray(sessions.userId, ids), gt(sessions.expiresAt, new Date())))
      .groupBy(sessions.userId),
    db
      .select({ userId: orders.userId, n: count() })
      .from(orders)
      .where(inArray(orders.userId, ids))
      .groupBy(orders.userId),
  ]);
  const sessionsOf = new Map(sessionCounts.map((s) => [s.userId, Number(s.n)]));
  const ordersOf = new Map(orderCounts.map((o) => [o.userId, Number(o.n)]));
  return rows.map((r) => ({
    ...r,
    role: userRole(r.role),
    mayEndSessions: mayEndSessionsOf(actor, { id: r.id, role: userRole(r.role) }),
    activeSessions: sessionsOf.get(r.id) ?? 0,
    orderCount: ordersOf.get(r.id) ?? 0,
  }));
}

const UNKNOWN_ACCOUNT = "Akun tidak dikenal.";

/** The 'Akhiri semua sesi' form of the customer list. */
export const endSessionsSchema = z.object({
  intent: z.literal("end-sessions", "Permintaan tidak dikenal."),
  userId: z.string(UNKNOWN_ACCOUNT).min(1, UNKNOWN_ACCOUNT).max(100, UNKNOWN_ACCOUNT),
});

/**
 * Whether `actor` may end the sessions of an account with `role`. Only the owner ends a team
 * member's sessions: a staff member who could sign the owner out in a loop would keep the
 * one person out who can remove them. A staff member may end their own.
 */
export function mayEndSessionsOf(actor: AdminActor, target: { id: string; role: UserRole }): boolean {
  return target.role === "customer" || isOwnerRole(actor.role) || target.id === actor.id;
}

export const TEAM_SESSIONS_OWNER_ONLY = "Hanya Pemilik yang dapat mengakhiri sesi Pemilik atau Staf.";

/** Signs an account out everywhere: every session row goes, so every device's cookie stops working. */
export async function endAllSessionsOfUser(
  db: Database,
  actor: AdminActor,
  input: { userId: string },
): Promise<FormResult> {
  assertAdmin(actor);
  const [user] = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) return formFailure(404, "Akun tidak ditemukan.");
  if (!mayEndSessionsOf(actor, { id: user.id, role: userRole(user.role) })) {
    log.warn("staff tried to end a team member's sessions", { actorId: actor.id, userId: user.id });
    return formFailure(403, TEAM_SESSIONS_OWNER_ONLY);
  }
  const ended = await db.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
  // A staff member's open live-orders streams end with their sessions.
  if (isStaffRole(user.role)) await announceStaffAccessChange(db);
  log.info("admin ended a user's sessions", { adminId: actor.id, userId: user.id, count: ended.length });
  const self = user.id === actor.id ? " Anda juga akan keluar dari perangkat ini." : "";
  return formSuccess(`${ended.length} sesi milik ${user.name} diakhiri.${self}`);
}
