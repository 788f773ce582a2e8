// Odd requests an attacker (or a broken client) sends to the real server: malformed percent
// escapes in the path, `If-None-Match: *`, forms of a million fields, `.data` requests
// without a session and session cookies spelled oddly. Never a 500, never a page cached for
// the wrong person.
import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, post } from "../support/http";
import { createStaff, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
const owner = { email: "pemilik.aneh@contoh.id", password: "Kangkung-Segar-Jember-77", name: "Bu Ratna Penanda" };

beforeAll(async () => {
  server = await startTestServer();
  await createStaff(server, owner);
});
afterAll(async () => {
  await server?.stop();
});

/** A GET with the path exactly as given (fetch would normalise it). */
function rawGet(rawPath: string, headers: Record<string, string> = {}) {
  const { port, hostname } = new URL(server.url);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: rawPath, method: "GET", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("raw paths", () => {
  it.each(["/products/%E0%A4%A", "/healthz%", "/%", "/admin%2", "/uploads/%E0", "/products/%C0%AF.data"])(
    "%s answers 400 with the friendly page",
    async (rawPath) => {
      const answer = await rawGet(rawPath);
      expect(answer.status).toBe(400);
      expect(String(answer.headers["content-type"])).toMatch(/text\/html/);
      expect(answer.body).toContain("Alamat Tidak Valid");
      expect(answer.body).toContain('href="/"');
    },
  );

  it("never answer 5xx, whatever the path is made of", async () => {
    const piece = fc.constantFrom(
      "/",
      "products",
      "category",
      "admin",
      "uploads",
      "healthz",
      "orders",
      ".data",
      "..",
      "%",
      "%2",
      "%E0",
      "%A4",
      "%A",
      "%00",
      "%zz",
      "%C0%AF",
      "%FF",
      "%2F",
      "%5C",
      "?q=%",
      "?q=%00",
      "~",
      "@",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 6 }), async (pieces) => {
        const rawPath = `/${pieces.join("")}`;
        const answer = await rawGet(rawPath);
        expect(answer.status, rawPath).toBeLessThan(500);
      }),
      {
        numRuns: Number(process.env.FC_RUNS ?? 60),
        seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined,
      },
    );
  });
});

describe("conditional requests", () => {
  it("If-None-Match: * never turns a missing page into a 304", async () => {
    const answer = await rawGet("/products/tidak-ada-produk-ini", { "If-None-Match": "*" });
    expect(answer.status).toBe(404);
    expect(answer.body).toContain("Tidak Ditemukan");
  });
});

describe(".data requests", () => {
  it("are never stored by a shared cache, even without a session", async () => {
    for (const url of ["/products.data", "/_root.data", "/categories.data"]) {
      const response = await fetch(`${server.url}${url}`);
      await response.text();
      expect(response.status, url).toBe(200);
      const cacheControl = response.headers.get("cache-control") ?? "";
      expect(cacheControl, url).not.toMatch(/public|s-maxage/);
      expect(cacheControl, url).toMatch(/no-store|private/);
    }
  });
});

describe("forms with a huge number of fields", () => {
  it("are refused at the door with 413 and a message, before the form is parsed", async () => {
    const body = "a=1&".repeat(1_500_000);
    const response = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Terlalu banyak isian formulir");
  });

  it("still accept an ordinary form", async () => {
    const response = await post(
      server.url,
      "/login",
      { email: "tidak.ada@contoh.id", password: "salah-sekali-123" },
      { headers: { Origin: server.url } },
    );
    expect(response.status).toBe(401);
  });
});

describe("session cookie spellings", () => {
  it("a page is either private or anonymous, whatever the spelling of the session cookie", async () => {
    const login = await post(
      server.url,
      "/admin/login",
      { email: owner.email, password: owner.password },
      { headers: { Origin: server.url } },
    );
    expect(login.status).toBe(303);
    const pair = cookieHeader(login)
      .split("; ")
      .find((c) => c.startsWith("sayur.session_token="))!;
    const token = pair.slice(pair.indexOf("=") + 1);
    for (const cookie of [
      `sayur.session_token=${token}`,
      `sayur.session_token =${token}`,
      `sayur.session_token= ${token}`,
      ` sayur.session_token=${token}`,
      `theme=dark;sayur.session_token=${token}`,
      `theme=dark ;  sayur.session_token =${token}`,
      `sayur.session_token\t=${token}`,
    ]) {
      const response = await fetch(`${server.url}/products`, { headers: { Cookie: cookie } });
      const body = await response.text();
      const cacheControl = response.headers.get("cache-control") ?? "";
      const personal = body.includes(owner.name) || body.includes(owner.email);
      if (personal) expect(cacheControl, JSON.stringify(cookie)).toMatch(/private|no-store/);
      else expect(cacheControl, JSON.stringify(cookie)).not.toMatch(/private/);
    }
  });
});
