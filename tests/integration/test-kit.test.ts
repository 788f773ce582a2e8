// The test kit's shortcuts stand in for what a user does, so they must be what the shop accepts:
// a session opened by `openSessions` (no password check) is a sign-in the shop's pages honour.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "~/db/schema";
import * as loginRoute from "~/routes/login";
import { createUser, openSessions, type TestUser } from "../support/factories";
import { callLoader, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let customer: TestUser;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  customer = await createUser(testDb.db);
});

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

/** A signed-in visitor who opens /login is sent on (302); a visitor without a session sees the form (200). */
async function signedIn(cookie: string): Promise<boolean> {
  const result = await callLoader(loginRoute.loader, "/login", { cookie });
  expect([200, 302]).toContain(result.status);
  return result.status === 302;
}

describe("openSessions", () => {
  it("opens separate sessions of the account that the shop takes as signed in", async () => {
    const opened = await openSessions(testDb.db, customer.id, 2);
    expect(opened).toHaveLength(2);
    expect(new Set(opened.map((s) => s.token)).size).toBe(2);
    const stored = await testDb.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(stored.map((s) => s.token).sort()).toEqual(opened.map((s) => s.token).sort());
    for (const { cookie } of opened) expect(await signedIn(cookie)).toBe(true);
  });

  it("a session's cookie with a wrong signature, or of a session that was ended, is not signed in", async () => {
    const [first, second] = await openSessions(testDb.db, customer.id, 2);
    const forged = `${first!.cookie.slice(0, first!.cookie.lastIndexOf(".") + 1)}${"A".repeat(43)}%3D`;
    expect(await signedIn(forged)).toBe(false);
    await testDb.db.delete(sessions).where(eq(sessions.token, second!.token));
    expect(await signedIn(second!.cookie)).toBe(false);
    expect(await signedIn(first!.cookie)).toBe(true);
  });
});
