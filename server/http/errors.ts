import { ERROR_HTTP_STATUS, type ErrorCode } from '../../src/contract/errors';
import { type Result } from '../../src/contract/result';
import { type CallbackRejectionError } from '../use-cases/apply-payment-callback.use-case';
import { type UseCaseError } from '../use-cases/result';
import { ERROR_MESSAGES, failureWords } from './messages';

/** Seconds a client is asked to wait after a 503 for a lost database connection. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * An expected failure by its code; the app's error handler answers it with the code's HTTP
 * status (errors.ts in the contract), the message (the code's own unless given), and the field
 * at fault when one is named.
 */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly field?: string;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    opts: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = ERROR_HTTP_STATUS[code];
    if (opts.field !== undefined) this.field = opts.field;
    if (opts.headers !== undefined) this.headers = opts.headers;
  }
}

/**
 * Turns an expected failure into an ApiError: a use case's in the words messages.ts gives its
 * code or reason, a refused gateway message in the words of the check that refused it.
 */
export function toApiError(error: UseCaseError | CallbackRejectionError): ApiError {
  const { message, field } = failureWords(error);
  const headers =
    'retryAfterS' in error && error.retryAfterS !== undefined
      ? { 'Retry-After': String(error.retryAfterS) }
      : undefined;
  return new ApiError(error.code, message, { field, headers });
}

/** Unwraps a use-case result for a route: the value, or a thrown ApiError. */
export function valueOrThrow<T>(result: Result<T, UseCaseError | CallbackRejectionError>): T {
  if (!result.ok) throw toApiError(result.error);
  return result.value;
}

/** The rule each validated field must meet, in words, for 400 messages that name the field. */
export const FIELD_RULES: Record<string, string> = {
  phone_no: 'must be 9 to 15 digits, not starting with 0',
  phone: 'must be 9 to 15 digits, not starting with 0',
  ic_or_passport: 'must be 12 digits (IC) or 6 to 9 letters and digits (passport)',
  ic: 'must be 12 digits (IC) or 6 to 9 letters and digits (passport)',
  password: 'must be 8 to 128 characters',
  new_password: 'must be 8 to 128 characters',
  name: 'must be 2 to 100 characters',
  nationality: 'must be Malaysian or Non-Malaysian',
  tac_code: 'must be 6 digits',
  purpose: 'must be registration or password_reset',
};

/**
 * Every request field in the member's words (the labels of the SPA's forms), for messages that
 * must name a field without showing a wire name.
 */
export const FIELD_LABELS: Record<string, string> = {
  ic_or_passport: 'IC or Passport Number',
  ic: 'IC or Passport Number',
  phone_no: 'Phone Number',
  phone: 'Phone Number',
  password: 'Password',
  new_password: 'New Password',
  name: 'Full Name',
  nationality: 'Nationality',
  tac_code: 'Verification Code',
  purpose: 'Code purpose',
  amount: 'Amount',
  payment_method: 'Payment Method',
  payment_id: 'Payment ID',
  transactionId: 'Transaction ID',
};

/** A field name safe to repeat in a message (an unknown field sent by some client). */
const PLAIN_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_.[\]-]{0,39}$/;

/** The field's name when it is safe to repeat in an answer's `field`; undefined otherwise. */
export function plainFieldName(field: string | null | undefined): string | undefined {
  return typeof field === 'string' && PLAIN_FIELD_NAME.test(field) ? field : undefined;
}

/**
 * The 400 sentence for a control character (or invalid Unicode) in a field: its label when known,
 * the field's own name when it is plain, never the offending text itself.
 */
export function disallowedCharactersMessage(field: string | null): string {
  const label =
    field === null
      ? 'The request'
      : Object.hasOwn(FIELD_LABELS, field)
        ? FIELD_LABELS[field]
        : PLAIN_FIELD_NAME.test(field)
          ? `The field "${field}"`
          : 'A field name';
  return `${label} contains characters that are not allowed.`;
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** One English sentence naming the field a schema check failed on. */
export function validationMessage(issues: ValidationIssue[], context: string): string {
  const issue = issues[0];
  if (!issue) return 'Invalid request.';
  if (issue.keyword === 'additionalProperties') {
    return `${String(issue.params.additionalProperty)}: is not an allowed field.`;
  }
  if (issue.keyword === 'required') {
    return `${String(issue.params.missingProperty)}: is required.`;
  }
  if (issue.keyword === 'minProperties' || issue.keyword === 'maxProperties') {
    return 'body: send exactly one of name, phone_no or password.';
  }
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (field === '') {
    return context === 'body' ? 'body: must be a JSON object.' : `${context}: is invalid.`;
  }
  if (issue.keyword === 'type') return `${field}: must be a ${String(issue.params.type)}.`;
  // Own keys only: a field named "constructor" must not find Object's.
  const rule = Object.hasOwn(FIELD_RULES, field) ? FIELD_RULES[field] : undefined;
  return rule ? `${field}: ${rule}.` : `${field}: ${issue.message ?? 'is invalid'}.`;
}

/**
 * The request field a schema check failed on, by its wire name (the top-level one for a nested
 * value): the unknown, the missing or the invalid field; undefined when the fault is the whole
 * body or query, or the name is not plain.
 */
export function validationField(issues: ValidationIssue[]): string | undefined {
  const issue = issues[0];
  if (!issue) return undefined;
  if (issue.keyword === 'additionalProperties') {
    return plainFieldName(String(issue.params.additionalProperty));
  }
  if (issue.keyword === 'required') return plainFieldName(String(issue.params.missingProperty));
  return plainFieldName(issue.instancePath.split('/')[1]);
}
