// The days of the week as a standing order stores them: ISO numbers, 1 Senin ... 7 Minggu.
// Every list, label and check of a weekday is derived from this record.

export const WEEKDAYS = {
  1: { name: "Senin", short: "Sen" },
  2: { name: "Selasa", short: "Sel" },
  3: { name: "Rabu", short: "Rab" },
  4: { name: "Kamis", short: "Kam" },
  5: { name: "Jumat", short: "Jum" },
  6: { name: "Sabtu", short: "Sab" },
  7: { name: "Minggu", short: "Min" },
} as const satisfies Record<number, { name: string; short: string }>;
export type Weekday = keyof typeof WEEKDAYS;

export const WEEKDAY_IDS = Object.keys(WEEKDAYS).map(Number) as Weekday[];

export function isWeekday(value: unknown): value is Weekday {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 7;
}

/** The ISO weekday of a 'YYYY-MM-DD' date (the date itself, no time zone involved). */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** "Selasa dan Sabtu", "Senin, Rabu dan Jumat": the days in week order. */
export function weekdaysText(days: readonly number[]): string {
  const names = [...new Set(days)]
    .filter(isWeekday)
    .sort((a, b) => a - b)
    .map((d) => WEEKDAYS[d].name);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} dan ${names[names.length - 1]}`;
}
