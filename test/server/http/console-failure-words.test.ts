import { toApiError } from '../../../server/http/errors';
import { failureWords, REASON_MESSAGES } from '../../../server/http/messages';
import { type ConsoleFailureReason } from '../../../server/use-cases/result';

/** Each console refusal's words as operators and the console have always read them. */
const CONSOLE_REASON_WORDS: Record<ConsoleFailureReason, string> = {
  'operator-password-length': 'password: 12 to 128 characters.',
  'totp-code-wrong': 'totp_code: not the current code of the authenticator app.',
  'no-passkey-for-step-up': 'You have no passkey: give a code from your authenticator app.',
  'operator-name-length': 'name: 1 to 100 characters.',
  'operator-email-format': 'email: not an e-mail address.',
  'own-role-change': 'No operator can change their own role.',
  'last-admin-role': 'The last admin keeps the admin role.',
  'self-disable': 'No operator can disable themselves.',
  'last-admin-disable': 'The last admin cannot be disabled.',
  'change-pending': 'A change of this operator already waits for a second admin.',
  'own-change-approval': 'Another admin must approve a change you asked for.',
  'own-confirmation': 'No operator can confirm themselves.',
  'link-holder-confirmation':
    'An admin who was not given the enrolment link must confirm this operator.',
  'confirm-before-enrolment': 'The operator must enrol before an admin confirms them.',
  'confirm-not-needed': 'This operator needs no confirmation.',
  'search-text-length': 'q: 2 to 100 characters.',
  'cursor-invalid': 'cursor: not a cursor.',
  'payment-filter-ref': 'ref: a transaction id, receipt number or gateway reference.',
  'payment-filter-member': "member: the member's phone or IC/passport number.",
  'payment-filter-status': 'status: pending, completed or failed.',
  'payment-filter-gateway': 'gateway: a gateway name.',
  'payment-filter-from': 'from: a day, YYYY-MM-DD.',
  'payment-filter-to': 'to: a day, YYYY-MM-DD, not before from.',
  'payment-filter-min-amount': 'min_amount: ringgit with at most two decimals.',
  'payment-filter-max-amount':
    'max_amount: ringgit with at most two decimals, not below min_amount.',
  'refund-status-unknown': 'status: one of requested, approved, rejected, refunded, refund_failed.',
  'refund-amount-format': 'amount: ringgit above zero, with at most two decimals.',
  'refund-reason-length': 'reason: 3 to 500 characters.',
  'transfer-reference-length': "reference: the bank transfer's reference, 1 to 100 characters.",
  'transfer-date-invalid': 'transfer_date: a day (YYYY-MM-DD), not in the future.',
  'report-from-day': 'from: a day, YYYY-MM-DD.',
  'report-to-day': 'to: a day, YYYY-MM-DD.',
  'report-range-order': 'to: not before from.',
  'report-range-too-long': 'to: at most 366 days from from.',
  'export-filter-ref': 'ref: not a valid value.',
  'export-filter-member': 'member: not a valid value.',
  'export-filter-status': 'status: not a valid value.',
  'export-filter-gateway': 'gateway: not a valid value.',
  'export-filter-from': 'from: not a valid value.',
  'export-filter-to': 'to: not a valid value.',
  'export-filter-min-amount': 'min_amount: not a valid value.',
  'export-filter-max-amount': 'max_amount: not a valid value.',
  'export-filter-cursor': 'cursor: not a valid value.',
  'audit-from-date': 'from: not a date.',
  'audit-to-date': 'to: not a date.',
};

describe("a console use case's failure in words (server/http/console-reason-messages.ts)", () => {
  it.each(Object.entries(CONSOLE_REASON_WORDS))('words the refusal %s as %j', (reason, words) => {
    expect(REASON_MESSAGES[reason as ConsoleFailureReason]).toBe(words);
  });

  it('answers a refused field with its status, words and that field', () => {
    const error = toApiError({
      code: 'VALIDATION_FAILED',
      field: 'min_amount',
      reason: 'export-filter-min-amount',
    });
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      httpStatus: 400,
      message: 'min_amount: not a valid value.',
      field: 'min_amount',
    });
  });

  it('answers a refused change in its words, naming no field', () => {
    const error = toApiError({ code: 'OPS_CHANGE_REFUSED', reason: 'last-admin-disable' });
    expect(error).toMatchObject({
      code: 'OPS_CHANGE_REFUSED',
      httpStatus: 409,
      message: 'The last admin cannot be disabled.',
    });
    expect(error.field).toBeUndefined();
  });

  it("names no field for a step-up without passkeys, though the code's own words name one", () => {
    expect(failureWords({ code: 'PASSKEY_NOT_FOUND', reason: 'no-passkey-for-step-up' })).toEqual({
      message: 'You have no passkey: give a code from your authenticator app.',
    });
  });
});
