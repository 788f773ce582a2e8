// `npm run bench:enumeration`: how long login, registration and the reset request take for
// an e-mail that has an account and for one that has none (OWASP ASVS 5.0 6.3.8). The tests
// prove both paths do the same work; this prints the times, in-process on an in-memory
// database, so a drift shows as figures instead of a flaky assertion.
import { randomBytes } from "node:crypto";
import { openDatabase } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { registerCustomer, requestPasswordReset, signIn, type AccountDeps } from "~/server/accounts/customer.server";
import { createAuth } from "~/server/accounts/auth.server";

process.env.LOG_LEVEL ??= "silent";
process.env.VITEST ??= "true"; // keeps Better Auth's own console warnings out of the figures
process.env.BETTER_AUTH_SECRET ??= "bench-secret-0123456789abcdef0123456789abcdef";
process.env.DATA_DIR ??= `/tmp/sayur-bench-enum-${process.pid}`;

const ROUNDS = Number(process.env.ROUNDS ?? 15);
const handle = await openDatabase({ kind: "memory" });
const deps: AccountDeps = { db: handle.db, auth: createAuth(handle.db) };
let n = 0;
const client = () => ({ key: `bench-${++n}` });
const uid = () => randomBytes(4).toString("hex");
const form = (email: string) => ({
  name: "Bench",
  email,
  phone: "081234567890",
  address: "Jl. Bench 1, Jember",
  password: "Sayur-Segar-Bench-1",
  confirmPassword: "Sayur-Segar-Bench-1",
  terms: true as const,
});

const existing = `ada.${uid()}@contoh.id`;
await registerCustomer(deps, form(existing), client());

/** Times one call; the rate limits are emptied first, or the per-e-mail limit would answer instead. */
async function time(fn: () => Promise<unknown>): Promise<number> {
  await handle.db.delete(rateLimits);
  const started = performance.now();
  await fn();
  return performance.now() - started;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
  [
    "login (wrong password vs unknown e-mail)",
    () => signIn(deps, { email: existing, password: "Salah-Sekali-123" }, client()),
    () => signIn(deps, { email: `tidak.${uid()}@contoh.id`, password: "Salah-Sekali-123" }, client()),
  ],
  [
    "register (existing vs new e-mail)",
    () => registerCustomer(deps, form(existing), client()),
    () => registerCustomer(deps, form(`baru.${uid()}@contoh.id`), client()),
  ],
  [
    "reset request (registered vs unknown)",
    () => requestPasswordReset(deps, { email: existing }, client()),
    () => requestPasswordReset(deps, { email: `tidak.${uid()}@contoh.id` }, client()),
  ],
];

console.log(`median of ${ROUNDS} rounds, ms (has an account / has none)`);
for (const [name, known, unknown] of cases) {
  await known();
  await unknown();
  const a: number[] = [];
  const b: number[] = [];
  // Interleaved, so a slower moment of the machine hits both sides alike.
  for (let i = 0; i < ROUNDS; i++) {
    a.push(await time(known));
    b.push(await time(unknown));
  }
  const [ma, mb] = [median(a), median(b)];
  console.log(
    `${name.padEnd(42)} ${ma.toFixed(1).padStart(7)} / ${mb.toFixed(1).padStart(7)}   difference ${(((mb - ma) / ma) * 100).toFixed(0)}%`,
  );
}
await handle.close();
