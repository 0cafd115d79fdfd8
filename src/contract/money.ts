import { AMOUNT_PATTERN, MAX_AMOUNT_SEN, MIN_AMOUNT_SEN } from './rules';
import { type Result } from './result';

/** Money is integer sen (1/100 MYR) everywhere inside the server; decimals exist only on the wire. */
export type Sen = number;

export type AmountError = 'required' | 'format' | 'below_minimum' | 'above_maximum';
export type AmountResult = Result<Sen, AmountError>;

/** Longer integer parts are over the maximum anyway; the cap keeps Number() exact. */
const MAX_INTEGER_DIGITS = 12;

/**
 * Parses a wire amount ('123.45', '50', 123.45) into sen without floating-point arithmetic:
 * the decimal text is split and the digits are combined as integers, so 0.1 + 0.2 never happens.
 * Numbers are read through their shortest decimal text, which is what the sender typed.
 */
export function parseAmountToSen(input: unknown): AmountResult {
  if (input === undefined || input === null || input === '')
    return { ok: false, error: 'required' };
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, error: 'format' };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return { ok: false, error: 'format' };
  }
  if (!AMOUNT_PATTERN.test(text)) return { ok: false, error: 'format' };
  const sen = decimalToSen(text);
  if (sen === null) return { ok: false, error: 'above_maximum' };
  if (sen < MIN_AMOUNT_SEN) return { ok: false, error: 'below_minimum' };
  if (sen > MAX_AMOUNT_SEN) return { ok: false, error: 'above_maximum' };
  return { ok: true, value: sen };
}

/**
 * Decimal text with at most two places ('123.4', '50') as sen, combining the digits as integers;
 * null when it is not such text or has more integer digits than Number keeps exactly.
 */
export function decimalToSen(text: string): Sen | null {
  if (!AMOUNT_PATTERN.test(text)) return null;
  const [integerPart, fractionPart = ''] = text.split('.');
  if (integerPart.replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS) return null;
  return Number(integerPart) * 100 + Number(fractionPart.padEnd(2, '0'));
}

/** Formats sen as the wire's decimal string with exactly two places: 12345 -> '123.45'. */
export function formatSen(sen: Sen): string {
  if (!Number.isSafeInteger(sen) || sen < 0) throw new RangeError(`not an amount in sen: ${sen}`);
  const whole = Math.floor(sen / 100);
  const cents = sen % 100;
  return `${whole}.${String(cents).padStart(2, '0')}`;
}

/** Strict form used in signed messages: exactly two decimals, no sign, no leading zeros. */
export const CANONICAL_AMOUNT_PATTERN = /^(0|[1-9]\d*)\.\d{2}$/;
