import { HttpError, type ApiResponse } from '../ports/http.port';

/**
 * An expected failure as a use case reports it: the fallback message key, the server's own message
 * when it sent one (shown in preference, the spec), and a rate-limit wait when there is one.
 */
export interface Failure {
  key: string;
  serverMessage?: string;
  retryAfterSeconds?: number;
  /** The request was cut off by the page being left: nothing is known, nothing should change. */
  interrupted?: boolean;
}

export function failureFrom(response: ApiResponse<unknown>, key: string): Failure {
  return {
    key,
    ...(response.message ? { serverMessage: response.message } : {}),
    ...(response.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: response.retryAfterSeconds }
      : {}),
  };
}

/** No usable answer (network down, not JSON): a Failure. Anything else is a bug: rethrown. */
export function failureFromError(error: unknown, key: string): Failure {
  if (error instanceof HttpError) return { key };
  throw error;
}
