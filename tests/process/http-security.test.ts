// Security properties of every response and every state-changing request, checked on the
// real production server.
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { post } from "../support/http";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("response headers", () => {
  it("sends a nonce-based CSP and the other security headers on pages", async () => {
    // A page made for one visitor (public catalog pages use script hashes instead, below).
    const response = await fetch(`${server.url}/login`);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Every inline or external script carries this response's nonce.
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("gives each response its own nonce", async () => {
    const a = (await fetch(`${server.url}/login`)).headers.get("content-security-policy");
    const b = (await fetch(`${server.url}/login`)).headers.get("content-security-policy");
    expect(a).not.toBe(b);
  });

  it("allows a public catalog page's inline scripts by hash only: no nonce anyone could reuse", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.url}/`);
      const csp = response.headers.get("content-security-policy") ?? "";
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("nonce-");
      const html = await response.text();
      expect(html).not.toMatch(/\snonce=/);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]));
      expect(inline.length).toBeGreaterThan(0);
      for (const [, , text] of inline)
        expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    }
  });

  it("marks static files nosniff and caches hashed assets for a year", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.url}${asset}`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toContain("immutable");
  });
});

/** The headers OWASP ASVS 5.0 V3.4 asks of every response, whatever produced it. */
function expectSecurityHeaders(response: Response, what: string) {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp, `${what}: CSP`).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'none'");
  expect(csp, what).not.toContain("unsafe-inline' 'unsafe-eval");
  const scriptSrc =
    csp.split(";").find((d) => d.trim().startsWith("script-src")) ??
    csp.split(";").find((d) => d.trim().startsWith("default-src")) ??
    "";
  expect(scriptSrc, `${what}: scripts`).not.toContain("unsafe-inline");
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("permissions-policy"), what).toContain("camera=()");
}

describe("security headers on every kind of response", () => {
  it("are on pages, 404s, errors, data requests, resources, static files, redirects and refusals", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    const kinds: [string, string, RequestInit?][] = [
      ["page", "/"],
      ["not found", "/tidak-ada-halaman-ini"],
      ["unknown product (404 from a loader)", "/products/tidak-ada"],
      [
        "form error (400)",
        "/contact",
        {
          method: "POST",
          headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
          body: "name=",
        },
      ],
      ["data request", "/products.data"],
      ["data redirect", "/profile.data"],
      ["resource route", "/sitemap.xml"],
      ["resource route (json)", "/api/cart-products?ids=x"],
      ["health check", "/healthz"],
      ["static asset", asset ?? "/missing-asset"],
      ["static file", "/favicon.ico"],
      ["missing upload", "/uploads/tidak-ada.webp"],
      ["redirect", "/profile"],
      [
        "cross-site refusal (403)",
        "/contact",
        { method: "POST", headers: { Origin: "https://penipu.example" }, body: "x=1" },
      ],
      [
        "body too large (413)",
        "/contact",
        { method: "POST", headers: { Origin: server.url, "Content-Length": String(50 * 1024 * 1024) }, body: "x" },
      ],
    ];
    for (const [what, url, init] of kinds) {
      let response: Response;
      if (what.startsWith("body too large")) {
        // fetch cannot lie about Content-Length; a raw request can.
        response = await rawRequest(`${server.url}${url}`, {
          method: "POST",
          headers: { Origin: server.url, "Content-Length": String(50 * 1024 * 1024) },
        });
      } else {
        response = await fetch(`${server.url}${url}`, { redirect: "manual", ...init });
      }
      expectSecurityHeaders(response, `${what} ${url} (${response.status})`);
    }
  });

  it("gives HTML pages a nonce CSP even on errors", async () => {
    const response = await fetch(`${server.url}/tidak-ada-halaman-ini`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
  });
});

/** A request with headers fetch would not send as given (a false Content-Length). */
function rawRequest(
  url: string,
  { method, headers }: { method: string; headers: Record<string, string> },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") out.set(k, v);
      res.resume();
      resolve(new Response(null, { status: res.statusCode ?? 0, headers: out }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("state-changing requests", () => {
  it("refuses a POST from a foreign origin", async () => {
    const response = await fetch(`${server.url}/logout`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
  });

  it("refuses a browser's cross-site POST that carries no Origin", async () => {
    const response = await fetch(`${server.url}/logout`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site" },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
  });

  it("refuses a cross-site React Router data request", async () => {
    const response = await fetch(`${server.url}/login.data`, {
      method: "POST",
      headers: { Origin: "null" },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
  });

  it("accepts the same POST from the shop's own origin", async () => {
    const response = await fetch(`${server.url}/logout`, {
      method: "POST",
      headers: { Origin: server.url },
      redirect: "manual",
    });
    expect([302, 303]).toContain(response.status);
  });

  it("answers 413 to a body larger than the limit", async () => {
    const response = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "x=" + "a".repeat(7 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
  });

  it("answers 411 to a streamed body of unknown size", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${server.url}/contact`,
        { method: "POST", agent: false, headers: { Origin: server.url, "Transfer-Encoding": "chunked" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on("error", reject);
      // Only the headers go out: the server must answer before any body arrives (writing
      // the body too would race the server closing the connection).
      req.flushHeaders();
    });
    expect(status).toBe(411);
  });
});

describe("logs", () => {
  it("are JSON lines with request ids and never hold cookies or passwords", async () => {
    await fetch(`${server.url}/products?q=bayam`, { headers: { Cookie: "sayur.session_token=super-secret-cookie" } });
    const lines = server
      .logs()
      .trim()
      .split("\n")
      .filter((l) => l.startsWith("{"));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines.some((l) => JSON.parse(l).requestId)).toBe(true);
    expect(server.logs()).not.toContain("super-secret-cookie");
  });
});

describe("https deployments", () => {
  it("send HSTS and use __Secure- cookies when APP_URL is https", async () => {
    const secure = await startTestServer({ env: { APP_URL: "https://sayurjember.example" } });
    try {
      for (const url of ["/", "/healthz", "/favicon.ico", "/products.data", "/profile"]) {
        const response = await fetch(`${secure.url}${url}`, { redirect: "manual" });
        expect(response.headers.get("strict-transport-security"), url).toContain("max-age=");
      }
      // Session cookies carry the __Secure- prefix, so a plain-http page cannot set or overwrite them.
      const email = `aman.${Date.now()}@contoh.id`;
      const password = "Sayur-Segar-Aman-2026";
      const postHere = (path: string, fields: Record<string, string>) =>
        post(secure.url, path, fields, { headers: { Origin: secure.url } });
      const registered = await postHere("/register", {
        name: "Sari",
        email,
        phone: "081234567890",
        address: "Jl. Mawar 1, Jember",
        password,
        confirmPassword: password,
        terms: "on",
      });
      expect(registered.status).toBe(303);
      const login = await postHere("/login", { email, password });
      const cookies = login.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/^__Secure-/);
        expect(cookie).toMatch(/; Secure/i);
        expect(cookie).toMatch(/HttpOnly/i);
      }
    } finally {
      await secure.stop();
    }
  });
});
