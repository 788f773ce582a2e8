// The access-control matrix (OWASP ASVS 5.0 V8) and cross-site refusal (V3.5) on the real
// server: every route of app/routes.ts, its `.data` request and its actions, as a visitor,
// customer A, customer B, a courier, a staff member and the owner. Customer B never sees A's order, its
// final bill or A's 'Saldo', customers never see admin data, and no forbidden or cross-site
// request changes anything in the database. The courier sees their own run (B's order) and
// nothing of A's, which is on a second courier's run.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { openDatabase } from "~/db/client.server";
import {
  balanceEntries,
  categories,
  contactMessages,
  courierRuns,
  courierStops,
  orderChanges,
  orderItems,
  orders,
  products,
  sessions,
  standingOrderLines,
  standingOrders,
} from "~/db/schema";
import { seedCatalogIfEmpty } from "~/db/seed.server";
import {
  ACCESS_MATRIX,
  CLOSED_PATHS,
  ROLES,
  type Fixture,
  type MatrixEntry,
  type Outcome,
  type Role,
} from "../support/access-matrix";
import {
  createContactMessage,
  createOrder,
  createUser,
  openSessions,
  signIn,
  type TestUser,
} from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";
import { cookieHeader } from "../support/http";

const marker = randomBytes(4).toString("hex");
/** Text only customer A and the admin may ever receive. */
const A_SECRET = `Gang Rahasia A-${marker}`;
/** A line of customer A's final bill ('Riwayat Perubahan') and of A's 'Saldo': A and the staff only. */
const A_BILL = `Tagihan rahasia A-${marker}`;
const A_BALANCE = `Saldo rahasia A-${marker}`;
/** Text only the owner and staff may ever receive. */
const ADMIN_SECRET = `Pesan rahasia untuk admin ${marker}`;

let dataDir: string;
let server: TestServer;
let fixture: Fixture;
const users: Partial<Record<Exclude<Role, "visitor">, TestUser>> = {};
/** Team accounts beside the five roles: a second owner, another staff member, one the owner removes. */
const team: { coOwner?: TestUser; colleague?: TestUser; removable?: TestUser } = {};
const cookies = new Map<Role, string>();
/**
 * Sessions made in the seed for the roles an admin post signs out (the customers and the
 * courier), taken one by one after each such sign-out instead of a login through /login, whose
 * password hash made up most of this file's time. Each role's first session is a real login.
 */
const spare = new Map<Role, { token: string; cookie: string }[]>();
const signedInBefore = new Set<Role>();
let originalCategoryName = "";

