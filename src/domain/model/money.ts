/**
 * Money as the payment screens show it. The wire carries decimal strings ('123.45'); the member
 * types a decimal string; only formatting happens here, the server keeps integer sen.
 */
export const CURRENCY = 'MYR';
/** Shown when no amount is known yet. */
export const DEFAULT_AMOUNT = '50.00';

/**
 * A decimal amount with exactly two places ('123.45'), or the fallback when the value is missing
 * or not a finite number.
 */
export function formatAmount(
  value: string | number | null | undefined,
  fallback: string = DEFAULT_AMOUNT,
): string {
  if (value === null || value === undefined || value === '') return fallback;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed.toFixed(2) : fallback;
}

/** 'RM 123.45': ringgit as the status and return pages show it. */
export const formatRinggit = (value: string | number | null | undefined): string =>
  `RM ${formatAmount(value)}`;
