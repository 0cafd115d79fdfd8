import {
  filterAmountInput,
  PaymentFormMessages,
  validatePaymentForm,
} from '../../src/domain/rules/payment-form';
import { formatAmount, formatRinggit } from '../../src/domain/model/money';
import { decimalToSen, formatSen } from '../../src/contract/money';

describe('filterAmountInput', () => {
  it.each([
    ['', ''],
    ['50', '50'],
    ['50.00', '50.00'],
    ['abc', ''],
    ['1a2b3', '123'],
    ['RM 1,234.56', '1234.56'],
    ['-50', '50'],
    ['12.345', '12.34'],
    ['12.999', '12.99'],
    ['1.2.3', '1.23'],
    ['1..5', '1.5'],
    ['.5', '.5'],
    ['100.', '100.'],
    ['1e5', '15'],
  ])('keeps %p as %p', (typed, kept) => {
    expect(filterAmountInput(typed)).toBe(kept);
  });
});

describe('validatePaymentForm', () => {
  const valid = { amount: '50.00', paymentMethod: 'qr' };

  it.each([
    ['', PaymentFormMessages.amountRequired],
    ['   ', PaymentFormMessages.amountRequired],
    ['.5', PaymentFormMessages.amountFormat],
    ['100.', PaymentFormMessages.amountFormat],
    ['12.345', PaymentFormMessages.amountFormat],
    ['1,000', PaymentFormMessages.amountFormat],
    ['0', PaymentFormMessages.amountPositive],
    ['0.00', PaymentFormMessages.amountPositive],
    ['0.01', PaymentFormMessages.amountMinimum],
    ['49.99', PaymentFormMessages.amountMinimum],
    ['50', undefined],
    ['50.0', undefined],
    ['50.00', undefined],
    ['1234.56', undefined],
  ])('amount %p -> %p', (amount, expected) => {
    expect(validatePaymentForm({ ...valid, amount }).amount).toBe(expected);
  });

  it.each([
    ['', PaymentFormMessages.methodRequired],
    ['bankTransfer', PaymentFormMessages.methodInvalid],
    ['eWallet', PaymentFormMessages.methodInvalid],
    ['card', PaymentFormMessages.methodInvalid],
    ['qr', undefined],
  ])('payment method %p -> %p', (paymentMethod, expected) => {
    expect(validatePaymentForm({ ...valid, paymentMethod }).paymentMethod).toBe(expected);
  });

  it('reports nothing for a valid form', () => {
    expect(validatePaymentForm(valid)).toEqual({});
  });
});

describe('money formatting', () => {
  it.each([
    ['123.45', '123.45'],
    ['50', '50.00'],
    [99.5, '99.50'],
    [undefined, '50.00'],
    [null, '50.00'],
    ['', '50.00'],
    ['abc', '50.00'],
  ])('formatAmount(%p) is %p', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });

  it('formats through integer sen, never rounding through binary floating point', () => {
    // toFixed(2) showed these as '2.67', '1.00' and '0.30': rounded, not what was given.
    expect(formatAmount('2.675')).toBe('50.00');
    expect(formatAmount('1.005')).toBe('50.00');
    expect(formatAmount(0.1 + 0.2)).toBe('50.00');
    // In sen the same sum is exact.
    const tenSen = decimalToSen('0.1');
    const twentySen = decimalToSen('0.20');
    expect(formatSen((tenSen ?? 0) + (twentySen ?? 0))).toBe('0.30');
    expect(formatAmount('999999999999.99')).toBe('999999999999.99');
    expect(formatAmount('0.07')).toBe('0.07');
  });

  it('shows ringgit as RM with two decimals', () => {
    expect(formatRinggit('123.4')).toBe('RM 123.40');
    expect(formatRinggit(undefined)).toBe('RM 50.00');
  });
});
