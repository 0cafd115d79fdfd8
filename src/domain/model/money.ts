/**
 * Money as the payment screens show it. The wire carries decimal strings ('123.45'); the member
 * types a decimal string; only formatting happens here, the server keeps integer sen.
 */
import { decimalToSen, formatSen } from '../../contract/money';

export const CURRENCY = 'MYR';
/** Shown when no amount is known yet. */
export const DEFAULT_AMOUNT = '50.00';

/**
 * A decimal amount with exactly two places ('123.45'), or the fallback when the value is missing
 * or not an amount in whole sen. It goes through integer sen (the contract's decimalToSen and
 * formatSen), never binary floating point, so nothing is rounded on the way: '2.675' or the
 * number 0.1 + 0.2 is not an amount rather than a silently rounded one.
 */
export function formatAmount(
  value: string | number | null | undefined,
  fallback: string = DEFAULT_AMOUNT,
): string {
  if (value === null || value === undefined || value === '') return fallback;
  const sen = decimalToSen(typeof value === 'number' ? String(value) : value);
  return sen === null ? fallback : formatSen(sen);
}

/** 'RM 123.45': ringgit as the status and return pages show it. */
export const formatRinggit = (value: string | number | null | undefined): string =>
  `RM ${formatAmount(value)}`;
