// The server's one "now". Every rule that depends on the hour (cut-offs, "tomorrow", which
// date a quota counts, the dashboard's today) asks this module, never `new Date()`, so a test
// can put the whole server at 20:59:59 in Jember or across a year end. Calendar questions are
// answered in Asia/Jakarta through app/lib/dates.ts, whatever the machine's own time zone.
//
// Two ways to move it, neither available in production:
// - unit and database tests call `setClock(fixedClock("2026-11-25T20:59:59+07:00"))` and
//   `resetClock()` afterwards;
// - browser and process tests start the server with SHOP_CLOCK_START=<ISO instant>: the clock
//   starts there when the process starts and runs on at the normal pace. A production server
//   (NODE_ENV=production) refuses to start with it (see config.server.ts), so a stray variable
//   can never move a real shop's deadlines.
import { addDays, shopDate } from "~/lib/dates";
import { config } from "./config.server";

export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** Always the same instant: for tests that must land exactly on a cut-off. */
export function fixedClock(instant: Date | string): Clock {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new Error(`fixedClock: bukan waktu yang sah: ${String(instant)}`);
  return { now: () => new Date(at) };
}

/** Starts at `instant` and then runs at the real pace (the server's clock under SHOP_CLOCK_START). */
export function clockStartingAt(instant: Date | string, startedAt: number = Date.now()): Clock {
  const offset = new Date(instant).getTime() - startedAt;
  if (Number.isNaN(offset)) throw new Error(`clockStartingAt: bukan waktu yang sah: ${String(instant)}`);
  return { now: () => new Date(Date.now() + offset) };
}

let current: Clock | undefined;

function clockFromConfig(): Clock {
  const start = config().clockStart;
  return start ? clockStartingAt(start) : systemClock;
}

/** The current instant on the server. */
export function now(): Date {
  current ??= clockFromConfig();
  return current.now();
}

/** Today's calendar date in Jember (yyyy-mm-dd). */
export function shopToday(): string {
  return shopDate(now());
}

/** Tomorrow's calendar date in Jember (yyyy-mm-dd). */
export function shopTomorrow(): string {
  return addDays(shopToday(), 1);
}

/** Tests only: every later `now()` in this process comes from `clock`. */
export function setClock(clock: Clock): void {
  if (config().isProduction) throw new Error("setClock hanya untuk pengujian");
  current = clock;
}

/** Back to the real clock (or SHOP_CLOCK_START when the environment sets it). */
export function resetClock(): void {
  current = undefined;
}
