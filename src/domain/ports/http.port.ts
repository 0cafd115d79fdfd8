/**
 * What use cases need from the API: JSON in, the server's envelope out.
 * Any HTTP answer with a JSON envelope resolves (whatever its HTTP code), so a use case can show
 * the server's message; no answer at all (network down, non-JSON body) rejects with HttpError.
 */
export interface ApiResponse<T> {
  /** HTTP status code of the answer (200, 400, 401, 409, 429, ...). */
  httpStatus: number;
  /** The envelope's numeric status: 1 success, 0 failure. */
  status: number;
  message: string;
  data?: T;
  /** Seconds from a 429's Retry-After header, when the server sent one. */
  retryAfterSeconds?: number;
}

export interface HttpRequestOptions {
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
}

export interface HttpPort {
  get<T>(path: string, options?: HttpRequestOptions): Promise<ApiResponse<T>>;
  post<T>(path: string, body?: unknown, options?: HttpRequestOptions): Promise<ApiResponse<T>>;
  /** Sets (or with null clears) the bearer token sent on every later call. */
  setToken(token: string | null): void;
}

export class HttpError extends Error {
  constructor(
    message: string,
    /**
     * 'network': no answer; 'invalid-response': an answer that is not our envelope; 'interrupted':
     * the page itself was leaving (a navigation or reload cut the request off), so the request
     * says nothing about the server or the session.
     */
    readonly kind: 'network' | 'invalid-response' | 'interrupted',
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const HTTP_PORT = Symbol.for('HttpPort');

/** Answers a proxy gives while the API is restarting or overloaded: asking again may help. */
export const TRANSIENT_HTTP_STATUSES: readonly number[] = [502, 503, 504];

/**
 * Whether a failed read is worth repeating: no answer, an answer that is not ours, or a
 * transient status. A request cut off by the page being left is not (nobody is waiting for it).
 */
export function isTransientFailure(outcome: unknown): boolean {
  if (outcome instanceof HttpError) return outcome.kind !== 'interrupted';
  if (typeof outcome === 'object' && outcome !== null && 'httpStatus' in outcome) {
    return TRANSIENT_HTTP_STATUSES.includes((outcome as { httpStatus: number }).httpStatus);
  }
  return false;
}
