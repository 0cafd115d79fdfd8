import {
  AMOUNT_PATTERN,
  MIN_AMOUNT_SEN,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../contract/rules';

/** i18n keys of the payment form's messages (English texts in locales/en). */
export const PaymentFormMessages = {
  amountRequired: 'payment.validation.amountRequired',
  amountFormat: 'payment.validation.amountFormat',
  amountMinimum: 'payment.validation.amountMinimum',
  amountPositive: 'payment.validation.amountPositive',
  methodRequired: 'payment.validation.methodRequired',
  methodInvalid: 'payment.validation.methodInvalid',
} as const;

/** Every method the dropdown lists; only those in PAYMENT_METHODS can be chosen. */
export const LISTED_PAYMENT_METHODS = ['qr', 'bankTransfer', 'eWallet'] as const;
export type ListedPaymentMethod = (typeof LISTED_PAYMENT_METHODS)[number];

export const isSelectablePaymentMethod = (value: string): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);

/**
 * What the amount input keeps of what was typed: digits and one dot, at most two decimals.
 * Later dots are dropped (their digits stay), extra decimals are cut, not rounded.
 */
export function filterAmountInput(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  if (dot === -1) return kept;
  const whole = kept.slice(0, dot);
  const decimals = kept
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole}.${decimals}`;
}

export interface PaymentFormValues {
  amount: string;
  paymentMethod: string;
}

export type PaymentFormErrors = Partial<Record<keyof PaymentFormValues, string>>;

/**
 * The first broken rule per field, as a message key; an empty object when the form is valid.
 * 'Amount must be positive' is checked before the minimum so that a zero amount gets the message
 * that names its actual problem (otherwise the rule could never be seen).
 */
export function validatePaymentForm(values: PaymentFormValues): PaymentFormErrors {
  const errors: PaymentFormErrors = {};
  const amount = values.amount.trim();
  if (amount === '') errors.amount = PaymentFormMessages.amountRequired;
  else if (!AMOUNT_PATTERN.test(amount)) errors.amount = PaymentFormMessages.amountFormat;
  else if (toSen(amount) <= 0) errors.amount = PaymentFormMessages.amountPositive;
  else if (toSen(amount) < MIN_AMOUNT_SEN) errors.amount = PaymentFormMessages.amountMinimum;

  if (values.paymentMethod === '') errors.paymentMethod = PaymentFormMessages.methodRequired;
  else if (!isSelectablePaymentMethod(values.paymentMethod))
    errors.paymentMethod = PaymentFormMessages.methodInvalid;
  return errors;
}

/** Whole sen of a valid amount string, computed on digits so 0.1 + 0.2 style errors cannot creep in. */
function toSen(amount: string): number {
  const [whole, decimals = ''] = amount.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}
