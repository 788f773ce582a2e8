// `npm run admin:create` as a shop owner runs it: on a stopped data directory (opens it
// itself), beside a running server (goes through the server), and with bad input.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { post, postAdminLogin } from "../support/http";
import { runAdminCreate, startTestServer, type TestServer } from "../support/server";

const servers: TestServer[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("admin:create", () => {
  it("creates an admin directly on a stopped data directory", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sayur-admin-"));
    dirs.push(dataDir);
    const result = await runAdminCreate(dataDir, [
      "--email",
      "Pemilik@Contoh.id",
      "--password",
      "Admin-Sayur-2025",
      "--name",
      "Pak Pemilik",
    ]);
    expect(result.output).toContain("Akun admin pemilik@contoh.id dibuat.");
    expect(result.code).toBe(0);

    const server = await startTestServer({ dataDir });
    servers.push(server);
    const login = await postAdminLogin(server.url, { email: "pemilik@contoh.id", password: "Admin-Sayur-2025" });
    expect(login.status).toBe(303);
    expect(login.location).toBe("/admin/dashboard");
    expect(login.cookies.some((c) => c.includes("session_token="))).toBe(true);
  });

  it("goes through the running server, creating and promoting accounts", async () => {
    const server = await startTestServer();
    servers.push(server);

    const created = await runAdminCreate(server.dataDir, [
      "--email",
      "staf@contoh.id",
      "--password",
      "Staf-Sayur-2025",
    ]);
    expect(created.output).toContain("Akun admin staf@contoh.id dibuat.");
    expect(created.code).toBe(0);
    expect((await postAdminLogin(server.url, { email: "staf@contoh.id", password: "Staf-Sayur-2025" })).location).toBe(
      "/admin/dashboard",
    );

    // A customer signs up in the shop, is refused by the admin login, then promoted.
    const signup = await post(server.url, "/register", {
      name: "Dewi",
      email: "dewi@contoh.id",
      phone: "081234567890",
      address: "Jl. Melati 2, Jember",
      password: "Dewi-Punya-Password",
      confirmPassword: "Dewi-Punya-Password",
      terms: "on",
    });
    expect(signup.status).toBe(303);
    const refused = await postAdminLogin(server.url, { email: "dewi@contoh.id", password: "Dewi-Punya-Password" });
    expect(refused.status).toBe(403);
    expect(refused.cookies.filter((c) => c.includes("session_token=") && !/Max-Age=0/i.test(c))).toEqual([]);

    const promoted = await runAdminCreate(server.dataDir, [
      "--email",
      "dewi@contoh.id",
      "--password",
      "Apa-Saja-Diabaikan",
    ]);
    expect(promoted.output).toContain("dewi@contoh.id sekarang admin (password tidak diubah).");
    expect(promoted.code).toBe(0);
    const accepted = await postAdminLogin(server.url, { email: "dewi@contoh.id", password: "Dewi-Punya-Password" });
    expect(accepted.status).toBe(303);
    expect(accepted.location).toBe("/admin/dashboard");

    // The server kept its data directory to itself the whole time.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("refuses bad input with a clear message and a non-zero exit", async () => {
    const server = await startTestServer();
    servers.push(server);
    // Each refusal on a stopped data directory of its own, all five at once: they are
    // independent, and each is a whole script start.
    const stoppedDir = () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "sayur-admin-"));
      dirs.push(dir);
      return dir;
    };
    const [missing, unknownFlag, unknownRole, directBad, viaServerBad] = await Promise.all([
      runAdminCreate(stoppedDir(), ["--email", "a@contoh.id"]),
      runAdminCreate(stoppedDir(), ["--email", "a@contoh.id", "--password", "Admin-Sayur-2025", "--peran", "x"]),
      runAdminCreate(stoppedDir(), ["--email", "a@contoh.id", "--password", "Admin-Sayur-2025", "--role", "manager"]),
      runAdminCreate(stoppedDir(), ["--email", "bukan-email", "--password", "pendek"]),
      runAdminCreate(server.dataDir, ["--email", "staf@contoh.id", "--password", "pendek"]),
    ]);

    expect(missing.code).not.toBe(0);
    expect(missing.output).toContain("Gagal: --email dan --password wajib diisi.");

    expect(unknownFlag.code).not.toBe(0);
    expect(unknownFlag.output).toContain("Pemakaian: npm run admin:create");

    expect(unknownRole.code).not.toBe(0);
    expect(unknownRole.output).toContain("Peran harus owner, staff atau courier.");

    expect(directBad.code).not.toBe(0);
    expect(directBad.output).toMatch(/Gagal: .*Email tidak valid/);
    expect(directBad.output).toMatch(/Password minimal 8 karakter/);

    expect(viaServerBad.code).not.toBe(0);
    expect(viaServerBad.output).toContain("Password minimal 8 karakter.");
    expect((await postAdminLogin(server.url, { email: "staf@contoh.id", password: "pendek" })).status).toBe(401);
  });
});
