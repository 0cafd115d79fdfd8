import { type UseCaseError } from '../use-cases/result';

/** Seconds a client is asked to wait after a 503 for a lost database connection. */
export const DATABASE_RETRY_AFTER_S = 5;

/** An expected failure with its honest HTTP status; the app's error handler renders it. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const STATUS_BY_KIND: Record<UseCaseError['kind'], number> = {
  invalid: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 502,
};

/** Turns a use case's expected failure into the ApiError a route throws. */
export function toApiError(error: UseCaseError): ApiError {
  const headers =
    error.kind === 'rate_limited' ? { 'Retry-After': String(error.retryAfterS) } : undefined;
  return new ApiError(STATUS_BY_KIND[error.kind], error.message, headers);
}

/** Unwraps a use-case result for a route: the value, or a thrown ApiError. */
export function valueOrThrow<T>(
  result: { ok: true; value: T } | { ok: false; error: UseCaseError },
): T {
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
