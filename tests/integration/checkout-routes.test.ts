// The checkout and order routes as the server runs them (loader and action functions with
// real requests and sessions) on a fresh database: what each customer gets back.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products, users } from "~/db/schema";
import { COMMON_PASSWORD_MESSAGE } from "~/server/accounts/password-policy.server";
import { EMAIL_TAKEN_MESSAGE } from "~/server/accounts/checkout-account.server";
import { createAuth, setAuthForTests } from "~/server/accounts/auth.server";
import { loadConfig } from "~/server/config.server";
import { loader as cartProductsLoader } from "~/routes/api.cart-products";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as orderLoader } from "~/routes/orders.$id";
import { loader as ordersLoader } from "~/routes/orders";
import { loader as successLoader } from "~/routes/order-success";
import { configureBankAccount, createUser, nextDelivery, signIn } from "../support/factories";
import { cookieHeader } from "../support/http";
import { admitAsDeclared, contextFor } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const BASE = "http://localhost:3000";
let testDb: TestDatabase;
const store = globalThis as typeof globalThis & { __shopDatabase?: Promise<unknown> };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  // The routes ask getDb() for the process database: hand them this test's one.
  store.__shopDatabase = Promise.resolve(testDb);
  setAuthForTests(createAuth(testDb.db, loadConfig({ ...process.env, APP_URL: BASE })));
  // A fresh shop takes no transfers until the owner enters the shop's own account.
  await configureBankAccount(testDb.db);
});

afterAll(async () => {
  setAuthForTests(undefined);
  store.__shopDatabase = undefined;
  await testDb?.destroy();
});

async function customer(name: string) {
  const user = await createUser(testDb.db, { name, phone: "6281234567890", address: "Jl. Kalimantan No. 37, Jember" });
  return { cookie: await signIn(testDb.db, user), id: user.id, email: user.email, password: user.password };
}

async function product(overrides: Partial<typeof products.$inferInsert> = {}) {
  const slug = `produk-${randomBytes(4).toString("hex")}`;
  const [row] = await testDb.db
    .insert(products)
    .values({ name: "Kangkung", slug, price: 3000, unit: "per ikat", stock: 10, ...overrides })
    .returning();
  return row;
}

function get(path: string, cookie?: string) {
  return new Request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} });
}

// A post made with JavaScript is a fetch (Sec-Fetch-Mode: cors); a plain form post navigates.
const WITH_SCRIPT: [string, string] = ["with-script", "1"];

function post(path: string, cookie: string, fields: [string, string][]) {
  const script = fields.some(([k]) => k === WITH_SCRIPT[0]);
  const body = new URLSearchParams(fields.filter(([k]) => k !== WITH_SCRIPT[0]));
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: {
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-mode": script ? "cors" : "navigate",
    },
  });
}

type Args = { request: Request; params: Record<string, string>; context: never; unstable_pattern: string };
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: contextFor(request) as never, unstable_pattern: "" }) as Args;

/** Runs a loader or action and returns what the server would answer: a Response, or data with its status. */
async function run(
  fn: (a: Args) => unknown,
  a: Args,
): Promise<{ status: number; location: string | null; data: unknown; cookies: string[] }> {
  try {
    await admitAsDeclared(fn as never, a.request, a.context as never);
    const result = (await fn(a)) as
      { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } } | Response;
    if (result instanceof Response)
      return {
        status: result.status,
        location: result.headers.get("location"),
        data: null,
        cookies: result.headers.getSetCookie(),
      };
    if (result && typeof result === "object" && result.type === "DataWithResponseInit") {
      const cookies = new Headers(result.init?.headers).getSetCookie();
      return { status: result.init?.status ?? 200, location: null, data: result.data, cookies };
    }
    return { status: 200, location: null, data: result, cookies: [] };
  } catch (thrown) {
    if (thrown instanceof Response)
      return {
        status: thrown.status,
        location: thrown.headers.get("location"),
        data: null,
        cookies: thrown.headers.getSetCookie(),
      };
    throw thrown;
  }
}

const SESSION_COOKIE = /^sayur\.session_token=/;

async function usersWithEmail(email: string) {
  return testDb.db.select().from(users).where(eq(users.email, email));
}

async function ordersOf(userId: string) {
  return testDb.db.select().from(orders).where(eq(orders.userId, userId));
}

