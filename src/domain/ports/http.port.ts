import type { Endpoint, RequestOf, ResponseOf } from '../../contract/api';
import type { ErrorCode } from '../../contract/errors';
import type { Result } from '../../contract/result';

/**
 * Failures the app itself names, for answers that carry no API code:
 * - NO_ANSWER: the request got no answer at all (network down, connection dropped);
 * - INVALID_RESPONSE: an answer that is not the API's envelope (a proxy's HTML page, say);
 * - INTERRUPTED: the page itself was leaving (a navigation or reload cut the request off), so
 *   the request says nothing about the server or the session;
 * - UNKNOWN_FAILURE: the API's envelope said failure but with a code this app does not know (or
 *   none); only then does the failure keep the server's own message.
 */
export const CLIENT_FAILURE_CODES = [
  'NO_ANSWER',
  'INVALID_RESPONSE',
  'INTERRUPTED',
  'UNKNOWN_FAILURE',
] as const;

export type ClientFailureCode = (typeof CLIENT_FAILURE_CODES)[number];

/** What a failure is, as a value to act on: the API's code or the app's own. */
export type FailureCode = ErrorCode | ClientFailureCode;

/** A call that did not give its data: what went wrong, never the API's words (but see message). */
export interface ApiFailure {
  code: FailureCode;
  /** HTTP status of the answer; absent when there was no answer. */
  httpStatus?: number;
  /** Wire name of the one request field at fault, when the API named one. */
  field?: string;
  /** Seconds from a 429's (or 503's) Retry-After header, when the server sent one. */
  retryAfterSeconds?: number;
  /** The server's own text, kept only for UNKNOWN_FAILURE: nothing else may show or read it. */
  message?: string;
}

/** A file as the API sent it. */
export interface DownloadedFile {
  bytes: Uint8Array;
  /** The Content-Type header, e.g. 'application/pdf'. */
  contentType: string;
}

export interface CallOptions {
  /** The id appended to the endpoint's path (`/payment/status/{id}`), URL-encoded. */
  pathParam?: string;
  /** Appended after the id (`/payment/receipt/{id}/pdf` takes '/pdf'); only with pathParam. */
  pathSuffix?: string;
  headers?: Readonly<Record<string, string>>;
}

/**
 * What use cases need from the API: one typed call per endpoint of the contract. A GET sends the
 * request as its query, a POST as its JSON body. A successful envelope (status 1) gives its data;
 * everything else, answered or not, is an ApiFailure value: the call never rejects for them.
 */
export interface HttpPort {
  call<E extends Endpoint>(
    endpoint: E,
    request: RequestOf<E>,
    options?: CallOptions,
  ): Promise<Result<ResponseOf<E>, ApiFailure>>;
  /**
   * The same call for an endpoint whose success is a file, not an envelope (a receipt PDF): its
   * bytes as sent. A failure still answers the API's envelope and reads as in call().
   */
  download<E extends Endpoint>(
    endpoint: E,
    request: RequestOf<E>,
    options?: CallOptions,
  ): Promise<Result<DownloadedFile, ApiFailure>>;
  /** Sets (or with null clears) the bearer token sent on every later call. */
  setToken(token: string | null): void;
}

export const HTTP_PORT = Symbol.for('HttpPort');

/** Answers a proxy gives while the API is restarting or overloaded: asking again may help. */
export const TRANSIENT_HTTP_STATUSES: readonly number[] = [502, 503, 504];

/**
 * Whether a failed read is worth repeating: no answer, an answer that is not ours, or a
 * transient status. A request cut off by the page being left is not (nobody is waiting for it).
 */
export function isTransientFailure(failure: ApiFailure): boolean {
  if (failure.code === 'INTERRUPTED') return false;
  if (failure.code === 'NO_ANSWER' || failure.code === 'INVALID_RESPONSE') return true;
  return failure.httpStatus !== undefined && TRANSIENT_HTTP_STATUSES.includes(failure.httpStatus);
}
