// Slowing online password guessing without letting a stranger lock anyone out (OWASP's
// "device cookies" for authentication throttling):
// - a browser that logged in to an account before carries a signed device cookie for that
//   account; its attempts count only against its own limit, so guesses by others never
//   keep the owner out on their own phone;
// - every other attempt counts per client address (a hard limit for that address only) and
//   per account, where after a few free failures each further attempt must wait a delay
//   that doubles (30 s, 1 min, 2 min ... at most 15 min) instead of a fixed block;
// - all counters are rows of `rate_limits`, so every app process counts together.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "~/db/client.server";
import { parseCookieHeader } from "../cookies.server";
import { authSecret, config } from "../config.server";
import { claimRateLimitSlot, clearRateLimit, hitRateLimit, undoRateLimitHit } from "../rate-limit.server";

export const LOGIN_THROTTLE = {
  /** Failures per account (from unknown devices) before delays start, and the window they count in. */
  freePerAccount: 5,
  accountWindowSeconds: 60 * 60,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  /** Attempts per client address (any e-mail), a hard limit for that address. */
  perClient: 20,
  clientWindowSeconds: 15 * 60,
  /** Attempts from one known device, a hard limit for that device only. */
  perDevice: 10,
  deviceWindowSeconds: 15 * 60,
};

const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;
/** A shared phone may know a few accounts; the newest are kept. */
const DEVICE_ENTRIES_KEPT = 4;

export function deviceCookieName(): string {
  return config().secureCookies ? "__Secure-sayur.device" : "sayur.device";
}

function signature(nonce: string, email: string): string {
  return createHmac("sha256", authSecret())
    .update(`login-device|${nonce}|${email.toLowerCase()}`)
    .digest("base64url")
    .slice(0, 32);
}

function deviceEntries(cookieHeader: string | null): { nonce: string; sig: string }[] {
  const value = parseCookieHeader(cookieHeader).get(deviceCookieName()) ?? "";
  return value
    .split("~")
    .map((entry) => entry.split("."))
    .filter(
      (parts) => parts.length === 2 && /^[A-Za-z0-9_-]{16,64}$/.test(parts[0]) && /^[A-Za-z0-9_-]{32}$/.test(parts[1]),
    )
    .slice(0, DEVICE_ENTRIES_KEPT)
    .map(([nonce, sig]) => ({ nonce, sig }));
}

/** The device's id when the request carries a valid device cookie for this e-mail. */
export function knownDeviceFor(cookieHeader: string | null, email: string): string | null {
  for (const { nonce, sig } of deviceEntries(cookieHeader)) {
    const expected = Buffer.from(signature(nonce, email));
    if (timingSafeEqual(expected, Buffer.from(sig))) return nonce;
  }
  return null;
}

/** The Set-Cookie line that remembers this browser for this e-mail (kept with up to three others). */
export function deviceCookieFor(cookieHeader: string | null, email: string): string {
  const nonce = knownDeviceFor(cookieHeader, email) ?? randomBytes(18).toString("base64url");
  const others = deviceEntries(cookieHeader).filter((e) => e.nonce !== nonce);
  const value = [{ nonce, sig: signature(nonce, email) }, ...others]
    .slice(0, DEVICE_ENTRIES_KEPT)
    .map((e) => `${e.nonce}.${e.sig}`)
    .join("~");
  const secure = config().secureCookies ? "; Secure" : "";
  return `${deviceCookieName()}=${value}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`;
}

export type LoginAttempt =
  | { allowed: true; settle: (outcome: "success" | "failure" | "error") => Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

const keys = (email: string, client: string, device: string | null) => ({
  account: `login:email:${email}`,
  wait: `login:email-wait:${email}`,
  client: `login:client:${client}`,
  device: device ? `login:device:${device}` : null,
});

/** The wait after the `attempt`-th attempt in the window (only past the free ones). */
function delayAfter(attempt: number): number {
  const step = attempt - LOGIN_THROTTLE.freePerAccount - 1;
  return Math.min(LOGIN_THROTTLE.maxDelaySeconds, LOGIN_THROTTLE.firstDelaySeconds * 2 ** Math.max(0, step));
}

/**
 * Decides, before the password is checked, whether this attempt may be checked at all. Every
 * attempt is counted first (parallel guesses cannot slip through); `settle` afterwards
 * forgives what a correct login or our own failure should not count.
 */
export async function beginLoginAttempt(
  db: Queryable,
  email: string,
  client: { key: string; cookieHeader: string | null },
): Promise<LoginAttempt> {
  const device = knownDeviceFor(client.cookieHeader, email);
  const k = keys(email, client.key, device);
  if (k.device) {
    const hit = await hitRateLimit(db, k.device, LOGIN_THROTTLE.perDevice, LOGIN_THROTTLE.deviceWindowSeconds);
    if (!hit.allowed) return { allowed: false, retryAfterSeconds: hit.retryAfterSeconds };
    return {
      allowed: true,
      settle: async (outcome) => {
        if (outcome === "failure") return;
        await undoRateLimitHit(db, k.device!);
        if (outcome === "success") await Promise.all([clearRateLimit(db, k.account), clearRateLimit(db, k.wait)]);
      },
    };
  }

  const [byClient, byAccount] = await Promise.all([
    hitRateLimit(db, k.client, LOGIN_THROTTLE.perClient, LOGIN_THROTTLE.clientWindowSeconds),
    hitRateLimit(db, k.account, LOGIN_THROTTLE.freePerAccount, LOGIN_THROTTLE.accountWindowSeconds),
  ]);
  const undoAccount = () => undoRateLimitHit(db, k.account);
  if (!byClient.allowed) {
    await undoAccount();
    return { allowed: false, retryAfterSeconds: byClient.retryAfterSeconds };
  }
  if (!byAccount.allowed) {
    // Past the free failures: one attempt per delay, the delay doubling with each failure.
    // Attempts refused while waiting do not count, so nobody can stretch the wait cheaply.
    const slot = await claimRateLimitSlot(db, k.wait, delayAfter(byAccount.count));
    if (!slot.claimed) {
      await undoAccount();
      return { allowed: false, retryAfterSeconds: slot.retryAfterSeconds };
    }
  }
  return {
    allowed: true,
    settle: async (outcome) => {
      if (outcome === "failure") return;
      if (outcome === "success") {
        // The owner proved the password: the account's failures are forgiven, the client's stay.
        await Promise.all([clearRateLimit(db, k.account), clearRateLimit(db, k.wait), undoRateLimitHit(db, k.client)]);
        return;
      }
      await Promise.all([undoAccount(), undoRateLimitHit(db, k.client)]);
    },
  };
}
