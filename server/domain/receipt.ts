/**
 * Receipts: a completed payment's receipt number, and how a receipt shows times and identities.
 * Malaysia keeps UTC+8 all year (no daylight saving), so its wall clock is UTC moved 8 hours on.
 */
export const MALAYSIA_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The calendar year in Malaysia at an instant: the year a payment completing then counts in. */
export function malaysiaYear(at: Date): number {
  return new Date(at.getTime() + MALAYSIA_UTC_OFFSET_MS).getUTCFullYear();
}

/** R-2026-000123: the sequence is padded to 6 digits and simply grows past 999999. */
export function formatReceiptNumber(year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`not a receipt sequence: ${sequence}`);
  }
  return `R-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The sequence part of a receipt number (R-2026-000123 -> 123). */
export function receiptSequence(receiptNumber: string): number {
  return Number(receiptNumber.slice(receiptNumber.lastIndexOf('-') + 1));
}

/** '2026-01-02 11:04:05': an instant as Malaysia's wall clock, to the second. */
export function malaysiaDateTime(at: Date): string {
  return new Date(at.getTime() + MALAYSIA_UTC_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
}

/** '2026-01-02 03:04:05': an instant as the wall clock of an IANA time zone, to the second. */
export function zonedDateTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/**
 * An IC or passport number as a receipt may show it: every character but the last 4 hidden, so
 * a receipt forwarded to someone else does not hand them the member's identity number.
 */
export function maskIdentity(icOrPassport: string): string {
  const visible = icOrPassport.slice(-4);
  return `${'*'.repeat(Math.max(0, icOrPassport.length - visible.length))}${visible}`;
}
