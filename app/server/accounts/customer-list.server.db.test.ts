// 'Akhiri Semua Sesi' on /admin/customers between team members: a staff member can sign out
// customers (and themself), never the owner or another staff member, so nobody on the team
// can keep the owner out of 'Tim'; the owner can end anyone's.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { createUser, signIn } from "../../../tests/support/factories";
import { sessions } from "~/db/schema";
import { endAllSessionsOfUser, listCustomersForAdmin } from "./customer-list.server";
import type * as MailModule from "../notifications/mail-transport.server";

vi.mock("../notifications/mail-transport.server", async (importOriginal) => ({
  ...(await importOriginal<typeof MailModule>()),
  sendMail: vi.fn(async () => {}),
}));

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await testDb?.destroy();
});

const sessionCount = (userId: string) => testDb.db.$count(sessions, eq(sessions.userId, userId));

describe("ending sessions of team members", () => {
  it("a staff member cannot end the owner's or another staff member's sessions; the owner can", async () => {
    const owner = await createUser(testDb.db, { role: "admin" });
    const staff = await createUser(testDb.db, { role: "staff" });
    const colleague = await createUser(testDb.db, { role: "staff" });
    const customer = await createUser(testDb.db);
    for (const user of [owner, staff, colleague, customer]) await signIn(testDb.db, user);
    const asStaff = { id: staff.id, role: "staff" as const };
    const asOwner = { id: owner.id, role: "admin" as const };

    for (const target of [owner, colleague]) {
      const refused = await endAllSessionsOfUser(testDb.db, asStaff, { userId: target.id });
      expect(refused).toMatchObject({ ok: false, status: 403, message: expect.stringContaining("Hanya Pemilik") });
      expect(await sessionCount(target.id)).toBe(1);
    }
    // The page offers the button only where it works.
    const rows = await listCustomersForAdmin(testDb.db, asStaff, null);
    const offered = Object.fromEntries(rows.map((r) => [r.id, r.mayEndSessions]));
    expect(offered).toMatchObject({ [owner.id]: false, [colleague.id]: false, [customer.id]: true, [staff.id]: true });

    expect(await endAllSessionsOfUser(testDb.db, asStaff, { userId: customer.id })).toMatchObject({ ok: true });
    expect(await sessionCount(customer.id)).toBe(0);

    expect(await endAllSessionsOfUser(testDb.db, asOwner, { userId: colleague.id })).toMatchObject({ ok: true });
    expect(await sessionCount(colleague.id)).toBe(0);
    expect(await sessionCount(owner.id)).toBe(1);
  });
});