function checkoutFields(key: string, lines: [string, number][], extra: [string, string][] = []): [string, string][] {
  return [
    ["name", "Siti Aminah"],
    ["phone", "0812 3456 7890"],
    ["address", "Jl. Kalimantan No. 37, Sumbersari"],
    ["notes", "Titip tetangga"],
    ["slot", "sore"],
    ["deliveryDate", nextDelivery().deliveryDate],
    ["idempotencyKey", key],
    ...lines.flatMap(([id, q]): [string, string][] => [
      ["productId", id],
      ["quantity", String(q)],
      ["price", "1"],
    ]),
    ...extra,
  ];
}

describe("checkout route", () => {
  it("lets a visitor make the account in the form: one press signs them in and places the order", async () => {
    const page = await run(checkoutLoader as never, args(get("/checkout")));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ guest: true, prefill: { name: "", phone: "", address: "" } });

    const tomat = await product({ name: "Tomat Merah", price: 12000, stock: 5 });
    const email = `siti.${randomBytes(4).toString("hex")}@contoh.id`;
    const res = await run(
      checkoutAction as never,
      args(
        post(
          "/checkout",
          "",
          checkoutFields(
            randomBytes(16).toString("hex"),
            [[tomat.id, 2]],
            [
              ["account", "register"],
              ["email", email],
              ["password", "Kebun-Sawi-2026"],
            ],
          ),
        ),
      ),
    );
    // Without scripts: straight on to the thank-you page, signed in (the session cookie is set).
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/^\/order-success\?order=/);
    expect(res.cookies.some((c) => SESSION_COOKIE.test(c))).toBe(true);
    const [account] = await usersWithEmail(email);
    // The account is made from the recipient details typed anyway.
    expect(account).toMatchObject({ name: "Siti Aminah", phone: "6281234567890", role: "customer" });
    expect((await ordersOf(account.id)).map((o) => o.totalAmount)).toEqual([24000]);
    // The session works everywhere: the checkout now knows the shopper.
    const cookie = cookieHeader(res.cookies);
    expect((await run(checkoutLoader as never, args(get("/checkout", cookie)))).data).toMatchObject({
      guest: false,
      prefill: { name: "Siti Aminah" },
    });
  });

  it("a visitor's wrong password: said beside the password, what was typed kept, no order and no session", async () => {
    const siti = await customer("Siti Aminah");
    const tomat = await product({ name: "Tomat Merah", price: 12000, stock: 5 });
    const fields = (password: string) =>
      checkoutFields(
        randomBytes(16).toString("hex"),
        [[tomat.id, 1]],
        [
          ["account", "login"],
          ["email", siti.email.toUpperCase()],
          ["password", password],
        ],
      );
    const wrong = await run(checkoutAction as never, args(post("/checkout", "", fields("Salah-Sekali-99"))));
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({
      ok: false,
      dialog: false,
      fieldErrors: { password: "Email atau password salah. Silakan coba lagi." },
      values: { name: "Siti Aminah", address: "Jl. Kalimantan No. 37, Sumbersari", account: "login" },
    });
    expect((wrong.data as { values: Record<string, string> }).values.password).toBeUndefined();
    expect(wrong.cookies).toEqual([]);
    expect(await ordersOf(siti.id)).toEqual([]);

    // The right password: signed in to that account and the order is theirs.
    const right = await run(checkoutAction as never, args(post("/checkout", "", fields(siti.password))));
    expect(right.status).toBe(303);
    expect(right.cookies.some((c) => SESSION_COOKIE.test(c))).toBe(true);
    expect(await ordersOf(siti.id)).toHaveLength(1);
  });

  it("a visitor signing up with a taken e-mail or a weak password: told in place, nothing made", async () => {
    const siti = await customer("Siti Aminah");
    const tomat = await product({ name: "Tomat Merah", price: 12000, stock: 5 });
    const attempt = (email: string, password: string) =>
      run(
        checkoutAction as never,
        args(
          post(
            "/checkout",
            "",
            checkoutFields(
              randomBytes(16).toString("hex"),
              [[tomat.id, 1]],
              [
                ["with-script", "1"],
                ["account", "register"],
                ["email", email],
                ["password", password],
              ],
            ),
          ),
        ),
      );
    const taken = await attempt(siti.email, "Kebun-Sawi-2026");
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({ ok: false, dialog: false, fieldErrors: { email: EMAIL_TAKEN_MESSAGE } });
    expect(taken.cookies).toEqual([]);
    expect(await usersWithEmail(siti.email)).toHaveLength(1);
    expect(await ordersOf(siti.id)).toEqual([]);

    const fresh = `baru.${randomBytes(4).toString("hex")}@contoh.id`;
    const weak = await attempt(fresh, "password123");
    expect(weak.status).toBe(400);
    expect(weak.data).toMatchObject({ fieldErrors: { password: COMMON_PASSWORD_MESSAGE }, values: { email: fresh } });
    expect(await usersWithEmail(fresh)).toEqual([]);
  });

  it("prefills from the profile and gives fresh prices for the cart's ids", async () => {
    const siti = await customer("Siti Aminah");
    const bayam = await product({ name: "Bayam Hijau", price: 4000, discount: 10 });
    const hidden = await product({ name: "Lama", isActive: false });
    const first = await run(checkoutLoader as never, args(get("/checkout", siti.cookie)));
    expect(first.status).toBe(200);
    const body = first.data as { prefill: Record<string, string>; idempotencyKey: string };
    expect(body.prefill).toEqual({
      name: "Siti Aminah",
      phone: "0812-3456-7890",
      address: "Jl. Kalimantan No. 37, Jember",
    });
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    // The page refreshes its cart as /cart does: one endpoint for both.
    const fresh = (await cartProductsLoader(
      args(get(`/api/cart-products?ids=${bayam.id},${hidden.id},bukan-id`, siti.cookie)) as never,
    )) as Response;
    const { products: current } = (await fresh.json()) as {
      products: { id: string; price: number; discount: number }[];
    };
    expect(current.map((p) => [p.id, p.price, p.discount])).toEqual([[bayam.id, 4000, 10]]);
    const second = (await run(checkoutLoader as never, args(get("/checkout", siti.cookie)))).data as {
      idempotencyKey: string;
    };
    expect(second.idempotencyKey).not.toBe(body.idempotencyKey);
  });

  it("without JavaScript: stores the order and redirects (303) to the page with the chat link", async () => {
    const siti = await customer("Siti Aminah");
    const tomat = await product({ name: "Tomat Merah", price: 12000, stock: 5 });
    const key = randomBytes(16).toString("hex");
    const res = await run(
      checkoutAction as never,
      args(post("/checkout", siti.cookie, checkoutFields(key, [[tomat.id, 2]]))),
    );
    expect(res.status).toBe(303);
    const orderId = res.location?.match(/^\/order-success\?order=([0-9a-f-]{36})$/)?.[1];
    expect(orderId).toBeTruthy();
    const [stored] = await testDb.db.select().from(orders).where(eq(orders.id, orderId!));
    expect(stored).toMatchObject({
      userId: siti.id,
      totalAmount: 24000,
      recipientPhone: "6281234567890",
      deliverySlot: "sore",
      notes: "Titip tetangga",
    });

    const success = await run(successLoader as never, args(get(`/order-success?order=${orderId}`, siti.cookie)));
    const page = success.data as { order: { number: string; chatUrl: string } };
    expect(page.order.number).toBe(orderId!.slice(0, 8));
    const text = new URL(page.order.chatUrl).searchParams.get("text");
    expect(text).toContain(`No. Pesanan: #${orderId!.slice(0, 8)}`);
    expect(text).toContain("1. Tomat Merah - 2 x Rp 12.000 = Rp 24.000");

    // Someone else gets the thank-you page, but not this order's chat link.
    const budi = await customer("Budi");
    expect((await run(successLoader as never, args(get(`/order-success?order=${orderId}`, budi.cookie)))).data).toEqual(
      { order: null },
    );
    expect((await run(successLoader as never, args(get(`/order-success?order=${orderId}`)))).data).toEqual({
      order: null,
    });
  });

  it("with JavaScript: answers with the order and its chat link; a resubmit gives the same order", async () => {
    const siti = await customer("Siti Aminah");
    const tomat = await product({ name: "Tomat Merah", price: 12000, stock: 5 });
    const key = randomBytes(16).toString("hex");
    const fields = checkoutFields(key, [[tomat.id, 1]], [WITH_SCRIPT]);
    const first = await run(checkoutAction as never, args(post("/checkout", siti.cookie, fields)));
    const again = await run(checkoutAction as never, args(post("/checkout", siti.cookie, fields)));
    expect(first.status).toBe(200);
    const a = first.data as { ok: true; orderId: string; chatUrl: string };
    expect(a.ok).toBe(true);
    expect(again.data).toEqual(a);
    expect(a.chatUrl.startsWith("https://wa.me/6281234567890?text=")).toBe(true);
    expect(await testDb.db.$count(orders, eq(orders.userId, siti.id))).toBe(1);
  });

  it("offers the active payment methods, stores the chosen one and names it in the chat; refuses one switched off", async () => {
    const siti = await customer("Siti Aminah");
    const tomat = await product({ name: "Tomat Merah", price: 12000, stock: 5 });
    const page = (await run(checkoutLoader as never, args(get("/checkout", siti.cookie)))).data as {
      paymentOptions: { method: string }[];
    };
    expect(page.paymentOptions.map((o) => o.method)).toEqual(["transfer", "cod"]);

    const qris = checkoutFields(
      randomBytes(16).toString("hex"),
      [[tomat.id, 1]],
      [WITH_SCRIPT, ["paymentMethod", "qris"]],
    );
    const refused = await run(checkoutAction as never, args(post("/checkout", siti.cookie, qris)));
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      ok: false,
      fieldErrors: { paymentMethod: "QRIS sedang tidak tersedia. Pilih metode pembayaran lain." },
    });
    const odd = checkoutFields(
      randomBytes(16).toString("hex"),
      [[tomat.id, 1]],
      [WITH_SCRIPT, ["paymentMethod", "kartu"]],
    );
    expect((await run(checkoutAction as never, args(post("/checkout", siti.cookie, odd)))).data).toMatchObject({
      fieldErrors: { paymentMethod: "Pilih metode pembayaran." },
    });
    expect(await testDb.db.$count(orders, eq(orders.userId, siti.id))).toBe(0);

    const transfer = checkoutFields(
      randomBytes(16).toString("hex"),
      [[tomat.id, 1]],
      [WITH_SCRIPT, ["paymentMethod", "transfer"]],
    );
    const placed = (await run(checkoutAction as never, args(post("/checkout", siti.cookie, transfer)))).data as {
      orderId: string;
      chatUrl: string;
    };
    expect(new URL(placed.chatUrl).searchParams.get("text")).toContain("Metode Pembayaran: Transfer Bank");
    const [row] = await testDb.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row).toMatchObject({ paymentMethod: "transfer", paymentStatus: "unpaid" });
  });

  it("puts each invalid field's message next to it and stores nothing", async () => {
    const siti = await customer("Siti Aminah");
    const tomat = await product({ stock: 5 });
    const key = randomBytes(16).toString("hex");
    const bad = checkoutFields(key, [[tomat.id, 1]]).map(([k, v]): [string, string] =>
      k === "phone" ? [k, "12345"] : k === "address" ? [k, "Jl"] : [k, v],
    );
    const res = await run(checkoutAction as never, args(post("/checkout", siti.cookie, bad)));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      ok: false,
      fieldErrors: {
        phone: expect.stringMatching(/^Nomor telepon tidak valid/),
        address: "Alamat minimal 5 karakter.",
      },
      dialog: false,
    });

    const empty = checkoutFields(key, [[tomat.id, 1]]).map(([k, v]): [string, string] =>
      k === "name" ? [k, ""] : [k, v],
    );
    expect((await run(checkoutAction as never, args(post("/checkout", siti.cookie, empty)))).data).toMatchObject({
      dialog: true,
      title: "Data Tidak Lengkap",
      message: "Mohon lengkapi semua data pengiriman.",
    });

    const fractional = checkoutFields(key, [[tomat.id, 1.5 as number]]);
    expect((await run(checkoutAction as never, args(post("/checkout", siti.cookie, fractional)))).data).toMatchObject({
      fieldErrors: { lines: "Jumlah harus bilangan bulat (gram untuk produk yang ditimbang)." },
      dialog: true,
      title: "Checkout Gagal",
      message: "Jumlah harus bilangan bulat (gram untuk produk yang ditimbang).",
    });
    expect(await testDb.db.$count(orders, eq(orders.userId, siti.id))).toBe(0);
  });

  it("'Pakai' without JavaScript draws checkout again with the code's message, and places nothing", async () => {
    const siti = await customer("Siti Aminah");
    const tomat = await product({ name: "Tomat Merah", price: 12000, stock: 5 });
    const fields = checkoutFields(
      randomBytes(16).toString("hex"),
      [[tomat.id, 2]],
      [
        ["intent", "promo"],
        ["promoCode", "tidakada"],
      ],
    );
    const res = await run(checkoutAction as never, args(post("/checkout", siti.cookie, fields)));
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ promoCheck: true, ok: false, code: "TIDAKADA", message: "Kode promo tidak ditemukan." });
    expect(await ordersOf(siti.id)).toHaveLength(0);
  });

  it("refuses a short line with 'Checkout Gagal' naming the product and what is left", async () => {
    const siti = await customer("Siti Aminah");
    const bayam = await product({ name: "Bayam Hijau", stock: 2 });
    const res = await run(
      checkoutAction as never,
      args(
        post("/checkout", siti.cookie, checkoutFields(randomBytes(16).toString("hex"), [[bayam.id, 3]], [WITH_SCRIPT])),
      ),
    );
    expect(res.status).toBe(409);
    expect(res.data).toMatchObject({
      ok: false,
      problems: [{ productId: bayam.id, message: "Stok Bayam Hijau tidak cukup: tersisa 2." }],
      dialog: true,
      title: "Checkout Gagal",
      message: "Stok Bayam Hijau tidak cukup: tersisa 2.",
    });
  });
});

