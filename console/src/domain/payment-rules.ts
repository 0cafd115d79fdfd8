import { decimalToSen, type Sen } from '../../../src/contract/money';
import { TRANSFER_REFERENCE_MAX_LENGTH } from '../../../src/contract/ops-rules';
import { isDay } from './malaysia-day';
import type { RuleKey } from './rules';

/** How long a bank transfer's reference may be. */
export const REFERENCE_MAX = TRANSFER_REFERENCE_MAX_LENGTH;

/** Ringgit as typed ("12", "12.5", "12.50", "RM 12.50"), in sen; null when it is not an amount. */
export function ringgitToSen(text: string): Sen | null {
  const cleaned = text
    .trim()
    .replace(/^RM\s*/i, '')
    .replace(/,/g, '');
  return cleaned === '' ? null : decimalToSen(cleaned);
}

/** A refund's amount: required, ringgit with at most two decimals, more than zero, at most what is left. */
export function refundAmountError(text: string, refundable: string): RuleKey {
  if (text.trim() === '') return 'errors.amountRequired';
  const sen = ringgitToSen(text);
  if (sen === null) return 'errors.amountFormat';
  if (sen === 0) return 'errors.amountZero';
  const left = decimalToSen(refundable);
  return left !== null && sen > left ? 'errors.amountOver' : null;
}

/** An amount filter: empty (no bound) or ringgit with at most two decimals. */
export function amountFilterError(text: string): RuleKey {
  return text.trim() === '' || ringgitToSen(text) !== null ? null : 'errors.amountFormat';
}

/** A closed transfer's reference: required, at most REFERENCE_MAX characters. */
export function transferReferenceError(reference: string): RuleKey {
  const length = reference.trim().length;
  if (length === 0) return 'errors.referenceRequired';
  return length > REFERENCE_MAX ? 'errors.referenceLength' : null;
}

/** A transfer's date: a calendar day, not after today (Malaysia time). */
export function transferDateError(day: string, today: string): RuleKey {
  if (day.trim() === '') return 'errors.dateRequired';
  if (!isDay(day.trim())) return 'errors.dateFormat';
  return day.trim() > today ? 'errors.dateFuture' : null;
}
