// Team accounts: `npm run admin:create` creates an owner ('Pemilik', the default), a staff
// member ('Staf') or a courier ('Kurir'), or gives an existing account that role.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { ROLE_LABELS } from "~/lib/roles";
import { isSingleLineText, SINGLE_LINE_MESSAGE } from "~/lib/form-text";
import { createAuth, type Auth } from "./auth.server";

export const adminCreateInput = z.object({
  email: z.string().trim().toLowerCase().email("Email tidak valid."),
  password: z.string().min(8, "Password minimal 8 karakter.").max(128, "Password maksimal 128 karakter."),
  name: z.string().trim().min(1).max(100).refine(isSingleLineText, SINGLE_LINE_MESSAGE).optional(),
  role: z
    .enum(["owner", "staff", "courier"], { error: "Peran harus owner, staff atau courier." })
    .default("owner")
    .transform((role) => (role === "owner" ? ("admin" as const) : role)),
});

export async function createOrPromoteAdmin(
  db: Database,
  input: unknown,
  auth?: Auth,
): Promise<{ status: number; body: { message?: string; error?: string } }> {
  const parsed = adminCreateInput.safeParse(input);
  if (!parsed.success) {
    return {
      status: 400,
      body: { error: parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ") },
    };
  }
  const { email, password, name, role } = parsed.data;
  // 'admin' stays the word for the owner in these messages: scripts and guides look for it.
  const word = role === "admin" ? "admin" : role === "courier" ? "kurir" : "staf";
  const label = ROLE_LABELS[role];
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  if (existing) {
    await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return {
      status: 200,
      body: {
        message:
          existing.role === role
            ? `${email} sudah ${word}; tidak ada yang berubah (password tidak diubah). Peran: ${label}.`
            : `${email} sekarang ${word} (password tidak diubah). Peran: ${label}.`,
      },
    };
  }
  const authApi = auth ?? createAuth(db);
  const created = await authApi.api.signUpEmail({ body: { email, password, name: name ?? "Admin" } });
  await db.update(users).set({ role, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, created.user.id));
  return { status: 201, body: { message: `Akun ${word} ${email} dibuat. Peran: ${label}.` } };
}
