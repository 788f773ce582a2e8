// The owner's 'Tim' page: who works in the admin panel, inviting a staff member by e-mail
// (staff only once the invited address is proven: accounts/staff-invitations.server.ts),
// and removing one (back to a customer account, every session and live stream ended at once).
import { randomBytes } from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { ROLE_LABELS, userRole, type InvitedRole, type UserRole } from "~/lib/roles";
import { isSingleLineText, SINGLE_LINE_MESSAGE } from "~/lib/form-text";
import { assertOwner, type AdminActor } from "./actor.server";
import { createAuth, type Auth } from "./auth.server";
import { config } from "../config.server";
import {
  cancelInvitations,
  createInvitation,
  listPendingInvitations,
  type PendingInvitation,
} from "./staff-invitations.server";
import { announceStaffAccessChange } from "../orders/events.server";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import type { FormParseSpec } from "../form-action.server";
import { log } from "../logger.server";
import { mailConfigured } from "../notifications/mail-transport.server";
import { notify } from "../notifications/notify.server";

export type TeamMember = {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  activeSessions: number;
  createdAt: Date;
};

/** An invitation not yet accepted, with the name of the account it is for. */
export type TeamInvitation = PendingInvitation & { name: string };

/** Invitations still waiting for the invited person to open their link. */
export async function listTeamInvitations(db: Database, actor: AdminActor): Promise<TeamInvitation[]> {
  assertOwner(actor);
  const pending = await listPendingInvitations(db);
  if (pending.length === 0) return [];
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(
      inArray(
        users.id,
        pending.map((p) => p.userId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return pending.flatMap((p) => {
    const user = byId.get(p.userId);
    return user && user.role === "customer" && user.email === p.email ? [{ ...p, name: user.name }] : [];
  });
}

export async function listTeam(db: Database, actor: AdminActor): Promise<TeamMember[]> {
  assertOwner(actor);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.role, ["admin", "staff", "courier"]))
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
  // 'Staf' works in the admin panel; 'Kurir' sees only their own runs on /kurir.
  role: z.enum(["staff", "courier"], { error: "Pilih peran: Staf atau Kurir." }).default("staff"),
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
  echo: ["name", "email", "role"],
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
type InviteField = "name" | "email" | "role";

/**
 * Invites a staff member. Nobody becomes staff here: the address gets a link that sets a
 * password and only then makes the account staff (or the account verifies its address
 * after this). A new address gets an account (a customer's, with an unguessable password
 * nobody knows); an existing customer account stays a customer, and whoever registered it
 * keeps no way into the panel, since the link's new password ends every session it had.
 */
export async function inviteStaff(
  db: Database,
  actor: AdminActor & { name: string },
  input: { name: string; email: string; role?: InvitedRole },
  auth: Auth = createAuth(db),
): Promise<FormResult<{ inviteLink?: string }, InviteField>> {
  assertOwner(actor);
  const { name, email } = input;
  const role = input.role ?? "staff";
  const label = ROLE_LABELS[role];
  const [existing] = await db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(eq(users.email, email));
  if (existing && existing.role !== "customer") {
    return formFailure<InviteField>(409, `${email} sudah anggota tim.`, {
      fieldErrors: { email: "Email ini sudah anggota tim." },
    });
  }
  let userId = existing?.id;
  if (!userId) {
    // Made through Better Auth's own adapter rather than sign-up, which would mail a
    // verification link the invited person does not need: the invitation link proves the address.
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
    userId = created.id;
  }
  const token = await createInvitation(db, auth, { userId, email, invitedBy: actor.id, role });
  const href = `${config().appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const queued = await notify(db, {
    kind: "staff-invitation",
    subject: existing
      ? { name: existing.name, invitedBy: actor.name, href, account: "existing", role }
      : { name, invitedBy: actor.name, href, account: "new", role },
    recipient: { userId, email },
  });
  log.info("staff invited", { ownerId: actor.id, userId, role, existingAccount: Boolean(existing) });
  const who = existing?.name ?? name;
  if (queued && mailConfigured()) {
    return formSuccess(`Undangan dikirim ke ${email}. ${who} menjadi ${label} setelah membuka tautan di email itu.`);
  }
  // The mail only waits in the outbox: the owner hands the link over themselves, once, here.
  return formSuccess(inviteNotMailedMessage(email, who, label), { inviteLink: href });
}

/** What 'Kirim Undangan' says while no mail leaves the shop. */
export function inviteNotMailedMessage(email: string, name: string, label = "Staf"): string {
  return `E-mail belum aktif: undangan untuk ${email} tersimpan, tetapi tidak terkirim. Salin tautannya dan kirim ke ${name} lewat WhatsApp; ${name} menjadi ${label} setelah membukanya.`;
}

/**
 * Removes a staff member: the account becomes a customer's, every session of it ends and
 * every live-orders stream it has open closes now, in every server process. For an
 * invitation not yet accepted, withdraws it.
 */
export async function removeStaff(db: Database, actor: AdminActor, input: { userId: string }): Promise<FormResult> {
  assertOwner(actor);
  if (input.userId === actor.id) return formFailure(400, "Anda tidak dapat menghapus akun Anda sendiri dari tim.");
  const result = await db.transaction(async (tx) => {
    const withdrawn = await cancelInvitations(tx, input.userId);
    const [member] = await tx
      .update(users)
      .set({ role: "customer", updatedAt: new Date() })
      .where(and(eq(users.id, input.userId), inArray(users.role, ["staff", "courier"])))
      .returning({ id: users.id, name: users.name });
    if (!member) {
      if (withdrawn === 0) return formFailure(404, "Staf tidak ditemukan (mungkin sudah dihapus).");
      log.info("staff invitation withdrawn", { ownerId: actor.id, userId: input.userId });
      return formSuccess("Undangan dibatalkan; tautannya tidak lagi menjadikan akun itu Staf.");
    }
    const ended = await tx.delete(sessions).where(eq(sessions.userId, member.id)).returning({ id: sessions.id });
    log.info("staff removed", { ownerId: actor.id, userId: member.id, sessionsEnded: ended.length });
    return formSuccess(`${member.name} dihapus dari tim; ${ended.length} sesi diakhiri.`);
  });
  if (result.ok) await announceStaffAccessChange(db);
  return result;
}

/** 'Undang Staf' or 'Hapus dari Tim', by the form's intent. */
export function actOnTeam(
  db: Database,
  actor: AdminActor & { name: string },
  input: TeamAction,
): Promise<FormResult<{ inviteLink?: string }>> {
  return input.intent === "invite" ? inviteStaff(db, actor, input) : removeStaff(db, actor, input);
}
