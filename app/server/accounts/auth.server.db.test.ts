// The account rules that hold whichever screen calls Better Auth.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, users } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { createAuth, type Auth } from "./auth.server";

let testDb: TestDatabase;
let auth: Auth;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  auth = createAuth(testDb.db);
});
afterAll(() => testDb?.destroy());

describe("password rules", () => {
  it("refuses common passwords at sign-up, with an Indonesian message", async () => {
    for (const password of ["password123", "Indonesia123", "12345678", "aaaaaaaa", "bismillah"]) {
      await expect(
        auth.api.signUpEmail({ body: { email: `x${password}@contoh.id`, password, name: "X" } }),
      ).rejects.toThrow(/terlalu umum/);
    }
  });
  it("refuses passwords under 8 or over 128 characters, and keeps all 128", async () => {
    await expect(
      auth.api.signUpEmail({ body: { email: "pendek@contoh.id", password: "Ab3$xyz", name: "X" } }),
    ).rejects.toThrow();
    await expect(
      auth.api.signUpEmail({
        body: { email: "panjang@contoh.id", password: "k".repeat(60) + "Z".repeat(69), name: "X" },
      }),
    ).rejects.toThrow();
    const long = "Kebun-Sayur-".repeat(10) + "Jember12"; // 128 characters
    expect(long).toHaveLength(128);
    await auth.api.signUpEmail({ body: { email: "panjang2@contoh.id", password: long, name: "X" } });
    // No truncation: the same password minus its last character does not work.
    await expect(
      auth.api.signInEmail({ body: { email: "panjang2@contoh.id", password: long.slice(0, 127) } }),
    ).rejects.toThrow();
    await expect(auth.api.signInEmail({ body: { email: "panjang2@contoh.id", password: long } })).resolves.toBeTruthy();
  });
  it("stores a hash, never the password", async () => {
    await auth.api.signUpEmail({ body: { email: "hash@contoh.id", password: "Tomat-Segar-2026", name: "X" } });
    const [user] = await testDb.db.select().from(users).where(eq(users.email, "hash@contoh.id"));
    const [account] = await testDb.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(account.password).toBeTruthy();
    expect(account.password).not.toContain("Tomat-Segar-2026");
    expect(user.role).toBe("customer");
  });
  it("never lets sign-up set the role", async () => {
    await auth.api
      .signUpEmail({
        body: { email: "nakal@contoh.id", password: "Tomat-Segar-2026", name: "X", role: "admin" } as never,
      })
      .catch(() => {});
    const [user] = await testDb.db.select().from(users).where(eq(users.email, "nakal@contoh.id"));
    expect(user?.role ?? "customer").toBe("customer");
  });
});
