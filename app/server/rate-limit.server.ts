// Fixed-window rate limits kept in the database, so every app process counts together.
import { sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Counts one hit on `key` and says whether it is within `limit` hits per `windowSeconds`.
 * One atomic upsert: concurrent hits from several processes never lose a count.
 */
export async function hitRateLimit(db: Queryable, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const rows = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then now() + make_interval(secs => ${windowSeconds}) else rate_limits.reset_at end
    returning count, reset_at`);
  const row = (rows as unknown as { rows?: { count: number; reset_at: string | Date }[] }).rows?.[0] ?? (rows as unknown as { count: number; reset_at: string | Date }[])[0];
  const count = Number(row.count);
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
  return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
}

/** Forgets a key, e.g. failed logins after a successful one. */
export async function clearRateLimit(db: Queryable, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Removes expired windows; cheap enough to run now and then. */
export async function pruneRateLimits(db: Queryable): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}

/**
 * The client's address for rate limiting. Behind a proxy (TRUST_PROXY=1) the first
 * X-Forwarded-For entry; otherwise the socket address the server put in X-Client-Ip.
 */
export function clientKey(request: Request): string {
  if (process.env.TRUST_PROXY === "1") {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  return (request.headers.get("x-client-ip") ?? "local").slice(0, 64);
}

export function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60
    ? `Terlalu banyak percobaan. Silakan coba lagi dalam ${seconds} detik.`
    : `Terlalu banyak percobaan. Silakan coba lagi dalam ${minutes} menit.`;
}
