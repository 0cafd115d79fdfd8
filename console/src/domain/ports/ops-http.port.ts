import type { ErrorCode } from '../../../../src/contract/errors';
import type { Result } from '../../../../src/contract/result';
import type { OpsEndpoint, OpsRequestOf, OpsResponseOf } from '../ops-endpoints';

/** Failures the console names itself: no answer at all, or an answer that is not the envelope. */
export type OpsFailureCode = ErrorCode | 'NO_ANSWER' | 'INVALID_RESPONSE' | 'UNKNOWN_FAILURE';

/** A call that did not give its data: the API's code (never its words) or the console's own. */
export interface OpsFailure {
  code: OpsFailureCode;
  httpStatus?: number;
  /** The request field at fault, when the API named one. */
  field?: string;
  /** Seconds from a 429's Retry-After, when sent. */
  retryAfterSeconds?: number;
}

export type OpsResult<T> = Result<T, OpsFailure>;

export interface OpsCallOptions {
  /** The member's or operator's id, for the endpoints under `/members/:id` and `/operators/:id`. */
  id?: string;
}

/**
 * What the console's use cases need from its API: one typed call per endpoint of the table in
 * ops-endpoints.ts. A GET sends the request as its query, a POST as its JSON body; the session is
 * the browser's cookie, and every POST the table marks sends the session's CSRF token. Nothing
 * rejects: every failure is an OpsFailure value.
 */
export interface OpsHttpPort {
  call<E extends OpsEndpoint>(
    endpoint: E,
    request: OpsRequestOf<E>,
    options?: OpsCallOptions,
  ): Promise<OpsResult<OpsResponseOf<E>>>;
  /**
   * Fetches a file the API writes and audits (an export, at `href` under the API's base) with
   * the session's CSRF token in its header, which a plain link could not send, and has the
   * browser save it as `fileName`.
   */
  download(href: string, fileName: string): Promise<OpsResult<null>>;
  /** Sets (or with null clears) the CSRF token sent on every later state-changing call. */
  setCsrfToken(token: string | null): void;
}

export const OPS_HTTP_PORT = Symbol.for('OpsHttpPort');
