import type { ApiFailure, FailureCode } from '../ports/http.port';

/**
 * Why a call failed, as a screen needs it: a code, never the API's words. The screen translates
 * the code (and, for a field's validation failure, that field's rule); `message` is the server's
 * own text and is set only when the code is UNKNOWN_FAILURE (a code this app does not know).
 */
export interface CodedFailure {
  code?: FailureCode;
  /** Wire name of the one request field at fault, when the API named one. */
  field?: string;
  message?: string;
  /** A rate-limit wait, when the server asked for one. */
  retryAfterSeconds?: number;
}

/**
 * An expected failure as a use case reports it: its code and the key of the text to show when the
 * code says nothing a member can act on (no answer, say).
 */
export interface Failure extends CodedFailure {
  key: string;
  /** The request was cut off by the page being left: nothing is known, nothing should change. */
  interrupted?: boolean;
}

/** The coded part of an ApiFailure: what a screen may use of it. */
export function codedFailure(failure: ApiFailure): CodedFailure {
  return {
    code: failure.code,
    ...(failure.field !== undefined ? { field: failure.field } : {}),
    ...(failure.code === 'UNKNOWN_FAILURE' && failure.message ? { message: failure.message } : {}),
    ...(failure.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: failure.retryAfterSeconds }
      : {}),
  };
}

/** An ApiFailure as a use case reports it, with the fallback text's key. */
export function failureFrom(failure: ApiFailure, key: string): Failure {
  return {
    key,
    ...codedFailure(failure),
    ...(failure.code === 'INTERRUPTED' ? { interrupted: true } : {}),
  };
}

/** No answer from the API itself: none at all, not its envelope, or cut off by a page leave. */
export function gotNoAnswer(failure: ApiFailure): boolean {
  return (
    failure.code === 'NO_ANSWER' ||
    failure.code === 'INVALID_RESPONSE' ||
    failure.code === 'INTERRUPTED'
  );
}
