import { MALAYSIA_UTC_OFFSET_MS, malaysiaYear } from './receipt';

/**
 * The first moment still kept at `now`: the start (in Malaysia) of the year `years` before the
 * current one. A payment's year is the one receipts count: its completion's, or for a payment
 * never completed, its creation's. A payment of year Y is kept through Y + years and goes once
 * Y + years + 1 has begun; the PostgreSQL store computes the same bound from the database's
 * `now()`.
 */
export function retentionCutoff(now: Date, years: number): Date {
  const firstKeptYear = malaysiaYear(now) - years;
  return new Date(Date.UTC(firstKeptYear, 0, 1) - MALAYSIA_UTC_OFFSET_MS);
}
