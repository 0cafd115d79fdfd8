import { REFUND_STATUSES } from '../../src/contract/ops-payments-api';
import { MAX_REPORT_DAYS } from '../use-cases/ops/payment-reports.use-case';
import { type ConsoleFailureReason } from '../use-cases/result';

/**
 * The words of each refusal the operator console's use cases name, its field's prefix included
 * (messages.ts merges them with the member app's). The console shows them as they are.
 */
export const CONSOLE_REASON_MESSAGES: Record<ConsoleFailureReason, string> = {
  // Enrolment, sign-in and the second factor again.
  'operator-password-length': 'password: 12 to 128 characters.',
  'totp-code-wrong': 'totp_code: not the current code of the authenticator app.',
  'no-passkey-for-step-up': 'You have no passkey: give a code from your authenticator app.',
  // Operators.
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
  // Searches and their pages.
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
  'refund-status-unknown': `status: one of ${REFUND_STATUSES.join(', ')}.`,
  // Refunds.
  'refund-amount-format': 'amount: ringgit above zero, with at most two decimals.',
  'refund-reason-length': 'reason: 3 to 500 characters.',
  'transfer-reference-length': "reference: the bank transfer's reference, 1 to 100 characters.",
  'transfer-date-invalid': 'transfer_date: a day (YYYY-MM-DD), not in the future.',
  // Reports and the export.
  'report-from-day': 'from: a day, YYYY-MM-DD.',
  'report-to-day': 'to: a day, YYYY-MM-DD.',
  'report-range-order': 'to: not before from.',
  'report-range-too-long': `to: at most ${MAX_REPORT_DAYS} days from from.`,
  'export-filter-ref': 'ref: not a valid value.',
  'export-filter-member': 'member: not a valid value.',
  'export-filter-status': 'status: not a valid value.',
  'export-filter-gateway': 'gateway: not a valid value.',
  'export-filter-from': 'from: not a valid value.',
  'export-filter-to': 'to: not a valid value.',
  'export-filter-min-amount': 'min_amount: not a valid value.',
  'export-filter-max-amount': 'max_amount: not a valid value.',
  'export-filter-cursor': 'cursor: not a valid value.',
  // The audit log.
  'audit-from-date': 'from: not a date.',
  'audit-to-date': 'to: not a date.',
};
