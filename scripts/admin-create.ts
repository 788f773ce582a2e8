// npm run admin:create -- --email E --password P [--name N] [--role owner|staff|courier]
// Creates an owner (default), staff or courier account, or gives an existing account that role. With the embedded database in use
// by a running server it goes through that server; it never opens the data beside it.
import { parseArgs } from "node:util";
import { openDatabase } from "~/db/client.server";
import { liveLockHolder } from "~/db/data-dir-lock.server";
import { createOrPromoteAdmin } from "~/server/accounts/staff.server";
import { loadConfig } from "~/server/config.server";

function fail(message: string): never {
  console.error(`Gagal: ${message}`);
  process.exit(1);
}

let values: { email?: string; password?: string; name?: string; role?: string };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
    },
    strict: true,
  }));
} catch (error) {
  fail(
    `${(error as Error).message}\nPemakaian: npm run admin:create -- --email EMAIL --password PASSWORD [--name NAMA] [--role owner|staff|courier]`,
  );
}
if (!values.email || !values.password) {
  fail(
    "--email dan --password wajib diisi.\nPemakaian: npm run admin:create -- --email EMAIL --password PASSWORD [--name NAMA] [--role owner|staff|courier]",
  );
}

const cfg = loadConfig();
const input = { email: values.email, password: values.password, name: values.name, role: values.role };

async function viaServer(port: number, token: string) {
  const response = await fetch(`http://127.0.0.1:${port}/__control/admin-create`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Control-Token": token },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: (await response.json()) as { message?: string; error?: string } };
}

let result: { status: number; body: { message?: string; error?: string } };
if (cfg.databaseUrl) {
  const handle = await openDatabase({ kind: "postgres", url: cfg.databaseUrl, poolSize: 2 });
  try {
    result = await createOrPromoteAdmin(handle.db, input);
  } finally {
    await handle.close();
  }
} else {
  const holder = liveLockHolder(cfg.dataDir);
  if (holder) {
    if (holder.holder !== "server" || !holder.port || !holder.controlToken) {
      fail(
        `data di ${cfg.dataDir} sedang dipakai oleh ${holder.holder} (pid ${holder.pid}). Tunggu sampai selesai lalu coba lagi.`,
      );
    }
    try {
      result = await viaServer(holder.port, holder.controlToken);
    } catch (error) {
      fail(`server yang sedang berjalan (pid ${holder.pid}) tidak dapat dihubungi: ${(error as Error).message}`);
    }
  } else {
    const handle = await openDatabase({ kind: "pglite", dataDir: cfg.dataDir, holder: "admin:create" });
    try {
      result = await createOrPromoteAdmin(handle.db, input);
    } finally {
      await handle.close();
    }
  }
}

if (result.status >= 400) fail(result.body.error ?? "tidak diketahui");
console.log(result.body.message);
process.exit(0);
