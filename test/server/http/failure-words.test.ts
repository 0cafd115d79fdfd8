import { toApiError } from '../../../server/http/errors';
import { failureWords, REASON_MESSAGES } from '../../../server/http/messages';
import {
  type ConsoleFailureReason,
  type FailureReason,
  type UseCaseError,
} from '../../../server/use-cases/result';

/**
 * Each member refusal's words as members and their browsers have always read them (the console's
 * are pinned in console-failure-words.test.ts).
 */
const REASON_WORDS: Record<Exclude<FailureReason, ConsoleFailureReason>, string> = {
  'no-passkey-to-confirm': 'You have no passkey to confirm with: use your password.',
  'deletion-not-confirmed': 'confirmation: type DELETE to confirm.',
  'password-or-passkey': 'password: give the password or a passkey, not both.',
  'amount-required': 'amount: Amount is required',
  'amount-format': 'amount: Amount must be a valid number with up to 2 decimal places',
  'amount-below-minimum': 'amount: Minimum amount is MYR 50.00',
  'amount-above-maximum': 'amount: Amount is above the maximum for one payment',
  'payment-method-unknown': 'payment_method: Please select a valid payment method',
  'idempotency-key-format': 'Idempotency-Key: 1 to 128 printable characters',
  'history-status-unknown': 'Status filter: must be one of all, completed, pending, failed.',
  'history-page-size': 'Page size: must be a whole number from 1 to 50.',
  'history-cursor-invalid': 'Page position: is not valid. Please reload your payment history.',
  'receipt-language-unknown': 'Language: must be one of en, fr, zn, ms.',
  'receipt-time-zone-unknown': 'Time zone: must be an IANA time zone such as Asia/Kuala_Lumpur.',
  'receipt-payment-pending':
    'This payment is still pending: its receipt is issued once the payment completes.',
  'receipt-payment-failed': 'This payment failed: a failed payment has no receipt.',
  'transaction-not-found': 'Transaction not found.',
};

describe("a use case's failure in words (server/http/messages.ts)", () => {
  it.each(Object.entries(REASON_WORDS))('words the refusal %s as %j', (reason, words) => {
    expect(REASON_MESSAGES[reason as FailureReason]).toBe(words);
  });

  it("answers a failure with only a code in the code's words, naming the field they start with", () => {
    expect(failureWords({ code: 'SMS_CODE_WRONG' })).toEqual({
      message: 'tac_code: the code is incorrect.',
      field: 'tac_code',
    });
    expect(failureWords({ code: 'PAYMENT_NOT_FOUND' })).toEqual({ message: 'Payment not found.' });
  });

  it.each([
    ['MEMBER_PHONE_TAKEN', 'phone_no'],
    ['MEMBER_IC_TAKEN', 'ic_or_passport'],
    ['SMS_CODE_WRONG', 'tac_code'],
    ['SMS_CODE_EXPIRED', 'tac_code'],
    ['SMS_CODE_USED', 'tac_code'],
    ['SMS_CODE_MISSING', 'tac_code'],
    ['SMS_CODE_LOCKED', 'tac_code'],
    ['SESSION_NOT_FOUND', 'session_id'],
    ['PASSWORD_CONFIRMATION_WRONG', 'password'],
    ['PASSKEY_NOT_FOUND', 'passkey_id'],
    ['OPS_EMAIL_TAKEN', 'email'],
    ['REFUND_OVER_REFUNDABLE', 'amount'],
  ] as const)('answers %s naming %s, the field its words start with', (code, field) => {
    const words = failureWords({ code });
    expect(words.field).toBe(field);
    expect(words.message.startsWith(`${field}: `)).toBe(true);
  });

  it("answers a refusal in its reason's words with the field the use case named, and only that", () => {
    const history: UseCaseError = {
      code: 'VALIDATION_FAILED',
      field: 'limit',
      reason: 'history-page-size',
    };
    expect(failureWords(history)).toEqual({
      message: 'Page size: must be a whole number from 1 to 50.',
      field: 'limit',
    });
    // PASSKEY_NOT_FOUND's own words name passkey_id; this refusal's words name no field.
    expect(failureWords({ code: 'PASSKEY_NOT_FOUND', reason: 'no-passkey-to-confirm' })).toEqual({
      message: 'You have no passkey to confirm with: use your password.',
    });
  });
});

describe('toApiError', () => {
  it("answers a rate limit in its code's words, with Retry-After", () => {
    const error = toApiError({ code: 'SMS_COOLDOWN', retryAfterS: 15 });
    expect(error).toMatchObject({
      code: 'SMS_COOLDOWN',
      httpStatus: 429,
      message: 'Please wait before requesting another code.',
      headers: { 'Retry-After': '15' },
    });
    expect(error.field).toBeUndefined();
  });

  it("answers a refused gateway message in its check's words, with Retry-After when given", () => {
    const refused = toApiError({ code: 'PAYMENT_GATEWAY_UNAVAILABLE', message: 'down: 503' });
    expect(refused).toMatchObject({ code: 'PAYMENT_GATEWAY_UNAVAILABLE', message: 'down: 503' });
    expect(refused.headers).toBeUndefined();
    const later = toApiError({
      code: 'CALLBACK_STALE',
      message: 'Stale timestamp',
      retryAfterS: 30,
    });
    expect(later).toMatchObject({ message: 'Stale timestamp', headers: { 'Retry-After': '30' } });
    expect(later.field).toBeUndefined();
  });

  it('answers a refusal with its status, words and field', () => {
    const error = toApiError({
      code: 'VALIDATION_FAILED',
      field: 'confirmation',
      reason: 'deletion-not-confirmed',
    });
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      httpStatus: 400,
      message: 'confirmation: type DELETE to confirm.',
      field: 'confirmation',
    });
  });
});