async function seed() {
  const handle = await openDatabase({ kind: "pglite", dataDir, holder: "access-matrix test" });
  try {
    const db = handle.db;
    await seedCatalogIfEmpty(db);
    users.customerA = await createUser(db, { name: `Ani ${marker}`, address: A_SECRET });
    users.customerB = await createUser(db, { name: `Budi ${marker}` });
    users.admin = await createUser(db, { role: "admin" });
    users.staff = await createUser(db, { role: "staff" });
    users.courier = await createUser(db, { role: "courier" });
    const otherCourier = await createUser(db, { role: "courier" });
    team.coOwner = await createUser(db, { role: "admin" });
    team.colleague = await createUser(db, { role: "staff" });
    team.removable = await createUser(db, { role: "staff" });
    // Signed in somewhere, so a session that should not end is there to be counted.
    await signIn(db, team.coOwner);
    await signIn(db, team.colleague);
    const [product] = await db.select().from(products).where(eq(products.isActive, true)).limit(1);
    const [category] = await db.select().from(categories).limit(1);
    originalCategoryName = category.name;
    const order = await createOrder(db, {
      userId: users.customerA.id,
      items: [{ productId: product.id, quantity: 1 }],
      recipientAddress: A_SECRET,
      notes: `Catatan ${A_SECRET}`,
    });
    // Customer A's proof of payment, stored where the server keeps uploads (private folder).
    const proofKey = `proofs/${randomBytes(16).toString("hex")}.webp`;
    mkdirSync(path.join(dataDir, "uploads", "proofs"), { recursive: true });
    writeFileSync(
      path.join(dataDir, "uploads", proofKey),
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .webp()
        .toBuffer(),
    );
    // A's bill is final (fee set, a weighed line in its 'Riwayat Perubahan') and A has a
    // 'Saldo' from it: what B must never read.
    await db
      .update(orders)
      .set({
        paymentMethod: "transfer",
        paymentStatus: "pending",
        paymentProofKey: proofKey,
        deliveryFee: 5000,
        deliveryFeeSource: "staff",
        billFinalAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await db.insert(orderChanges).values([
      {
        orderId: order.id,
        kind: "weight",
        description: `${A_BILL}: 1 → 1`,
        totalBefore: order.totalAmount,
        totalAfter: order.totalAmount,
        changedBy: users.staff.id,
      },
      {
        orderId: order.id,
        kind: "final",
        description: "Tagihan final dikirim ke pelanggan",
        totalBefore: order.totalAmount,
        totalAfter: order.totalAmount,
        changedBy: users.staff.id,
      },
    ]);
    await db.insert(balanceEntries).values({
      userId: users.customerA.id,
      orderId: order.id,
      kind: "payment",
      amount: 13_579,
      description: A_BALANCE,
      createdBy: users.staff.id,
    });
    // The courier's run holds B's order; A's order is on the other courier's run.
    const orderB = await createOrder(db, {
      userId: users.customerB.id,
      items: [{ productId: product.id, quantity: 1 }],
    });
    const [runOfCourier, runOfOther] = await db
      .insert(courierRuns)
      .values([
        { courierId: users.courier.id, deliveryDate: orderB.deliveryDate, deliverySlot: orderB.deliverySlot },
        { courierId: otherCourier.id, deliveryDate: order.deliveryDate, deliverySlot: order.deliverySlot },
      ])
      .returning({ id: courierRuns.id });
    await db.insert(courierStops).values([
      { orderId: orderB.id, runId: runOfCourier.id },
      { orderId: order.id, runId: runOfOther.id },
    ]);
    const message = await createContactMessage(db, { message: ADMIN_SECRET });
    const [standing] = await db
      .insert(standingOrders)
      .values({
        userId: users.customerA.id,
        weekdays: [2],
        deliverySlot: "pagi",
        areaId: "sumbersari",
        recipientName: "Pelanggan A",
        recipientPhone: "6281234567890",
        recipientAddress: "Jl. Kalimantan No. 37, Jember",
      })
      .returning();
    await db.insert(standingOrderLines).values({ standingOrderId: standing.id, productId: product.id, quantity: 1 });
    // At most one sign-out per post to an admin action (and its `.data` request).
    const adminPosts = ACCESS_MATRIX.filter((e) => signsOut("customerA", `/${e.route}`, "POST")).reduce(
      (n, e) => n + (e.actions?.length ?? 0) * (e.data ? 2 : 1),
      0,
    );
    for (const role of ["customerA", "customerB", "courier"] as const)
      spare.set(role, await openSessions(db, users[role]!.id, adminPosts + 2));
    fixture = {
      customerB: users.customerB.id,
      orderA: order.id,
      orderItemA: order.items[0].id,
      productSlug: product.slug,
      productId: product.id,
      categorySlug: category.slug,
      categoryId: category.id,
      messageId: message.id,
      coOwner: team.coOwner.id,
      colleague: team.colleague.id,
      standingA: standing.id,
    };
  } finally {
    await handle.close();
  }
}

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One HTTP request from the role's own loopback address (127.0.0.2, .3, ...), as each person
 * has their own device: the per-client login limit then counts each role's attempts apart,
 * and one role's wrong passwords never lock another role out of logging in.
 */
function requestAs(
  role: Role,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}${url}`,
      {
        method: init.method,
        headers: { ...init.headers, ...(init.body ? { "Content-Length": String(Buffer.byteLength(init.body)) } : {}) },
        localAddress: `127.0.0.${2 + ROLES.indexOf(role)}`,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        // An event stream never ends by itself: its first chunk is the answer.
        const isStream = String(response.headers["content-type"] ?? "").startsWith("text/event-stream");
        response.on("data", (chunk: string) => {
          body += chunk;
          if (isStream) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        response.on("end", done);
        response.on("close", done);
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

async function logIn(role: Exclude<Role, "visitor">, user: TestUser = users[role]!): Promise<string> {
  const answer = await requestAs(role, "/login", {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: user.email, password: user.password }).toString(),
  });
  const cookie = cookieHeader(answer.headers["set-cookie"]);
  expect(cookie, `login of ${role}`).toContain("session_token");
  return cookie;
}

/** The role's cookie; a customer who posted to an admin action was signed out, so gets a new session. */
async function cookieFor(role: Role): Promise<string | undefined> {
  if (role === "visitor") return undefined;
  if (!cookies.has(role)) {
    const again = signedInBefore.has(role) ? spare.get(role)?.shift()?.cookie : undefined;
    cookies.set(role, again ?? (await logIn(role)));
    signedInBefore.add(role);
  }
  return cookies.get(role);
}

/** Whether this request signs the role out (anyone but the owner and staff posting to the admin). */
function signsOut(role: Role, url: string, method: string) {
  return (
    role !== "admin" &&
    role !== "staff" &&
    method === "POST" &&
    url.startsWith("/admin") &&
    !url.startsWith("/admin/login")
  );
}

function afterRequest(role: Role, url: string, method: string) {
  if (signsOut(role, url, method)) cookies.delete(role);
}

type Answer = { status: number; location: string; body: string };

async function send(
  role: Role,
  url: string,
  init: { method?: string; body?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const cookie = await cookieFor(role);
  const headers: Record<string, string> = { ...(cookie ? { Cookie: cookie } : {}), ...init.headers };
  if (init.method === "POST") {
    headers.Origin ??= server.url;
    // An empty Origin stands for none at all (a browser request that carries only Sec-Fetch-Site).
    if (headers.Origin === "") delete headers.Origin;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  const answer = await requestAs(role, url, {
    method: init.method ?? "GET",
    headers,
    body: init.body ? new URLSearchParams(init.body).toString() : undefined,
  });
  afterRequest(role, url, init.method ?? "GET");
  return { status: answer.status, location: String(answer.headers.location ?? ""), body: answer.body };
}

/**
 * Runs `task` for every role at once and waits for all of them. A role's own requests stay in
 * order (its cookie may change between them); the roles never share a cookie or an address.
 */
function eachRole(task: (role: Role) => Promise<void>) {
  return settleAll(ROLES, task);
}

/** `task` for every item at once; waits for all before throwing the first failure, so none runs on into the next test. */
async function settleAll<T>(items: readonly T[], task: (item: T) => Promise<void>) {
  const results = await Promise.allSettled(items.map(task));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}

function dataUrl(url: string): string {
  const u = new URL(url, "http://x");
  const pathname = u.pathname === "/" ? "/_root.data" : `${u.pathname}.data`;
  return `${pathname}${u.search}`;
}

/** Checks an answer against an outcome; `.data` answers carry redirects in their body (status 202). */
function check(answer: Answer, outcome: Outcome, what: string, isData: boolean) {
  const redirectTarget =
    outcome === "login"
      ? "/login?redirect="
      : outcome === "adminLogin"
        ? "/admin/login"
        : typeof outcome === "string" && outcome.startsWith("redirect:")
          ? outcome.slice(9)
          : null;
  if (redirectTarget !== null) {
    if (isData) {
      expect(answer.status, what).toBe(202);
      expect(answer.body, what).toContain(redirectTarget.split("?")[0]);
    } else {
      expect([301, 302, 303, 307, 308], `${what} (status ${answer.status})`).toContain(answer.status);
      expect(answer.location, what).toContain(redirectTarget);
    }
    return;
  }
  const status = outcome === "ok" ? 200 : outcome === "notFound" ? 404 : outcome;
  expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBe(status);
}

function checkNoLeak(answer: Answer, role: Role, what: string) {
  if (role !== "admin" && role !== "staff") expect(answer.body, `${what} leaks admin data`).not.toContain(ADMIN_SECRET);
  if (role === "visitor" || role === "customerB" || role === "courier") {
    expect(answer.body, `${what} leaks customer A's data`).not.toContain(A_SECRET);
    expect(answer.body, `${what} leaks customer A's bill`).not.toContain(A_BILL);
    expect(answer.body, `${what} leaks customer A's balance`).not.toContain(A_BALANCE);
  }
}

