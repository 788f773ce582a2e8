// Catalog and content pages are the same bytes for every visitor, so a CDN, nginx or the
// shop's own page cache may keep them: nothing about the person asking is ever in them,
// whatever cookie (or spelling of one) comes with the request. Who is signed in reaches the
// browser only through /api/visitor, which nobody may store.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "~/db/schema";
import { createCategory, createProduct, createUser, signIn, type TestUser } from "../support/factories";
import { postgresOrSkip, setupPostgresShop } from "../support/postgres";

const pgUp = await postgresOrSkip(
  "catalog-public: PostgreSQL is unreachable, so the test (which signs people in beside the server) cannot run",
);
const shop = setupPostgresShop("catalog-public", { enabled: pgUp });

let customer: TestUser;
let admin: TestUser;
let customerCookie: string;
let adminCookie: string;
let pages: string[];

const PHONE = "081999777555";
const ADDRESS = "Jl. Rahasia Pelanggan No. 99, Patrang";

async function get(pathName: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${shop.url}${pathName}`, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The page without its per-response CSP nonce (the only bytes that may differ between two answers). */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** Every way a browser, a proxy or an attacker might spell the session cookie. */
function cookieSpellings(cookie: string): Record<string, string> {
  const [name, ...rest] = cookie.split(";")[0].split("=");
  const value = rest.join("=");
  return {
    "as the browser sends it": cookie,
    "with a space before =": `${name} =${value}`,
    "with spaces around it": `  ${name}=${value} ;`,
    "with the __Secure- prefix": `__Secure-${name}=${value}`,
    "with the __Host- prefix": `__Host-${name}=${value}`,
    duplicated: `${name}=${value}; ${name}=${value}`,
    "after another cookie": `tema=gelap; ${name}=${value}`,
    "in capitals": `${name.toUpperCase()}=${value}`,
    quoted: `${name}="${value}"`,
    "percent-encoded": `${name}=${encodeURIComponent(decodeURIComponent(value))}`,
    "next to a wrong one": `${name}=palsu; ${name}=${value}`,
    // Everything sign-in set, including the session's encrypted copy read by /api/visitor.
    "with the session's cached copy": cookie,
  };
}

describe.skipIf(!pgUp)("catalog pages are the same for everyone", () => {
  beforeAll(async () => {
    const category = await createCategory(shop.db);
    const product = await createProduct(shop.db, { categoryId: category.id });
    customer = await createUser(shop.db, { name: "Rahasia Pelanggan Satu", phone: PHONE, address: ADDRESS });
    admin = await createUser(shop.db, { role: "admin", name: "Rahasia Staf Toko" });
    customerCookie = await signIn(shop.db, customer);
    adminCookie = await signIn(shop.db, admin);
    pages = [
      "/",
      "/products",
      "/products?q=sayur",
      "/products?page=2",
      `/products/${product.slug}`,
      "/categories",
      `/category/${category.slug}`,
      "/search",
      "/about",
      "/supply-with-us",
      "/contact",
      "/terms",
      "/privacy",
    ];
  });

  function expectNothingPersonal(body: string, label: string) {
    for (const person of [customer, admin]) {
      expect(body, label).not.toContain(person.email);
      expect(body, label).not.toContain(person.name);
    }
    expect(body, label).not.toContain(PHONE);
    expect(body, label).not.toContain(ADDRESS);
    expect(body, label).not.toContain("Akun Saya");
  }

  it("signed-in requests with every cookie spelling get the visitor's public page, byte for byte", async () => {
    for (const page of pages) {
      // Signed in first, so a cache filled by a signed-in request is what the next visitor gets.
      const signedInAnswers = [];
      for (const cookie of [customerCookie, adminCookie])
        for (const [spelling, header] of Object.entries(cookieSpellings(cookie))) {
          const label = `${page} ${spelling}`;
          const answer = await get(page, { cookie: header });
          expect(answer.status, label).toBe(200);
          expect(answer.headers.get("cache-control"), label).toMatch(/^public/);
          expect(answer.headers.get("set-cookie"), label).toBeNull();
          expect(answer.headers.get("vary") ?? "", label).not.toMatch(/cookie/i);
          expectNothingPersonal(answer.body, label);
          signedInAnswers.push({ label, body: answer.body });
        }
      const visitor = await get(page);
      expect(visitor.status, page).toBe(200);
      expect(visitor.headers.get("cache-control"), page).toMatch(/^public/);
      expectNothingPersonal(visitor.body, page);
      for (const { label, body } of signedInAnswers) expect(withoutNonce(body), label).toBe(withoutNonce(visitor.body));
    }
  });

  it("the browser router's data requests for catalog pages carry nothing personal either", async () => {
    for (const dataPath of ["/_root.data", "/products.data", "/categories.data", "/about.data"]) {
      const answer = await get(dataPath, { cookie: customerCookie });
      expect(answer.status, dataPath).toBe(200);
      expectNothingPersonal(answer.body, dataPath);
    }
  });

  it("/api/visitor tells each person only about themself and is never stored", async () => {
    for (const [spelling, header] of Object.entries(cookieSpellings(customerCookie))) {
      const answer = await get("/api/visitor", { cookie: header });
      expect(answer.status, spelling).toBe(200);
      expect(answer.headers.get("cache-control"), spelling).toBe("private, no-store");
      const { user } = JSON.parse(answer.body) as { user: { email: string; name: string } | null };
      // A spelling the auth library does not read is simply nobody; it never becomes someone else.
      if (user) expect(user, spelling).toEqual({ email: customer.email, name: customer.name, role: "customer" });
    }
    const mine = JSON.parse((await get("/api/visitor", { cookie: customerCookie })).body);
    expect(mine.user.email).toBe(customer.email);
    const staff = JSON.parse((await get("/api/visitor", { cookie: adminCookie })).body);
    expect(staff.user).toEqual({ email: admin.email, name: admin.name, role: "admin" });
    const nobody = await get("/api/visitor");
    expect(nobody.headers.get("cache-control")).toBe("private, no-store");
    expect(JSON.parse(nobody.body)).toEqual({ user: null });
  });

  it("/api/visitor answers from the session's encrypted cookie copy; every page still asks the database", async () => {
    const shopper = await createUser(shop.db, { name: "Pembeli Sesi Salinan" });
    const cookie = await signIn(shop.db, shopper);
    expect(cookie).toMatch(/session_data=/);
    const tokenOnly = cookie.split(";")[0];
    const fromCopy = await get("/api/visitor", { cookie });
    expect(JSON.parse(fromCopy.body).user.email).toBe(shopper.email);
    expect(fromCopy.headers.get("set-cookie")).toBeNull();
    // Without the copy the database answers, and the copy is handed back for next time.
    const fromDatabase = await get("/api/visitor", { cookie: tokenOnly });
    expect(JSON.parse(fromDatabase.body).user.email).toBe(shopper.email);
    expect(fromDatabase.headers.get("set-cookie")).toMatch(/session_data=/);

    // Signed out elsewhere (the session row is gone): pages know at once, whatever the copy says.
    const [{ id }] = await shop.db.select({ id: users.id }).from(users).where(eq(users.email, shopper.email));
    await shop.db.delete(sessions).where(eq(sessions.userId, id));
    const profile = await get("/profile", { cookie });
    expect(profile.status).toBe(302);
    expect(profile.headers.get("location")).toMatch(/^\/login/);
    expect(profile.body).not.toContain(shopper.email);
    expect(JSON.parse((await get("/api/visitor", { cookie: tokenOnly })).body)).toEqual({ user: null });
    // A copy made for another session's token is refused.
    const other = await signIn(shop.db, customer);
    const foreignCopy = other.split("; ").find((c) => c.includes("session_data="))!;
    const mixed = await get("/api/visitor", { cookie: `${tokenOnly}; ${foreignCopy}` });
    expect(JSON.parse(mixed.body)).toEqual({ user: null });
  });
});
