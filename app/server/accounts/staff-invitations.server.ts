// A staff invitation waits until someone proves they hold the invited address. Knowing an
// address is not enough: anyone can register an account with an address before the owner
// invites it, and that account must not become staff by the invitation alone. Two proofs
// count, both through a link mailed to the address:
// - the invitation's own link: it sets a new password for the account (Better Auth's reset
//   token, so every session opened before it ends) and only then makes the account staff;
// - a verification link issued after the invitation, for an account not yet verified.
// Until then the account stays a customer. A pending invitation is a row of Better Auth's
// verifications table (its token kept only as a hash), so nothing new is stored elsewhere.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import type { InvitedRole } from "~/lib/roles";
import { sessions, users, verifications } from "~/db/schema";
import type { Auth } from "./auth.server";
import { log } from "../logger.server";

/** How long an invitation's link works. */
export const INVITATION_TTL_SECONDS = 3 * 24 * 60 * 60;

const PREFIX = "staff-invitation:";

// Token lifetimes are wall-clock time, as Better Auth checks its own tokens (and a
// verification token's issue time) against it, not against the shop's clock.
const now = () => new Date();

/** `role`: what the link makes the account ('staff' for invitations made before couriers existed). */
type InvitationValue = { userId: string; email: string; invitedAt: number; invitedBy: string; role: InvitedRole };

export type PendingInvitation = { userId: string; email: string; invitedAt: Date; expiresAt: Date; role: InvitedRole };

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function parseValue(value: string): InvitationValue | null {
  try {
    const parsed = JSON.parse(value) as Partial<InvitationValue>;
    if (typeof parsed.userId !== "string" || typeof parsed.email !== "string" || typeof parsed.invitedAt !== "number")
      return null;
    return {
      userId: parsed.userId,
      email: parsed.email,
      invitedAt: parsed.invitedAt,
      invitedBy: parsed.invitedBy ?? "",
      role: parsed.role === "courier" ? "courier" : "staff",
    };
  } catch {
    return null;
  }
}

async function invitationRows(db: Queryable) {
  const rows = await db
    .select({
      id: verifications.id,
      identifier: verifications.identifier,
      value: verifications.value,
      expiresAt: verifications.expiresAt,
    })
    .from(verifications)
    .where(and(like(verifications.identifier, `${PREFIX}%`), gt(verifications.expiresAt, now())));
  return rows.flatMap((row) => {
    const value = parseValue(row.value);
    return value ? [{ ...row, value }] : [];
  });
}

/** Invitations not yet accepted nor expired, newest first. */
export async function listPendingInvitations(db: Queryable): Promise<PendingInvitation[]> {
  const rows = await invitationRows(db);
  return rows
    .map((r) => ({
      userId: r.value.userId,
      email: r.value.email,
      invitedAt: new Date(r.value.invitedAt),
      expiresAt: r.expiresAt,
      role: r.value.role,
    }))
    .sort((a, b) => b.invitedAt.getTime() - a.invitedAt.getTime());
}

/** Withdraws every pending invitation of an account; how many there were. */
export async function cancelInvitations(db: Queryable, userId: string): Promise<number> {
  const rows = (await invitationRows(db)).filter((r) => r.value.userId === userId);
  for (const row of rows) await db.delete(verifications).where(eq(verifications.id, row.id));
  return rows.length;
}

/**
 * Creates an invitation for an existing (customer) account and returns the link's token: a
 * set-password token (the same kind as 'lupa password') that also accepts the invitation.
 * An earlier invitation of the account is replaced.
 */
export async function createInvitation(
  db: Database,
  auth: Auth,
  input: { userId: string; email: string; invitedBy: string; role?: InvitedRole },
): Promise<string> {
  await cancelInvitations(db, input.userId);
  const context = await auth.$context;
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now().getTime() + INVITATION_TTL_SECONDS * 1000);
  await context.internalAdapter.createVerificationValue({
    value: input.userId,
    identifier: `reset-password:${token}`,
    expiresAt,
  });
  const value: InvitationValue = { ...input, role: input.role ?? "staff", invitedAt: now().getTime() };
  await context.internalAdapter.createVerificationValue({
    value: JSON.stringify(value),
    identifier: `${PREFIX}${tokenHash(token)}`,
    expiresAt,
  });
  return token;
}

/** Whether a set-password token is an invitation's (the page then says what saving does). */
export async function isInvitationToken(db: Queryable, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, `${PREFIX}${tokenHash(token)}`), gt(verifications.expiresAt, now())));
  return Boolean(row);
}

/** Makes a customer account staff (or a courier), ending every session it had, and spends the invitation. */
async function promote(db: Database, invitationId: string, value: InvitationValue, how: string): Promise<boolean> {
  const promoted = await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.id, invitationId));
    const [user] = await tx
      .update(users)
      .set({ role: value.role, emailVerified: true, updatedAt: new Date() })
      // The address must still be the invited one, and an owner is never turned into staff.
      .where(and(eq(users.id, value.userId), eq(users.email, value.email), eq(users.role, "customer")))
      .returning({ id: users.id });
    if (!user) return false;
    // Sessions opened before the proof were opened by whoever knew the password then.
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return true;
  });
  if (promoted) {
    log.info("staff invitation accepted", { userId: value.userId, invitedBy: value.invitedBy, role: value.role, how });
  }
  return promoted;
}

/**
 * After a password was set from `token`: accepts the invitation that link carried, if any, and
 * names the account it made staff (or courier).
 */
export async function acceptInvitationByToken(
  db: Database,
  token: string,
): Promise<{ email: string; role: InvitedRole } | null> {
  const [row] = await db
    .select({ id: verifications.id, value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, `${PREFIX}${tokenHash(token)}`), gt(verifications.expiresAt, now())));
  const value = row ? parseValue(row.value) : null;
  if (!row || !value || !(await promote(db, row.id, value, "invitation link"))) return null;
  return { email: value.email, role: value.role };
}

/**
 * After an account's address was verified by a link issued at `issuedAt`: a pending
 * invitation sent before that link was issued is accepted. A link issued before the
 * invitation proves nothing about who holds the address now.
 */
export async function acceptInvitationByVerification(db: Database, userId: string, issuedAt: Date): Promise<boolean> {
  const rows = (await invitationRows(db)).filter(
    // A token's issue time is in whole seconds.
    (r) => r.value.userId === userId && Math.floor(r.value.invitedAt / 1000) * 1000 <= issuedAt.getTime(),
  );
  const [row] = rows;
  if (!row) return false;
  return promote(db, row.id, row.value, "verified e-mail");
}

/**
 * The address and issue time a verification token names, read without checking its
 * signature: use them only once Better Auth has accepted the token.
 */
export function verificationTokenClaims(token: string): { email: string; issuedAt: Date } | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { iat?: unknown; email?: unknown };
    return typeof claims.iat === "number" && typeof claims.email === "string"
      ? { email: claims.email, issuedAt: new Date(claims.iat * 1000) }
      : null;
  } catch {
    return null;
  }
}
