import { decimalToSen } from '../../contract/money';
import { formatRinggit } from '../../domain/model/money';

/** i18n keys of what a payment's refunds are called. */
export const RefundTexts = {
  title: 'refunds.title',
  refunded: 'refunds.refunded',
  partlyRefunded: 'refunds.partlyRefunded',
} as const;

/** An i18n key, with the refunded sum for the partial one. */
export interface RefundLabel {
  key: (typeof RefundTexts)['refunded' | 'partlyRefunded'];
  values?: { amount: string };
}

/**
 * What the member is told about a payment's refunds, beside its status: "Refunded" when the
 * refunds done give back the whole amount, "Partly refunded RM 12.50" (the refunded sum, in the
 * app's one money format) when less, nothing when nothing was given back or either amount is not
 * an amount (an older server says no refundedAmount). Compared in integer sen.
 */
export function refundLabel(
  amount: string | undefined,
  refundedAmount: string | undefined,
): RefundLabel | null {
  if (amount === undefined || refundedAmount === undefined) return null;
  const paid = decimalToSen(amount);
  const refunded = decimalToSen(refundedAmount);
  if (paid === null || refunded === null || refunded <= 0) return null;
  if (refunded >= paid) return { key: RefundTexts.refunded };
  return { key: RefundTexts.partlyRefunded, values: { amount: formatRinggit(refundedAmount) } };
}
