// Fixed-window rate limits kept in the database, so every app process counts together.
import { eq, lt, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

export type RateLimitResult = { allowed: boolean; count: number; remaining: number; retryAfterSeconds: number };

/**
 * Counts one hit on `key` and says whether it is within `limit` hits per `windowSeconds`.
 * One atomic upsert: concurrent hits from several processes never lose a count.
 */
export async function hitRateLimit(
  db: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const newWindowEnd = sql`now() + make_interval(secs => ${windowSeconds})`;
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: newWindowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then ${newWindowEnd} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const count = Number(row.count);
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - Date.now()) / 1000));
  return { allowed: count <= limit, count, remaining: Math.max(0, limit - count), retryAfterSeconds };
}

/** Takes one hit back (an attempt that should not have counted). */
export async function undoRateLimitHit(db: Queryable, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/**
 * One attempt per `waitSeconds`: claims the slot `key` when its last wait is over and starts
 * the next wait, atomically (of several concurrent claims exactly one wins).
 */
export async function claimRateLimitSlot(
  db: Queryable,
  key: string,
  waitSeconds: number,
): Promise<{ claimed: true } | { claimed: false; retryAfterSeconds: number }> {
  const waitEnd = sql`now() + make_interval(secs => ${waitSeconds})`;
  const claimed = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: waitEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`${rateLimits.count} + 1`, resetAt: waitEnd },
      setWhere: sql`${rateLimits.resetAt} <= now()`,
    })
    .returning({ resetAt: rateLimits.resetAt });
  if (claimed.length > 0) return { claimed: true };
  const [row] = await db.select({ resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, key));
  const retryAfterSeconds = row
    ? Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - Date.now()) / 1000))
    : LOGIN_RETRY_FALLBACK_SECONDS;
  return { claimed: false, retryAfterSeconds };
}

const LOGIN_RETRY_FALLBACK_SECONDS = 1;

/** Forgets a key, e.g. failed logins after a successful one. */
export async function clearRateLimit(db: Queryable, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Removes expired windows; cheap enough to run now and then. */
export async function pruneRateLimits(db: Queryable): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
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
