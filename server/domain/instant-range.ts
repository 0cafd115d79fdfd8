/**
 * The instants a request may name (a filter's date, a cursor's position): from 1970 to the end
 * of 9999. JavaScript reads years such as -200000 or +275000, and a database column holds
 * neither (PostgreSQL's timestamps end in 294276, PGlite's sooner), and a year past 9999 has no
 * four-digit ISO text (`+010000-…`, which PGlite refuses and PostgreSQL takes), so a date outside
 * this range is refused as the caller's mistake before any query, never answered 500 by the driver.
 */
const EARLIEST_MS = Date.UTC(1970, 0, 1);
const LATEST_MS = Date.UTC(10000, 0, 1);

/** Whether `date` is a real instant inside the range every store can hold. */
export function isInstantInRange(date: Date): boolean {
  const ms = date.getTime();
  return Number.isFinite(ms) && ms >= EARLIEST_MS && ms < LATEST_MS;
}

/**
 * A database time as text (`2026-01-31 12:00:00.123456+00`, or ISO with `T` and `Z`) as an
 * instant, null when a field is out of its range (month 13, 25 o'clock, February 30) or the
 * instant is outside the range above.
 */
const INSTANT_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|([+-])(\d{2})(?::?(\d{2}))?)$/;

export function instantFromText(text: string): Date | null {
  const match = INSTANT_TEXT.exec(text);
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const fractionMs = match[7] === undefined ? 0 : Number(match[7]) * 1000;
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(local);
  const fields = [check.getUTCFullYear(), check.getUTCMonth() + 1, check.getUTCDate()];
  if (fields.join('-') !== [year, month, day].join('-') || hour > 23 || minute > 59) return null;
  if (second > 59) return null;
  const offsetHours = Number(match[10] ?? 0);
  const offsetMinutes = Number(match[11] ?? 0);
  if (offsetHours > 15 || offsetMinutes > 59) return null;
  const sign = match[9] === '-' ? -1 : 1;
  const offsetMs = sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  const at = new Date(local + fractionMs - offsetMs);
  return isInstantInRange(at) ? at : null;
}
