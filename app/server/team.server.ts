// The owner's 'Tim' page: who works in the admin panel, inviting a staff member by e-mail
// (an account with a link to choose a password), and removing one (back to a customer
// account, every session ended at once).
import { randomBytes } from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { userRole, type UserRole } from "~/lib/roles";
import { isSingleLineText, SINGLE_LINE_MESSAGE } from "~/lib/form-text";
import { assertOwner, type AdminActor } from "./admin-actor.server";
import { createAuth, type Auth } from "./auth.server";
import { config } from "./config.server";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import type { FormParseSpec } from "./form-action.server";
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
    .max(100, "Nama maksimal 100 karakter.")
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE),
  email: z
    .string({ error: "Email wajib diisi." })
    .trim()
    .toLowerCase()
    .max(254, "Email terlalu panjang.")
    .email("Email tidak valid."),
});

/** The two forms of 'Tim', told apart by their intent. */
export const TEAM_FORM = {
  schema: z.discriminatedUnion(
    "intent",
    [
      inviteSchema.extend({ intent: z.literal("invite") }),
      z.object({ intent: z.literal("remove"), userId: z.string().min(1).max(100) }),
    ],
    { error: "Permintaan tidak dikenal." },
  ),
  echo: ["name", "email"],
  invalid: {
    message: (fields: Record<string, unknown>) =>
      fields.intent === "invite"
        ? "Periksa kembali data undangan."
        : fields.intent === "remove"
          ? "Anggota tim tidak dikenal."
          : "Permintaan tidak dikenal.",
  },
} satisfies FormParseSpec;
export type TeamAction = z.output<typeof TEAM_FORM.schema>;
type InviteField = "name" | "email";

/**
 * Invites a staff member. A new address gets an account (verified: the owner vouches for
 * it) with an unguessable password nobody knows and an e-mail with a link to choose one; an
 * existing customer account becomes staff and keeps its password.
 */
export async function inviteStaff(
  db: Database,
  actor: AdminActor & { name: string },
  input: { name: string; email: string },
  auth: Auth = createAuth(db),
): Promise<FormResult<object, InviteField>> {
  assertOwner(actor);
  const { name, email } = input;
  const [existing] = await db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(eq(users.email, email));
  const loginHref = `${config().appUrl}/admin/login`;
  if (existing) {
    if (existing.role !== "customer") {
      return formFailure<InviteField>(409, `${email} sudah anggota tim.`, {
        fieldErrors: { email: "Email ini sudah anggota tim." },
      });
    }
    await db.update(users).set({ role: "staff", updatedAt: new Date() }).where(eq(users.id, existing.id));
    await enqueueMail(db, "staff-invitation", staffInvitationMail(email, existing.name, actor.name, loginHref));
    log.info("customer account made staff", { ownerId: actor.id, userId: existing.id });
    return formSuccess(`${existing.name} sekarang Staf; ia masuk dengan password akunnya sendiri.`);
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
  return formSuccess(`Undangan dikirim ke ${email}.`);
}

/** Removes a staff member: the account becomes a customer's and every session of it ends now. */
export async function removeStaff(db: Database, actor: AdminActor, input: { userId: string }): Promise<FormResult> {
  assertOwner(actor);
  if (input.userId === actor.id) return formFailure(400, "Anda tidak dapat menghapus akun Anda sendiri dari tim.");
  return db.transaction(async (tx) => {
    const [member] = await tx
      .update(users)
      .set({ role: "customer", updatedAt: new Date() })
      .where(and(eq(users.id, input.userId), eq(users.role, "staff")))
      .returning({ id: users.id, name: users.name });
    if (!member) return formFailure(404, "Staf tidak ditemukan (mungkin sudah dihapus).");
    const ended = await tx.delete(sessions).where(eq(sessions.userId, member.id)).returning({ id: sessions.id });
    log.info("staff removed", { ownerId: actor.id, userId: member.id, sessionsEnded: ended.length });
    return formSuccess(`${member.name} dihapus dari tim; ${ended.length} sesi diakhiri.`);
  });
}

/** 'Undang Staf' or 'Hapus dari Tim', by the form's intent. */
export function actOnTeam(db: Database, actor: AdminActor & { name: string }, input: TeamAction): Promise<FormResult> {
  return input.intent === "invite" ? inviteStaff(db, actor, input) : removeStaff(db, actor, input);
}
