// Logs (OWASP ASVS 5.0 V16): one JSON object per line with a request id, and none of the
// secrets a register / login / reset flow handles: passwords, session cookies, reset tokens
// or the full reset link. The server runs at LOG_LEVEL=debug, its most talkative.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, post as postForm } from "../support/http";
import { linkFromMail, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "debug" } });
});
afterAll(async () => {
  await server?.stop();
});

/** A form post as the shop's own pages send it (from its origin), with a session when given. */
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  postForm(server.url, path, fields, { cookie, headers: { Origin: server.url } });

describe("logs of a register, login and reset flow", () => {
  it("are JSON lines with request ids and hold no password, cookie, token or reset link", async () => {
    const email = `log.${Date.now()}@contoh.id`;
    const password = "Rahasia-Sekali-Kata-1";
    const newPassword = "Rahasia-Baru-Kata-2";
    expect(
      (
        await post("/register", {
          name: "Lina",
          email,
          phone: "081234567890",
          address: "Jl. Melati 3, Jember",
          password,
          confirmPassword: password,
          terms: "on",
        })
      ).status,
    ).toBe(303);
    // The same e-mail again: the refusal logs too.
    await post("/register", {
      name: "Lina",
      email,
      phone: "081234567890",
      address: "Jl. Melati 3, Jember",
      password,
      confirmPassword: password,
      terms: "on",
    });
    const login = await post("/login", { email, password });
    expect(login.status).toBe(303);
    const cookie = cookieHeader(login);
    expect(cookie).toContain("session_token=");
    await fetch(`${server.url}/profile`, { headers: { Cookie: cookie } });
    await post("/login", { email, password: `${password}-salah` });
    expect((await post("/forgot-password", { email })).status).toBe(200);
    let link: string | null = null;
    for (let i = 0; i < 50 && !link; i++) {
      link =
        server
          .outbox()
          .map((m) => linkFromMail(m.text, "/reset-password"))
          .find(Boolean) ?? null;
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(link).toBeTruthy();
    const token = new URL(link!).searchParams.get("token")!;
    await fetch(link!);
    const reset = await post(`/reset-password?token=${encodeURIComponent(token)}`, {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.status).toBeLessThan(400);
    expect((await post("/login", { email, password: newPassword })).status).toBe(303);

    const logs = server.logs();
    const lines = logs.split("\n").filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
    expect(requests.length).toBeGreaterThan(5);
    for (const r of requests) expect(r.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The app's own lines name the request they belong to, the same id as its access-log line.
    const ids = new Set(requests.map((r) => r.requestId));
    const appLines = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === "login failed: bad credentials" || l.msg === "password reset done");
    expect(appLines.length).toBeGreaterThanOrEqual(2);
    for (const l of appLines) expect(ids.has(l.requestId), JSON.stringify(l)).toBe(true);
    for (const secret of [password, newPassword, token, encodeURIComponent(token), cookie.split("=")[1], link!]) {
      expect(logs, `a secret reached the log`).not.toContain(secret);
    }
    expect(logs).not.toMatch(/session_token=/);
  });
});