function routePaths(): string[] {
  type Node = { path?: string; index?: boolean; children?: Node[] };
  const out: string[] = [];
  const walk = (nodes: Node[], prefix: string) => {
    for (const n of nodes) {
      const full = n.path === undefined ? prefix : [prefix, n.path].filter(Boolean).join("/");
      if (n.path !== undefined || n.index) out.push(full);
      if (n.children) walk(n.children, full);
    }
  };
  walk(routes as Node[], "");
  return out;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sayur-matrix-"));
  await seed();
  server = await startTestServer({ dataDir });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("access-control matrix", () => {
  it("lists every route of app/routes.ts", () => {
    const listed = new Set(ACCESS_MATRIX.map((e) => e.route));
    const missing = routePaths().filter((p) => !listed.has(p));
    expect(missing, "routes without a line in tests/support/access-matrix.ts").toEqual([]);
  });

  it.each(ACCESS_MATRIX.map((e) => [e.route || "/", e] as const))(
    "GET %s answers each role as listed, leaking nothing",
    async (_, entry: MatrixEntry) => {
      const url = entry.url(fixture);
      // Each role from its own address and with its own cookie: the roles ask at the same time.
      await eachRole(async (role) => {
        const answer = await send(role, url);
        check(answer, entry.get[role], `GET ${url} as ${role}`, false);
        checkNoLeak(answer, role, `GET ${url} as ${role}`);
        if (!entry.data) return;
        const data = await send(role, dataUrl(url));
        check(data, entry.get[role], `GET ${dataUrl(url)} as ${role}`, true);
        checkNoLeak(data, role, `GET ${dataUrl(url)} as ${role}`);
      });
    },
  );

  it("a customer following a link to admin pages stays signed in and sees the admin login", async () => {
    const cookie = await cookieFor("customerA");
    for (const url of ["/admin", "/admin/dashboard", "/admin/products", "/admin/customers", "/admin/dashboard.data"]) {
      const response = await fetch(`${server.url}${url}`, {
        headers: { Cookie: cookie!, "Sec-Fetch-Site": "cross-site" },
        redirect: "manual",
      });
      const body = await response.text();
      expect([302, 303, 202, 403], `GET ${url}`).toContain(response.status);
      if (response.status !== 403) expect(response.headers.get("location") ?? body, url).toContain("/admin/login");
      expect(
        response.headers.getSetCookie().filter((c) => c.includes("session_token")),
        url,
      ).toEqual([]);
    }
    const profile = await send("customerA", "/profile");
    expect(profile.status).toBe(200);
    expect(profile.body).toContain(users.customerA!.email);
  });

  it("shows A's final bill and 'Saldo' to A only: B's order and profile pages never carry them", async () => {
    for (const url of [`/orders/${fixture.orderA}`, dataUrl(`/orders/${fixture.orderA}`)]) {
      const mine = await send("customerA", url);
      expect(mine.status, url).toBe(200);
      // The bill's line and the amount due (item total + Rp 5.000) are on A's page.
      expect(mine.body, url).toContain(A_BILL);
      const theirs = await send("customerB", url);
      expect(theirs.body, url).not.toContain(A_BILL);
      expect(theirs.body, url).not.toContain("Tagihan final dikirim");
    }
    for (const url of ["/profile", dataUrl("/profile")]) {
      const mine = await send("customerA", url);
      expect(mine.body, url).toContain(A_BALANCE);
      const theirs = await send("customerB", url);
      expect(theirs.status, url).toBe(200);
      expect(theirs.body, url).not.toContain(A_BALANCE);
      expect(theirs.body, url).not.toContain(fixture.orderA);
    }
    // B has no 'Saldo' of their own, so their profile shows none at all (A's shows Rp 13.579).
    expect((await send("customerA", "/profile")).body).toContain('data-testid="saldo"');
    expect((await send("customerB", "/profile")).body).not.toContain('data-testid="saldo"');
  });

  it("keeps the auth library's own HTTP API closed", async () => {
    for (const p of CLOSED_PATHS) {
      for (const method of ["GET", "POST"]) {
        const answer = await send("customerA", p, {
          method,
          body: method === "POST" ? { email: users.customerA!.email, password: users.customerA!.password } : undefined,
        });
        expect([404, 405], `${method} ${p}`).toContain(answer.status);
        expect(answer.body).not.toMatch(/session_token|"token"/);
      }
    }
  });

  const forbiddenAttempts = ACCESS_MATRIX.flatMap((e) =>
    (e.actions ?? []).map((a) => [`${e.route} — ${a.name}`, e, a] as const),
  );

  it.each(forbiddenAttempts)("POST %s: roles that may not act are turned away", async (_, entry, action) => {
    const url = entry.url(fixture);
    await eachRole(async (role) => {
      // The allowed runs of destructive actions happen after the database check below.
      if (
        action.destructive &&
        (action.expect[role] === "ok" ||
          (String(action.expect[role]).startsWith("redirect:") && (role === "admin" || role === "staff")))
      )
        return;
      if (entry.route === "logout") return;
      for (const target of [url, entry.data ? dataUrl(url) : null]) {
        if (!target) continue;
        const answer = await send(role, target, { method: "POST", body: action.body(fixture) });
        const isData = target !== url;
        check(
          answer,
          (isData ? action.dataExpect?.[role] : undefined) ?? action.expect[role],
          `POST ${target} (${action.name}) as ${role}`,
          isData,
        );
        checkNoLeak(answer, role, `POST ${target} as ${role}`);
      }
    });
  });
});

/** An open live-orders stream as `role`'s device: resolves `ready` at its first event, `closed` when the server ends it. */
function openStream(role: Role, cookie: string) {
  let markReady: () => void = () => {};
  let markClosed: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const request = http.request(`${server.url}/admin/orders/events`, {
    headers: { Cookie: cookie, Accept: "text/event-stream" },
    localAddress: `127.0.0.${2 + ROLES.indexOf(role)}`,
  });
  request.on("response", (response) => {
    let body = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      body += chunk;
      if (body.includes("event: ready")) markReady();
    });
    response.on("close", markClosed);
  });
  request.on("error", markClosed);
  request.end();
  return { ready, closed, destroy: () => request.destroy() };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe("team members against each other", () => {
  it("a staff member cannot sign the owner out; the owner still works and removes a staff member", async () => {
    const refused = await send("staff", "/admin/customers", {
      method: "POST",
      body: { intent: "end-sessions", userId: users.admin!.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("Hanya Pemilik");
    const ownerPage = await send("admin", "/admin/team", {});
    expect(ownerPage.status).toBe(200);
    expect(ownerPage.body).toContain(users.staff!.email);
  });

  it("a removed staff member's open live-orders stream ends at once, and their cookie opens nothing", async () => {
    const cookie = await logIn("staff", team.removable!);
    const stream = openStream("staff", cookie);
    await within(stream.ready, 10_000, "stream ready");
    try {
      const removed = await send("admin", "/admin/team", {
        method: "POST",
        body: { intent: "remove", userId: team.removable!.id },
      });
      check(removed, "redirect:/admin/team", "remove a staff member", false);
      await within(stream.closed, 3_000, "removed staff member's stream closed");
    } finally {
      stream.destroy();
    }
    const after = await requestAs("staff", "/admin/dashboard", { method: "GET", headers: { Cookie: cookie } });
    expect(String(after.headers.location ?? "")).toContain("/admin/login");
  });
});

describe("bodies that are not forms", () => {
  it.each(ACCESS_MATRIX.filter((e) => e.actions?.length).map((e) => [e.route, e] as const))(
    "POST %s answers 4xx, never 5xx, to JSON, text, broken multipart and empty bodies",
    async (_, entry) => {
      const url = entry.url(fixture);
      const role: Role = entry.route.startsWith("admin") ? "admin" : "customerA";
      const cookie = await cookieFor(role);
      const bodies: [string | undefined, string][] = [
        ["application/json", '{"email":"a@b.c","password":"x"}'],
        ["text/plain", "email=a@b.c"],
        ["multipart/form-data", "x"],
        ["multipart/form-data; boundary=batas", "--salah\r\nbukan multipart"],
        ["application/x-www-form-urlencoded", "%%%=%E0%A4%A&\u0000=\u0000"],
        ["application/xml", "<x/>"],
        [undefined, ""],
      ];
      for (const target of [url, entry.data ? dataUrl(url) : null]) {
        if (!target) continue;
        // The owner and customer A are not signed out by any of these: the bodies go at once.
        await settleAll(bodies, async ([type, body]) => {
          const response = await fetch(`${server.url}${target}`, {
            method: "POST",
            redirect: "manual",
            headers: {
              Origin: server.url,
              ...(cookie ? { Cookie: cookie } : {}),
              ...(type ? { "Content-Type": type } : {}),
            },
            body: body || undefined,
          });
          await response.arrayBuffer();
          expect(response.status, `POST ${target} as ${type ?? "no type"}`).toBeLessThan(500);
        });
      }
    },
  );
});

describe("cross-site requests", () => {
  const actions = ACCESS_MATRIX.flatMap((e) => (e.actions ?? []).map((a) => [`${e.route} — ${a.name}`, e, a] as const));

  it.each(actions)("POST %s from another site is refused with 403", async (_, entry, action) => {
    const url = entry.url(fixture);
    // The most privileged cookie that may do it: a forged request rides on the victim's session.
    const role: Role =
      action.expect.admin !== "adminLogin" && entry.route.startsWith("admin")
        ? "admin"
        : action.expect.customerA !== "login"
          ? "customerA"
          : "visitor";
    const foreign: Record<string, string>[] = [
      { Origin: "https://penipu.example" },
      { Origin: "null" },
      { Origin: "http://127.0.0.1.penipu.example" },
      { Origin: "", "Sec-Fetch-Site": "cross-site" },
      { Origin: "", "Sec-Fetch-Site": "same-site" },
    ];
    for (const target of [url, entry.data ? dataUrl(url) : null]) {
      if (!target) continue;
      const attempt = async (headers: Record<string, string>) => {
        const answer = await send(role, target, { method: "POST", body: action.body(fixture), headers });
        expect(answer.status, `POST ${target} as ${role} with ${JSON.stringify(headers)}`).toBe(403);
      };
      // One by one where an attempt could sign the role out before the next; else all at once.
      if (signsOut(role, target, "POST")) for (const headers of foreign) await attempt(headers);
      else await settleAll(foreign, attempt);
    }
  });

  it("changed nothing: the order, product, category, message and sessions are as seeded", async () => {
    // B holds a session now (posting to an admin action ends a customer's session by design).
    await cookieFor("customerB");
    await server.stop();
    const handle = await openDatabase({ kind: "pglite", dataDir, holder: "access-matrix check" });
    try {
      const db = handle.db;
      // The seed's spare sessions that were never used go first: the counts below are of the
      // sessions the requests above held. From here on every sign-in is a login again.
      const unused = [...spare.values()].flat().map((s) => s.token);
      spare.clear();
      if (unused.length) await db.delete(sessions).where(inArray(sessions.token, unused));
      const [order] = await db.select().from(orders).where(eq(orders.id, fixture.orderA));
      expect(order.status).toBe("pending");
      // No packing edit or fee change got through: the bill is as seeded.
      expect(order).toMatchObject({ version: 1, deliveryFee: 5000 });
      expect(order.billFinalAt).not.toBeNull();
      const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, fixture.orderA));
      expect(lines.map((l) => [l.id, l.quantity])).toEqual([[fixture.orderItemA, 1]]);
      expect(await db.$count(orderChanges, eq(orderChanges.orderId, fixture.orderA))).toBe(2);
      expect(await db.$count(balanceEntries, eq(balanceEntries.userId, users.customerA!.id))).toBe(1);
      const [product] = await db.select().from(products).where(eq(products.id, fixture.productId));
      expect(product.isActive).toBe(true);
      const [category] = await db.select().from(categories).where(eq(categories.id, fixture.categoryId));
      expect(category.name).toBe(originalCategoryName);
      const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, fixture.messageId));
      expect(message.status).toBe("new");
      // The cross-site logouts did not end the admin's or A's session.
      const adminSessions = await db.select().from(sessions).where(eq(sessions.userId, users.admin!.id));
      expect(adminSessions.length).toBeGreaterThan(0);
      const bSessions = await db.select().from(sessions).where(eq(sessions.userId, users.customerB!.id));
      expect(bSessions.length).toBeGreaterThan(0);
      // No staff attempt (same-site or cross-site) signed out the second owner or another staff member.
      expect(await db.$count(sessions, eq(sessions.userId, team.coOwner!.id))).toBeGreaterThan(0);
      expect(await db.$count(sessions, eq(sessions.userId, team.colleague!.id))).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
    server = await startTestServer({ dataDir });
    // Sessions ended in the part before (a customer posting to an admin action is signed out)
    // would answer as a visitor's: every role signs in afresh.
    cookies.clear();
  });

  it.each(actions.filter(([, , a]) => a.destructive))(
    "POST %s from the shop itself works for the roles allowed",
    async (_, entry, action) => {
      const url = entry.url(fixture);
      const bCookie = await cookieFor("customerB");
      for (const role of ROLES) {
        const outcome = action.expect[role];
        if (outcome === "adminLogin" || outcome === "login") continue;
        const answer = await send(role, url, { method: "POST", body: action.body(fixture) });
        check(answer, outcome, `POST ${url} (${action.name}) as ${role}`, false);
        if (entry.route === "logout") cookies.delete(role);
      }
      if (entry.route === "admin/customers") {
        // B's cookie from before no longer opens anything.
        const response = await fetch(`${server.url}/profile`, { headers: { Cookie: bCookie! }, redirect: "manual" });
        expect(response.headers.get("location")).toContain("/login");
      }
    },
  );
});
