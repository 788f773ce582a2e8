// Staff accounts: `npm run admin:create` creates an admin or promotes an existing account.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { createAuth, type Auth } from "./auth.server";

export const adminCreateInput = z.object({
  email: z.string().trim().toLowerCase().email("Email tidak valid."),
  password: z.string().min(8, "Password minimal 8 karakter.").max(128, "Password maksimal 128 karakter."),
  name: z.string().trim().min(1).max(100).optional(),
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
  const { email, password, name } = parsed.data;
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  if (existing) {
    await db.update(users).set({ role: "admin", updatedAt: new Date() }).where(eq(users.id, existing.id));
    return {
      status: 200,
      body: {
        message:
          existing.role === "admin"
            ? `${email} sudah admin; tidak ada yang berubah (password tidak diubah).`
            : `${email} sekarang admin (password tidak diubah).`,
      },
    };
  }
  const authApi = auth ?? createAuth(db);
  const created = await authApi.api.signUpEmail({ body: { email, password, name: name ?? "Admin" } });
  await db
    .update(users)
    .set({ role: "admin", emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, created.user.id));
  return { status: 201, body: { message: `Akun admin ${email} dibuat.` } };
}
