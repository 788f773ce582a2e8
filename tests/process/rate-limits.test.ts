// Rate limits on the forms browsers really post to (login, registration, reset, contact and
// supplier forms), held in the database so that two app processes behind one address count
// together (OWASP ASVS 5.0 6.3.1, 2.4.1): attempts alternate between the processes and the
// one past the limit is refused, whichever process it reaches.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOGIN_LIMITS,
  REGISTER_LIMITS,
  RESET_REQUEST_LIMITS,
  RESET_SUBMIT_LIMITS,
} from "~/server/accounts/customer.server";
import { SUBMISSION_LIMIT } from "~/server/inbox/submissions.server";
import { openDatabase } from "~/db/client.server";
import { createUser, type TestUser } from "../support/factories";
import { createPostgresDatabase, postgresOrSkip } from "../support/postgres";
import { startTestServer, type TestServer } from "../support/server";
import { cookieHeader, post as postForm } from "../support/http";

const pgUp = await postgresOrSkip(
  "rate-limits: PostgreSQL (127.0.0.1:5432 or TEST_DATABASE_URL) is unreachable, so the multi-process test cannot run",
);

const root = path.resolve(import.meta.dirname, "../..");
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let servers: TestServer[] = [];

function dataDir(name: string): string {
  const dir = path.join(root, ".tmp", `sec-rate-limits-${name}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Posts a form to process `i % 2` as the client at `ip` (the proxy's X-Forwarded-For). */
async function post(i: number, ip: string, pathName: string, fields: Record<string, string>) {
  const server = servers[i % 2];
  const response = await postForm(server.url, pathName, fields, {
    headers: { Origin: server.url, "X-Forwarded-For": ip },
  });
  return { status: response.status, text: await response.text() };
}

// A new client address for each caller: two tests drawing the same random address shared its counter.
let lastClient = 0;
const ip = () => `203.0.113.${++lastClient}`;
const uid = () => randomBytes(4).toString("hex");

/** Sends `limit` allowed attempts alternating between the processes, then one more that must be refused. */
async function expectLimit(limit: number, send: (i: number) => Promise<{ status: number; text: string }>) {
  for (let i = 0; i < limit; i++) {
    const answer = await send(i);
    expect(answer.status, `attempt ${i + 1} of ${limit}`).not.toBe(429);
  }
  const refused = await send(limit);
  expect(refused.status, `attempt ${limit + 1}`).toBe(429);
  expect(refused.text).toMatch(/terlalu banyak/i);
}

describe.skipIf(!pgUp)("rate limits across two app processes", () => {
  beforeAll(async () => {
    database = await createPostgresDatabase("sec_rate");
    const env = { DATABASE_URL: database.url, TRUST_PROXY: "1" };
    servers = await Promise.all([
      startTestServer({ env, dataDir: dataDir("a") }),
      startTestServer({ env, dataDir: dataDir("b") }),
    ]);
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  it("login: failed attempts on one e-mail (the free ones and one delayed attempt, then a wait)", async () => {
    const email = `korban.${uid()}@contoh.id`;
    await expectLimit(LOGIN_LIMITS.perEmail + 1, (i) =>
      post(i, ip(), "/login", { email, password: `tebakan-${i}-salah` }),
    );
  });

  it.each([
    ["/login", "customer"],
    ["/admin/login", "admin"],
  ] as const)("%s: the owner's known browser gets in while strangers are slowed down", async (page, role) => {
    const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 1 });
    let owner: TestUser;
    try {
      owner = await createUser(handle.db, { role });
    } finally {
      await handle.close();
    }
    const send = (i: number, password: string, cookie?: string) =>
      postForm(
        servers[i % 2].url,
        page,
        { email: owner.email, password },
        { cookie, headers: { Origin: servers[i % 2].url, "X-Forwarded-For": ip() } },
      );
    const first = await send(0, owner.password);
    expect(first.status).toBe(303);
    const cookie = cookieHeader(first);
    expect(cookie).toContain("sayur.device=");
    for (let i = 0; i <= LOGIN_LIMITS.perEmail; i++) expect((await send(i, `tebakan-${i}`)).status).not.toBe(429);
    expect((await send(1, "tebakan-lagi")).status).toBe(429);
    expect((await send(0, owner.password)).status).toBe(429);
    // On the other process too, the owner's browser is let in.
    const owned = await send(1, owner.password, cookie);
    expect(owned.status).toBe(303);
    expect(owned.headers.get("location")).toBe(role === "admin" ? "/admin/dashboard" : "/");
  });

  it("login: failed attempts from one client on many e-mails", async () => {
    const client = ip();
    await expectLimit(LOGIN_LIMITS.perClient, (i) =>
      post(i, client, "/login", { email: `acak.${uid()}@contoh.id`, password: "tebakan-salah-1" }),
    );
  });

  it("registration from one client", async () => {
    const client = "198.51.100.7";
    await expectLimit(REGISTER_LIMITS.perClient, (i) =>
      post(i, client, "/register", {
        name: "Bot",
        email: `bot.${uid()}@contoh.id`,
        phone: "081234567890",
        address: "Jl. Bot 1",
        password: "Sayur-Segar-Bot-2026",
        confirmPassword: "Sayur-Segar-Bot-2026",
        terms: "on",
      }),
    );
  });

  it("password reset requests from one client", async () => {
    const client = "198.51.100.8";
    await expectLimit(RESET_REQUEST_LIMITS.perClient, (i) =>
      post(i, client, "/forgot-password", { email: `orang.${uid()}@contoh.id` }),
    );
  });

  it("password reset submissions (token guessing) from one client", async () => {
    const client = "198.51.100.9";
    await expectLimit(RESET_SUBMIT_LIMITS.perClient, (i) =>
      // The page's own data request (what the browser sends with JavaScript): the document
      // POST would re-run the loader, which sends an unknown token back to the login.
      post(i, client, `/reset-password.data?token=tebak${i}`, {
        token: `tebak-${i}-${uid()}`,
        password: "Sayur-Segar-Baru-2026",
        confirmPassword: "Sayur-Segar-Baru-2026",
      }),
    );
  });

  it("contact messages from one client", async () => {
    const client = "198.51.100.10";
    await expectLimit(SUBMISSION_LIMIT, (i) =>
      post(i, client, "/contact", {
        name: "Rina",
        email: "rina@contoh.id",
        subject: "Tanya",
        message: `Pesan ${i}: apakah ada kangkung?`,
      }),
    );
  });

  it("supplier applications from one client", async () => {
    const client = "198.51.100.11";
    await expectLimit(SUBMISSION_LIMIT, (i) =>
      post(i, client, "/supply-with-us", {
        name: "Pak Tani",
        phone: "081234567890",
        landAddress: "Desa Ajung",
        farmSize: "1 ha",
        products: `Bayam ${i}`,
        harvestTime: "Mingguan",
        otherInfo: "-",
      }),
    );
  });
});
