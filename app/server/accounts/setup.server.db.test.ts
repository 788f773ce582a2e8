// The first-run set-up on a real database: one token shared by every caller, nothing made
// without it, exactly one owner of several set-ups at once, and gone for good afterwards.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { users } from "~/db/schema";
import type { AccountDeps } from "./customer.server";
import { createOrPromoteAdmin } from "./staff.server";
import { createAuth } from "./auth.server";
import { readSavedIdentity } from "../shop/identity.server";
import type * as MailModule from "../notifications/mail-transport.server";
import {
  completeSetup,
  ensureSetupToken,
  SETUP_BAD_TOKEN,
  SETUP_LIMITS,
  setupSchema,
  shopHasOwner,
} from "./setup.server";

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
beforeEach(async () => {
  await testDb.db.execute(sql`delete from sessions`);
  await testDb.db.execute(sql`delete from accounts`);
  await testDb.db.execute(sql`delete from shop_settings_history`);
  await testDb.db.execute(sql`delete from users`);
  await testDb.db.execute(sql`delete from verifications`);
  await testDb.db.execute(sql`delete from rate_limits`);
  await testDb.db.execute(sql`delete from shop_settings where key = 'shopIdentity'`);
});

let clients = 0;
const client = () => ({ key: `setup-client-${++clients}`, headers: new Headers() });

function form(token: string, overrides: Record<string, string> = {}) {
  return setupSchema.parse({
    token,
    ownerName: "Bu Sari",
    ownerEmail: "sari@tokosari.id",
    password: "Kebun-Sari-Subur-7",
    name: "Toko Sayur Sari",
    whatsapp: "0812 3333 4444",
    phone: "0331-123456",
    email: "halo@tokosari.id",
    address: "Jl. Kalimantan 10, Jember",
    "hours.0.days": "Setiap hari",
    "hours.0.hours": "06:00 - 18:00",
    serviceArea: "Jember kota",
    heroLine: "Sayur pagi dari kebun Bu Sari",
    ...overrides,
  });
}

const ownerCount = async () =>
  (await testDb.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"))).length;

describe("the set-up token", () => {
  it("is one token for every caller until an owner exists, then none", async () => {
    const tokens = await Promise.all([1, 2, 3, 4].map(() => ensureSetupToken(testDb.db)));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await ensureSetupToken(testDb.db)).toBe(tokens[0]);
    await createOrPromoteAdmin(testDb.db, { email: "pemilik@contoh.id", password: "Admin-Sayur-2025" }, deps.auth);
    expect(await ensureSetupToken(testDb.db)).toBeNull();
  });
});

describe("completeSetup", () => {
  it("makes the owner, saves the shop's identity and signs the owner in", async () => {
    const token = (await ensureSetupToken(testDb.db))!;
    const result = await completeSetup(deps, form(token), client());
    expect(result.ok).toBe(true);
    expect(result.ok && result.headers.getSetCookie().join(";")).toMatch(/session_token=/);
    const [owner] = await testDb.db.select().from(users).where(eq(users.email, "sari@tokosari.id"));
    expect(owner).toMatchObject({ role: "admin", emailVerified: true, name: "Bu Sari" });
    expect(await readSavedIdentity(testDb.db)).toMatchObject({
      name: "Toko Sayur Sari",
      whatsapp: "6281233334444",
      openingHours: [{ days: "Setiap hari", hours: "06:00 - 18:00" }],
    });
    // Gone for good: the token is dead and another set-up is a 404.
    expect(await ensureSetupToken(testDb.db)).toBeNull();
    const again = await completeSetup(deps, form(token, { ownerEmail: "lain@contoh.id" }), client());
    expect(again).toMatchObject({ ok: false, status: 404 });
    expect(await ownerCount()).toBe(1);
  });

  it("makes nothing without the right token, and slows down whoever keeps guessing", async () => {
    const token = (await ensureSetupToken(testDb.db))!;
    const guesser = client();
    for (let i = 0; i < SETUP_LIMITS.perClient; i++) {
      const result = await completeSetup(deps, form(`${token.slice(0, -2)}xx${i}`), guesser);
      expect(result).toMatchObject({ ok: false, status: 403, message: SETUP_BAD_TOKEN });
    }
    // Past the limit even the right token waits.
    expect(await completeSetup(deps, form(token), guesser)).toMatchObject({ ok: false, status: 429 });
    expect(await testDb.db.select({ id: users.id }).from(users)).toEqual([]);
    expect(await readSavedIdentity(testDb.db)).toBeNull();
    // The real holder of the link still gets through.
    expect((await completeSetup(deps, form(token), client())).ok).toBe(true);
  });

  it("makes exactly one owner of several set-ups posted at once", async () => {
    const token = (await ensureSetupToken(testDb.db))!;
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => completeSetup(deps, form(token, { ownerEmail: `pemilik${n}@contoh.id` }), client())),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await ownerCount()).toBe(1);
    expect(await testDb.db.select({ id: users.id }).from(users)).toHaveLength(1);
  });

  it("keeps the link usable when the form is refused after the token was checked", async () => {
    const token = (await ensureSetupToken(testDb.db))!;
    await deps.auth.api.signUpEmail({
      body: { name: "Pelanggan", email: "sari@tokosari.id", password: "Pelanggan-Lama-1" },
    });
    const taken = await completeSetup(deps, form(token), client());
    expect(taken).toMatchObject({ ok: false, status: 400, fieldErrors: { ownerEmail: expect.any(String) } });
    expect(await shopHasOwner(testDb.db)).toBe(false);
    expect((await completeSetup(deps, form(token, { ownerEmail: "pemilik@tokosari.id" }), client())).ok).toBe(true);
  });

  it("is a 404 once admin:create has made an owner", async () => {
    const token = (await ensureSetupToken(testDb.db))!;
    await createOrPromoteAdmin(testDb.db, { email: "pemilik@contoh.id", password: "Admin-Sayur-2025" }, deps.auth);
    expect(await completeSetup(deps, form(token), client())).toMatchObject({ ok: false, status: 404 });
    expect(await ownerCount()).toBe(1);
  });

  it("refuses a WhatsApp number that is not Indonesian, next to the field", () => {
    const parsed = setupSchema.safeParse({ ...form("x"), whatsapp: "12345" });
    expect(parsed.success).toBe(false);
  });
});
