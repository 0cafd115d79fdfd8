/** Malaysia is UTC+8 all year (no daylight saving): its calendar days, as YYYY-MM-DD. */
const MALAYSIA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The Malaysia calendar day an instant (ms since the epoch) falls on. */
export function malaysiaDayOf(ms: number): string {
  return new Date(ms + MALAYSIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether the text is a real calendar day (2026-02-30 is not). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** The day `count` days after (or before, when negative) a calendar day. */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 for the same day, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
