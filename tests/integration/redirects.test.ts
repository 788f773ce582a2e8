// Where login and registration send the browser afterwards, called as React Router calls
// them: a signed-in visitor on /login or /register, a login form post and a sign-up, which
// signs the new shopper in and returns them to the page they came from. Whatever the
// `redirect` value, the Location stays a path on this shop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as loginRoute from "~/routes/login";
import * as registerRoute from "~/routes/register";
import { createUser, signIn, type TestUser } from "../support/factories";
import { ACCOUNT_TEXT } from "~/lib/account-rules";
import { callAction, callLoader, cookiesAfter, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
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

let signUps = 0;
function signUp(redirect: string, email = `baru.${++signUps}.${Date.now()}@contoh.id`) {
  return form({
    name: "Pembeli Baru",
    email,
    phone: "081234567890",
    address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
    password: "Sayur-Segar-Baru-2026",
    confirmPassword: "Sayur-Segar-Baru-2026",
    terms: "on",
    redirect,
  });
}

const sessionOf = (result: { headers: Headers }) =>
  result.headers.getSetCookie().filter((c) => c.includes("session_token=") && !/max-age=0/i.test(c));

describe("a sign-up on /register", () => {
  it("signs the new shopper in and sends them back to the page they came from", async () => {
    const result = await callAction(registerRoute.action, "/register", signUp("/checkout?x=1"));
    expect(result.status).toBe(303);
    expect(result.location).toBe("/checkout?x=1");
    expect(sessionOf(result)).toHaveLength(1);
    // Signed in: /register itself now sends the shopper on.
    const again = await callLoader(registerRoute.loader, "/register", { cookie: cookiesAfter("", result) });
    expect(again).toMatchObject({ status: 302, location: "/" });
  });

  it("answers the page's own data request with the way back and the notice, and the session", async () => {
    const result = await callAction(registerRoute.action, "/register.data", signUp("/favorites"));
    expect(result.data).toMatchObject({
      ok: true,
      redirectTo: "/favorites",
      message: ACCOUNT_TEXT.registerSuccessNoMail,
    });
    expect(sessionOf(result)).toHaveLength(1);
  });

  it.each(["//evil.example", "/..//evil.example", "https://evil.example/", ""])(
    "lands on the shop whatever the redirect field says: %j",
    async (target) => {
      const result = await callAction(registerRoute.action, "/register", signUp(target));
      expect(result.status).toBe(303);
      expectOnThisSite(result.location);
      expect(sessionOf(result)).toHaveLength(1);
    },
  );

  it("refuses an e-mail that has an account: no session, the field says why", async () => {
    const result = await callAction(registerRoute.action, "/register", signUp("/checkout", customer.email));
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({ ok: false, fieldErrors: { email: ACCOUNT_TEXT.emailTaken } });
    expect(sessionOf(result)).toEqual([]);
  });
});
