// The owner's 'Tim' page: who works in the admin panel, inviting a staff member by e-mail
// (an account with a link to choose a password), and removing one (back to a customer
// account, every session ended at once).
import { randomBytes } from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { userRole, type UserRole } from "~/lib/roles";
import { assertOwner, type AdminActor } from "./admin-actor.server";
import { createAuth, type Auth } from "./auth.server";
import { config } from "./config.server";
import { log } from "./logger.server";
import { enqueueMail } from "./mail-queue.server";
import { staffInvitationMail } from "./mail-templates.server";

/** How long an invitation's set-password link works. */
export const INVITATION_TTL_SECONDS = 3 * 24 * 60 * 60;

export type TeamMember = {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  activeSessions: number;
  createdAt: Date;
};

export async function listTeam(db: Database, actor: AdminActor): Promise<TeamMember[]> {
  assertOwner(actor);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.role, ["admin", "staff"]))
    .orderBy(users.role, users.name);
  const ids = rows.map((r) => r.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ userId: sessions.userId, n: count() })
          .from(sessions)
          .where(inArray(sessions.userId, ids))
          .groupBy(sessions.userId);
  const byUser = new Map(counts.map((c) => [c.userId, Number(c.n)]));
  return rows.map((r) => ({ ...r, role: userRole(r.role), activeSessions: byUser.get(r.id) ?? 0 }));
}

export const inviteSchema = z.object({
  name: z
    .string({ error: "Nama wajib diisi." })
    .trim()
    .min(2, "Nama minimal 2 karakter.")
    .max(100, "Nama maksimal 100 karakter."),
  email: z
    .string({ error: "Email wajib diisi." })
    .trim()
    .toLowerCase()
    .max(254, "Email terlalu panjang.")
    .email("Email tidak valid."),
});

export type TeamResult =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; fieldErrors?: Partial<Record<"name" | "email", string>> };

/**
 * Invites a staff member. A new address gets an account (verified: the owner vouches for
 * it) with an unguessable password nobody knows and an e-mail with a link to choose one; an
 * existing customer account becomes staff and keeps its password.
 */
export async function inviteStaff(
  db: Database,
  actor: AdminActor & { name: string },
  input: unknown,
  auth: Auth = createAuth(db),
): Promise<TeamResult> {
  assertOwner(actor);
  const parsed = inviteSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<"name" | "email", string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "name" || field === "email") && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { ok: false, status: 400, message: "Periksa kembali data undangan.", fieldErrors };
  }
  const { name, email } = parsed.data;
  const [existing] = await db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(eq(users.email, email));
  const loginHref = `${config().appUrl}/admin/login`;
  if (existing) {
    if (existing.role !== "customer") {
      return {
        ok: false,
        status: 409,
        message: `${email} sudah anggota tim.`,
        fieldErrors: { email: "Email ini sudah anggota tim." },
      };
    }
    await db.update(users).set({ role: "staff", updatedAt: new Date() }).where(eq(users.id, existing.id));
    await enqueueMail(db, "staff-invitation", staffInvitationMail(email, existing.name, actor.name, loginHref));
    log.info("customer account made staff", { ownerId: actor.id, userId: existing.id });
    return { ok: true, message: `${existing.name} sekarang Staf; ia masuk dengan password akunnya sendiri.` };
  }

  // Made through Better Auth's own adapter rather than sign-up, which would mail a
  // verification link the invited person does not need.
  const context = await auth.$context;
  const created = await context.internalAdapter.createUser(
    { name, email, emailVerified: true },
    { method: "email-password" },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await context.password.hash(randomBytes(32).toString("base64url")),
  });
  await db.update(users).set({ role: "staff", updatedAt: new Date() }).where(eq(users.id, created.id));
  // The same kind of token as 'lupa password', so /reset-password sets the first password.
  const token = randomBytes(24).toString("base64url");
  await context.internalAdapter.createVerificationValue({
    value: created.id,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
  });
  const href = `${config().appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await enqueueMail(db, "staff-invitation", staffInvitationMail(email, name, actor.name, href));
  log.info("staff invited", { ownerId: actor.id, userId: created.id });
  return { ok: true, message: `Undangan dikirim ke ${email}.` };
}

/** Removes a staff member: the account becomes a customer's and every session of it ends now. */
export async function removeStaff(db: Database, actor: AdminActor, input: unknown): Promise<TeamResult> {
  assertOwner(actor);
  const parsed = z.object({ userId: z.string().min(1).max(100) }).safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, message: "Anggota tim tidak dikenal." };
  if (parsed.data.userId === actor.id)
    return { ok: false, status: 400, message: "Anda tidak dapat menghapus akun Anda sendiri dari tim." };
  return db.transaction(async (tx) => {
    const [member] = await tx
      .update(users)
      .set({ role: "customer", updatedAt: new Date() })
      .where(and(eq(users.id, parsed.data.userId), eq(users.role, "staff")))
      .returning({ id: users.id, name: users.name });
    if (!member) return { ok: false as const, status: 404, message: "Staf tidak ditemukan (mungkin sudah dihapus)." };
    const ended = await tx.delete(sessions).where(eq(sessions.userId, member.id)).returning({ id: sessions.id });
    log.info("staff removed", { ownerId: actor.id, userId: member.id, sessionsEnded: ended.length });
    return { ok: true as const, message: `${member.name} dihapus dari tim; ${ended.length} sesi diakhiri.` };
  });
}
