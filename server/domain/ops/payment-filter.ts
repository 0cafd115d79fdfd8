import { decimalToSen, type Sen } from '../../../src/contract/money';
import type { PaymentSearchQuery } from '../../../src/contract/ops-payments-api';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../src/contract/payment';
import type { Result } from '../../../src/contract/result';
import { MAX_AMOUNT_SEN, normaliseIcOrPassport } from '../../../src/contract/rules';
import { MALAYSIA_UTC_OFFSET_MS } from '../receipt';
import { phoneFormsOf } from './phone-as-heard';

/**
 * What the console's payments search (and its CSV export, and nothing else) narrows payments to:
 * every field optional and all of them combined. Dates are already instants: `from` inclusive,
 * `until` exclusive, from Malaysia calendar days.
 */
export interface PaymentFilter {
  /** A transaction id, receipt number or gateway reference, matched exactly. */
  ref?: string;
  /**
   * The member's phone or IC/passport as typed, in their stored forms (phone digits with country
   * code, a leading 0 read as Malaysia's; IC/passport upper-cased): a member whose phone or
   * IC/passport equals any of them matches.
   */
  member?: string[];
  status?: PaymentStatus;
  gateway?: string;
  from?: Date;
  until?: Date;
  minSen?: Sen;
  maxSen?: Sen;
}

/** Which query field is wrong, for a coded 400 naming it. */
export type PaymentFilterError = { field: keyof PaymentSearchQuery };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const GATEWAY = /^[a-z][a-z0-9_-]{0,31}$/;

/** The instant a Malaysia calendar day (YYYY-MM-DD) starts; null when it is no such day. */
export function malaysiaDayStart(day: string): Date | null {
  const match = DAY.exec(day);
  if (match === null) return null;
  const [year, month, date] = match.slice(1).map(Number);
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1) return null;
  if (check.getUTCDate() !== date || year < 2000 || year > 9999) return null;
  return new Date(utc - MALAYSIA_UTC_OFFSET_MS);
}

/** The Malaysia calendar day (YYYY-MM-DD) an instant falls on. */
export function malaysiaDay(at: Date): string {
  return new Date(at.getTime() + MALAYSIA_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** Reads the search's query into a filter; the first wrong field is named. */
export function parsePaymentFilter(
  query: PaymentSearchQuery,
): Result<PaymentFilter, PaymentFilterError> {
  const filter: PaymentFilter = {};
  const fail = (field: keyof PaymentSearchQuery) => ({ ok: false as const, error: { field } });
  const ref = query.ref?.trim();
  if (ref) filter.ref = ref.toUpperCase().startsWith('TXN') ? ref.toUpperCase() : ref;
  const member = query.member?.trim();
  if (member) {
    filter.member = [...new Set([...phoneFormsOf(member), normaliseIcOrPassport(member)])];
  }
  if (query.status !== undefined) {
    if (!(PAYMENT_STATUSES as readonly string[]).includes(query.status)) return fail('status');
    filter.status = query.status;
  }
  if (query.gateway) {
    if (!GATEWAY.test(query.gateway)) return fail('gateway');
    filter.gateway = query.gateway;
  }
  if (query.from) {
    const from = malaysiaDayStart(query.from);
    if (from === null) return fail('from');
    filter.from = from;
  }
  if (query.to) {
    const to = malaysiaDayStart(query.to);
    if (to === null) return fail('to');
    filter.until = new Date(to.getTime() + DAY_MS);
  }
  if (filter.from && filter.until && filter.from >= filter.until) return fail('to');
  if (query.min_amount) {
    const sen = decimalToSen(query.min_amount);
    // Past the largest payment there is nothing to find, and past a column's range to ask for.
    if (sen === null || sen > MAX_AMOUNT_SEN) return fail('min_amount');
    filter.minSen = sen;
  }
  if (query.max_amount) {
    const sen = decimalToSen(query.max_amount);
    // Past the largest payment there is nothing to find, and past a column's range to ask for.
    if (sen === null || sen > MAX_AMOUNT_SEN) return fail('max_amount');
    filter.maxSen = sen;
  }
  if (filter.minSen !== undefined && filter.maxSen !== undefined && filter.minSen > filter.maxSen) {
    return fail('max_amount');
  }
  return { ok: true, value: filter };
}
