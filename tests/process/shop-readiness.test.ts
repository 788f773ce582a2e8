// What a new owner is told while the shop is still the sample's: the start log warns about the
// sample WhatsApp number, every staff page says so in red, the dashboard's 'Siapkan Toko' lists
// what is left with a link to each place, and it warns while there is no backup of the last
// two days, until 'Cadangkan Sekarang' makes one. With the shop's own number none of the red.
import { afterAll, describe, expect, it } from "vitest";
import { postAdminLogin, post } from "../support/http";
import { createStaff, startTestServer, type TestServer } from "../support/server";

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const OWNER = { email: "pemilik@tokosari.id", password: "Kebun-Sari-Subur-7", name: "Bu Sari" };
const SAMPLE_LINE = "masih nomor contoh";

async function ownerCookie(server: TestServer) {
  await createStaff(server, OWNER);
  const login = await postAdminLogin(server.url, OWNER);
  expect(login.status).toBe(303);
  return login.cookie;
}

const page = async (server: TestServer, pathname: string, cookie: string) => {
  const response = await fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status, pathname).toBe(200);
  return response.text();
};

const logLines = (server: TestServer) =>
  server
    .logs()
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { level?: string; msg?: string });

describe("a shop that is still the sample's", () => {
  it("warns at start, in red on every staff page, and lists what is left with a link to each", async () => {
    const server = await startTestServer();
    servers.push(server);
    expect(
      logLines(server).some((l) => l.level === "warn" && /WhatsApp number is still the sample/.test(l.msg ?? "")),
    ).toBe(true);
    const cookie = await ownerCookie(server);

    const dashboard = await page(server, "/admin/dashboard", cookie);
    expect(dashboard).toContain("Siapkan Toko");
    for (const [label, href] of [
      ["Nama toko", "/admin/settings#identitas-toko"],
      ["Nomor WhatsApp toko", "/admin/settings#identitas-toko"],
      ["Rekening bank atau QRIS", "/admin/settings#metode-pembayaran"],
      ["Area pengiriman dan ongkir", "/admin/settings#area-pengiriman"],
      ["Pengiriman email (SMTP_URL)", "/admin/settings"],
    ])
      expect(dashboard).toContain(`<a href="${href}" class="font-semibold text-stone-900 underline">${label}</a>`);
    for (const pathname of ["/admin/dashboard", "/admin/delivery-sheet", "/admin/products", "/admin/settings"])
      expect(await page(server, pathname, cookie), pathname).toContain(SAMPLE_LINE);

    // No backup yet: the dashboard warns; 'Cadangkan Sekarang' makes one and the warning goes.
    expect(dashboard).toContain("Cadangan data sudah lebih dari dua hari.");
    expect(dashboard).toContain("Belum pernah ada cadangan.");
    const made = await post(server.url, "/admin/backups", {}, { cookie, headers: { Origin: server.url } });
    expect(made.status).toBe(303);
    expect(await page(server, "/admin/dashboard", cookie)).not.toContain("Cadangan data sudah lebih dari dua hari.");
  }, 300_000);

  it("says nothing in red once the shop's own number is set", async () => {
    const server = await startTestServer({ env: { SHOP_WHATSAPP: "6281233334444", SHOP_NAME: "Toko Sayur Bu Sari" } });
    servers.push(server);
    expect(logLines(server).some((l) => /WhatsApp number is still the sample/.test(l.msg ?? ""))).toBe(false);
    const cookie = await ownerCookie(server);
    const dashboard = await page(server, "/admin/dashboard", cookie);
    expect(dashboard).not.toContain(SAMPLE_LINE);
    // The name and the number are the owner's now: neither is on the list of what is left.
    expect(dashboard).toContain('<span class="text-stone-600">Nama toko</span>');
    expect(dashboard).toContain('<span class="text-stone-600">Nomor WhatsApp toko</span>');
    expect(await page(server, "/admin/delivery-sheet", cookie)).not.toContain(SAMPLE_LINE);
  }, 300_000);
});
