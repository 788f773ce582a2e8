// admin:create's logic on a real database: create, promote, refuse bad input.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { users } from "~/db/schema";
import { registerCustomer, signIn, signInAdmin, type AccountDeps } from "./customer.server";
import { createOrPromoteAdmin } from "./staff.server";
import { createAuth } from "./auth.server";
import type * as MailModule from "../notifications/mail-transport.server";

let clientCounter = 0;
/** A distinct client address per sign-up, so the per-client limit never mixes tests. */
const newClient = () => ({ key: `test-client-${++clientCounter}` });

vi.mock("../notifications/mail-transport.server", async (importOriginal) => ({
  ...(await importOriginal<typeof MailModule>()),
  sendMail: vi.fn(async () => {}),
}));

let testDb: TestDatabase;
let deps: AccountDeps;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  deps = { db: testDb.db, auth: createAuth(testDb.db) };
});
afterAll(async () => {
  await testDb?.destroy();
});

const client = () => ({ key: `admin-test-${Math.random()}` });

describe("createOrPromoteAdmin", () => {
  it("creates a verified admin who can sign in", async () => {
    const result = await createOrPromoteAdmin(
      testDb.db,
      { email: " Pemilik@Contoh.ID ", password: "Admin-Sayur-2025", name: "Pak Pemilik" },
      deps.auth,
    );
    expect(result).toEqual({ status: 201, body: { message: "Akun admin pemilik@contoh.id dibuat. Peran: Pemilik." } });
    const [row] = await testDb.db.select().from(users).where(eq(users.email, "pemilik@contoh.id"));
    expect(row).toMatchObject({ role: "admin", emailVerified: true, name: "Pak Pemilik" });
    const login = await signIn(deps, { email: "pemilik@contoh.id", password: "Admin-Sayur-2025" }, client());
    expect(login.ok && login.user.role).toBe("admin");
  });

  it("promotes an existing customer and keeps their password", async () => {
    await registerCustomer(
      deps,
      {
        name: "Dewi",
        email: "dewi@contoh.id",
        phone: "081234567890",
        address: "Jl. Melati 2",
        password: "Dewi-Punya-Password",
        confirmPassword: "Dewi-Punya-Password",
        terms: true,
      },
      newClient(),
    );
    const result = await createOrPromoteAdmin(
      testDb.db,
      { email: "dewi@contoh.id", password: "Password-Diabaikan" },
      deps.auth,
    );
    expect(result.status).toBe(200);
    expect(result.body.message).toMatch(/sekarang admin/);
    const login = await signIn(deps, { email: "dewi@contoh.id", password: "Dewi-Punya-Password" }, client());
    expect(login.ok && login.user.role).toBe("admin");
    const again = await createOrPromoteAdmin(
      testDb.db,
      { email: "dewi@contoh.id", password: "Password-Diabaikan" },
      deps.auth,
    );
    expect(again.body.message).toMatch(/sudah admin/);
  });

  it("creates a staff member with --role staff, who may sign in to the panel, and refuses an unknown role", async () => {
    const result = await createOrPromoteAdmin(
      testDb.db,
      { email: "staf.baru@contoh.id", password: "Staf-Sayur-2025", name: "Mbak Staf", role: "staff" },
      deps.auth,
    );
    expect(result).toEqual({ status: 201, body: { message: "Akun staf staf.baru@contoh.id dibuat. Peran: Staf." } });
    const login = await signInAdmin(deps, { email: "staf.baru@contoh.id", password: "Staf-Sayur-2025" }, client());
    expect(login.ok && login.user.role).toBe("staff");
    // The same command with the default role makes them the owner.
    const promoted = await createOrPromoteAdmin(
      testDb.db,
      { email: "staf.baru@contoh.id", password: "x-diabaikan-x" },
      deps.auth,
    );
    expect(promoted.body.message).toMatch(/sekarang admin .*Peran: Pemilik/);
    const refused = await createOrPromoteAdmin(
      testDb.db,
      { email: "lain@contoh.id", password: "Staf-Sayur-2025", role: "manager" },
      deps.auth,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/Peran harus owner, staff atau courier/);
    // '--role courier': a courier ('Kurir'), who signs in to the shop and sees only /kurir.
    const courier = await createOrPromoteAdmin(
      testDb.db,
      { email: "kurir.baru@contoh.id", password: "Kurir-Sayur-2025", name: "Pak Joko", role: "courier" },
      deps.auth,
    );
    expect(courier).toMatchObject({
      status: 201,
      body: { message: expect.stringMatching(/Akun kurir .*Peran: Kurir/) },
    });
  });

  it.each([
    [{ email: "bukan-email", password: "Admin-Sayur-2025" }, /email: Email tidak valid/],
    [{ email: "a@contoh.id", password: "pendek" }, /password: Password minimal 8 karakter/],
    [{ email: "a@contoh.id" }, /password/],
    [{}, /email/],
  ])("refuses %j and creates nothing", async (input, message) => {
    const before = await testDb.db.select({ id: users.id }).from(users);
    const result = await createOrPromoteAdmin(testDb.db, input, deps.auth);
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(message);
    expect(await testDb.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });
});
