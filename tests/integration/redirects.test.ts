// Where login and registration send the browser afterwards, called as React Router calls
// them: a signed-in visitor on /login or /register, and a login form post. Whatever the
// `redirect` value, the Location stays a path on this shop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as loginRoute from "~/routes/login";
import * as registerRoute from "~/routes/register";
import { createUser, signIn, type TestUser } from "../support/factories";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let customer: TestUser;
let cookie: string;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  customer = await createUser(testDb.db);
  cookie = await signIn(testDb.db, customer);
});

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

const BYPASSES = [
  "//evil.example",
  "/\\evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "javascript:alert(1)",
  "https://evil.example/",
];

function expectOnThisSite(location: string | null) {
  expect(location).not.toBeNull();
  expect(location!.startsWith("/")).toBe(true);
  expect(location!.startsWith("//")).toBe(false);
  expect(new URL(location!, "https://sayur.example").origin).toBe("https://sayur.example");
}

describe("redirect after login or registration", () => {
  it.each(BYPASSES)("a signed-in visitor on /login and /register stays on the shop: %j", async (target) => {
    const query = `?redirect=${encodeURIComponent(target)}`;
    for (const [loader, page] of [
      [loginRoute.loader, "/login"],
      [registerRoute.loader, "/register"],
    ] as const) {
      const result = await callLoader(loader, `${page}${query}`, { cookie });
      expect(result.status).toBe(302);
      expectOnThisSite(result.location);
    }
  });

  it("a login post with a bypass in its redirect field lands on the shop", async () => {
    for (const target of ["/..//evil.example", "//evil.example", "/%2e%2e//evil.example"]) {
      const result = await callAction(
        loginRoute.action,
        "/login",
        form({ email: customer.email, password: customer.password, redirect: target }),
      );
      expect(result.status).toBe(303);
      expectOnThisSite(result.location);
    }
  });

  it("a real path on the shop is kept", async () => {
    const result = await callLoader(loginRoute.loader, `/login?redirect=${encodeURIComponent("/checkout?x=1")}`, {
      cookie,
    });
    expect(result.location).toBe("/checkout?x=1");
  });
});
