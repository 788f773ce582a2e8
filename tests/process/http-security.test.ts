// Security properties of every response and every state-changing request, checked on the
// real production server.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("response headers", () => {
  it("sends a nonce-based CSP and the other security headers on pages", async () => {
    const response = await fetch(`${server.url}/`);
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
    const a = (await fetch(`${server.url}/`)).headers.get("content-security-policy");
    const b = (await fetch(`${server.url}/`)).headers.get("content-security-policy");
    expect(a).not.toBe(b);
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

describe("state-changing requests", () => {
  it("refuses a POST from a foreign origin", async () => {
    const response = await fetch(`${server.url}/logout`, { method: "POST", headers: { Origin: "https://evil.example" }, redirect: "manual" });
    expect(response.status).toBe(403);
  });

  it("refuses a browser's cross-site POST that carries no Origin", async () => {
    const response = await fetch(`${server.url}/logout`, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" }, redirect: "manual" });
    expect(response.status).toBe(403);
  });

  it("refuses a cross-site React Router data request", async () => {
    const response = await fetch(`${server.url}/login.data`, { method: "POST", headers: { Origin: "null" }, redirect: "manual" });
    expect(response.status).toBe(403);
  });

  it("accepts the same POST from the shop's own origin", async () => {
    const response = await fetch(`${server.url}/logout`, { method: "POST", headers: { Origin: server.url }, redirect: "manual" });
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
      const req = httpRequest(`${server.url}/contact`, { method: "POST", headers: { Origin: server.url, "Transfer-Encoding": "chunked" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.write("name=a");
      req.end();
    });
    expect(status).toBe(411);
  });
});

describe("logs", () => {
  it("are JSON lines with request ids and never hold cookies or passwords", async () => {
    await fetch(`${server.url}/products?q=bayam`, { headers: { Cookie: "sayur.session_token=super-secret-cookie" } });
    const lines = server.logs().trim().split("\n").filter((l) => l.startsWith("{"));
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
      const response = await fetch(`${secure.url}/`);
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      await secure.stop();
    }
  });
});
