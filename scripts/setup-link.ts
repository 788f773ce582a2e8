// npm run setup-link: prints the one-time link of the first-run set-up ('Siapkan Toko') again,
// or says the shop already has an owner. Through the running server when it holds the
// embedded database; never opens the data beside it.
import { callServer, fail, runningServer, withDatabase } from "./data-command";

let link: string | null;
const server = runningServer();
if (server) {
  const { status, body } = await callServer<{ link?: string | null; error?: string }>(server, "setup-link", {});
  if (status >= 400) fail(body.error ?? "server tidak dapat membuat tautan penyiapan.");
  link = body.link ?? null;
} else {
  const { ensureSetupToken, setupLink } = await import("~/server/accounts/setup.server");
  link = await withDatabase("setup-link", async (db) => {
    const token = await ensureSetupToken(db);
    return token ? setupLink(token) : null;
  });
}
if (!link) {
  process.stdout.write("Toko ini sudah punya pemilik; penyiapan sudah selesai. Masuk lewat /admin/login.\n");
} else {
  process.stdout.write(`Buka tautan ini untuk menyiapkan toko (sekali pakai):\n  ${link}\n`);
}
process.exit(0);