describe("order pages", () => {
  it("show an order to its customer only", async () => {
    const siti = await customer("Siti Aminah");
    const budi = await customer("Budi Santoso");
    const tomat = await product({ name: "Tomat Merah", price: 12000, stock: 5 });
    const placed = await run(
      checkoutAction as never,
      args(
        post("/checkout", siti.cookie, checkoutFields(randomBytes(16).toString("hex"), [[tomat.id, 1]], [WITH_SCRIPT])),
      ),
    );
    const { orderId } = placed.data as { orderId: string };

    const mine = await run(orderLoader as never, args(get(`/orders/${orderId}`, siti.cookie), { id: orderId }));
    expect(mine.status).toBe(200);
    const detail = mine.data as { order: { id: string; notes: string }; helpUrl: string };
    expect(detail.order.notes).toBe("Titip tetangga");
    expect(new URL(detail.helpUrl).searchParams.get("text")).toBe(
      `Halo Sayur Jember, saya butuh bantuan untuk pesanan #${orderId.slice(0, 8)}.`,
    );

    // Budi is sent to his profile, with nothing of Siti's order.
    const theirs = await run(orderLoader as never, args(get(`/orders/${orderId}`, budi.cookie), { id: orderId }));
    expect(theirs).toMatchObject({ status: 302, location: "/profile", data: null });
    const list = (await run(ordersLoader as never, args(get("/orders", budi.cookie)))).data as {
      orders: unknown[];
      hasAnyOrder: boolean;
    };
    expect(list).toMatchObject({ orders: [], hasAnyOrder: false });

    for (const id of ["00000000-0000-0000-0000-000000000000", "bukan-pesanan", "%27%20or%201%3D1"]) {
      const res = await run(orderLoader as never, args(get(`/orders/${id}`, siti.cookie), { id }));
      expect(res).toMatchObject({
        status: 404,
        location: null,
        data: { order: null, helpUrl: null, resendUrl: null, bill: null, whatsapp: null, chatMissing: false },
      });
    }
    expect(await run(orderLoader as never, args(get(`/orders/${orderId}`), { id: orderId }))).toMatchObject({
      status: 302,
      location: `/login?redirect=${encodeURIComponent(`/orders/${orderId}`)}`,
    });
  });

  it("lists with odd query parameters without failing", async () => {
    const siti = await customer("Siti Aminah");
    const res = await run(
      ordersLoader as never,
      args(get("/orders?page=-3&status=hilang&time=kemarin&q=%25%27%3B--", siti.cookie)),
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ query: { page: 1, status: "all", time: "all", q: "%';--" }, total: 0 });
  });
});
