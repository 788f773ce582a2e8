// The shop lives in Asia/Jakarta: "today", "tomorrow" and every date shown are computed
// there, whatever the server's own time zone.

export const SHOP_TIME_ZONE = "Asia/Jakarta";

const ymd = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date in the shop's zone, as yyyy-mm-dd. */
export function shopDate(instant: Date = new Date()): string {
  return ymd.format(instant);
}

/** Adds whole days to a yyyy-mm-dd date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const utc = new Date(Date.UTC(y, m - 1, d + days));
  return utc.toISOString().slice(0, 10);
}

/** The delivery date of an order placed now: tomorrow in Jember. */
export function tomorrowInShop(now: Date = new Date()): string {
  return addDays(shopDate(now), 1);
}

/** The instant the given shop date starts (Jakarta has no daylight saving: UTC+7). */
export function startOfShopDay(date: string): Date {
  return new Date(`${date}T00:00:00+07:00`);
}

/** The earliest date any form or address may name: nothing of the shop happened before it. */
export const EARLIEST_SHOP_DATE = "2000-01-01";
/** The latest: far enough for any holiday planned ahead, near enough for every engine and formatter. */
export const LATEST_SHOP_DATE = "2100-12-31";

/**
 * Whether a date from outside (a form, an address, a stored setting) is a real calendar date
 * (yyyy-mm-dd, no 31 February) between EARLIEST_SHOP_DATE and LATEST_SHOP_DATE. Every date
 * crossing a trust boundary is checked here: PostgreSQL has no year 0, so '0000-01-01' used
 * to reach the database and come back as a 500.
 */
export function isValidDateString(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (value < EARLIEST_SHOP_DATE || value > LATEST_SHOP_DATE) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const longDate = new Intl.DateTimeFormat("id-ID", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
});
const longDateWithDay = new Intl.DateTimeFormat("id-ID", {
  timeZone: SHOP_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const dateTime = new Intl.DateTimeFormat("id-ID", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function toInstant(value: Date | string): Date {
  if (value instanceof Date) return value;
  // A bare yyyy-mm-dd is a shop calendar date: read it at noon in Jakarta.
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+07:00`) : new Date(value);
}

/** 22 November 2026 */
export function formatDate(value: Date | string): string {
  return longDate.format(toInstant(value));
}

/** Minggu, 22 November 2026 */
export function formatDateWithDay(value: Date | string): string {
  return longDateWithDay.format(toInstant(value));
}

/** 22 Nov 2026, 09.15 (in Jakarta time) */
export function formatDateTime(value: Date | string): string {
  return dateTime.format(toInstant(value));
}

const weekdayDayMonth = new Intl.DateTimeFormat("id-ID", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
});
const weekdayDayMonthYear = new Intl.DateTimeFormat("id-ID", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const weekdayOnly = new Intl.DateTimeFormat("id-ID", { timeZone: "UTC", weekday: "long" });

function calendarDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** Kamis, 26 November (the year added when it is not `todayYear`'s). */
export function formatWeekdayDate(date: string, todayDate?: string): string {
  const withYear = todayDate !== undefined && todayDate.slice(0, 4) !== date.slice(0, 4);
  return (withYear ? weekdayDayMonthYear : weekdayDayMonth).format(calendarDay(date));
}

/** Kamis */
export function formatWeekday(date: string): string {
  return weekdayOnly.format(calendarDay(date));
}

/** The instant of a wall-clock time (HH:MM) on a shop date (Jakarta is UTC+7 all year). */
export function shopInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+07:00`);
}
