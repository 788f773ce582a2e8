import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { clearRateLimit, hitRateLimit } from "./rate-limit.server";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await db.destroy();
});

describe("rate limits in the database (shared by every app process)", () => {
  it("counts concurrent hits without losing any, and refuses past the limit", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(db.db, "login:test@x", 5, 600)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds > 0 && r.retryAfterSeconds <= 600)).toBe(
      true,
    );
    expect((await hitRateLimit(db.db, "login:test@x", 5, 600)).allowed).toBe(false);
  });

  it("starts a fresh window once the old one is over, and forgets a cleared key", async () => {
    expect((await hitRateLimit(db.db, "short", 1, 1)).allowed).toBe(true);
    expect((await hitRateLimit(db.db, "short", 1, 1)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await hitRateLimit(db.db, "short", 1, 1)).allowed).toBe(true);
    await clearRateLimit(db.db, "short");
    expect((await hitRateLimit(db.db, "short", 1, 60)).remaining).toBe(0);
  });
});
