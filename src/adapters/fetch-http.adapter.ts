import fetchBuilder from 'fetch-retry';
import type { Cancel, ClockPort } from '../domain/ports/clock.port';
import {
  HttpError,
  type ApiResponse,
  type HttpPort,
  type HttpRequestOptions,
} from '../domain/ports/http.port';

export interface FetchHttpConfig {
  /** API base, e.g. '/api' (same origin) or 'https://api.example.my/api'. */
  baseUrl: string;
  projectId: string;
  environment: string;
}

type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

/** Whether the page is being left: requests that fail then were cut off, not refused. */
export type PageLifecycle = () => boolean;

/**
 * Follows the browser's page lifecycle. beforeunload fires when a navigation or reload starts,
 * before the old page's open requests are cut off (pagehide can come after that); if the page is
 * still here a few seconds later the navigation did not happen (a download, say), so the mark
 * lapses.
 */
export function browserPageLifecycle(
  clock: ClockPort,
  lapseMs = 5000,
  target: Pick<Window, 'addEventListener'> | undefined = globalThis.window,
): PageLifecycle {
  let leaving = false;
  let cancelLapse: Cancel | null = null;
  const markLeaving = () => {
    leaving = true;
    cancelLapse?.();
    cancelLapse = clock.after(lapseMs, () => (leaving = false));
  };
  if (target !== undefined) {
    target.addEventListener('beforeunload', markLeaving);
    target.addEventListener('pagehide', markLeaving);
    target.addEventListener('pageshow', () => {
      cancelLapse?.();
      cancelLapse = null;
      leaving = false;
    });
  }
  return () => leaving;
}

/** A GET whose connection failed before any answer is tried again this many times. */
export const GET_RECONNECT_RETRIES = 2;
/** 300 ms, then 600 ms: short, because the data cache's own retries follow. */
export const reconnectDelay = (attempt: number): number => 300 * 2 ** attempt;

/**
 * HttpPort over window.fetch. Any JSON envelope resolves (whatever the HTTP code) so use cases can
 * show the server's message; no answer or a non-envelope body rejects with HttpError. Reads whose
 * connection dropped are re-sent by fetch-retry; everything else is retried, if at all, by the
 * data cache (QueryCache) on ClockPort.
 */
export class FetchHttpAdapter implements HttpPort {
  private token: string | null = null;

  private readonly getWithRetry: FetchFn;

  constructor(
    private readonly config: FetchHttpConfig,
    private readonly fetchFn: FetchFn = (input, init) => globalThis.fetch(input, init),
    private readonly pageIsLeaving: PageLifecycle = () => false,
    reconnectDelayMs: (attempt: number) => number = reconnectDelay,
  ) {
    // A dropped mobile connection is smoothed over here, for reads only and only when no answer
    // came at all; an answered failure (a 503) goes back to the use case, whose data cache
    // retries it on ClockPort. A POST is never resent: it could register or pay twice.
    this.getWithRetry = fetchBuilder(fetchFn, {
      retries: GET_RECONNECT_RETRIES,
      retryDelay: (attempt) => reconnectDelayMs(attempt),
      retryOn: (attempt, error) =>
        attempt < GET_RECONNECT_RETRIES && error !== null && !this.pageIsLeaving(),
    }) as FetchFn;
  }

  setToken(token: string | null): void {
    this.token = token;
  }

  get<T>(path: string, options?: HttpRequestOptions): Promise<ApiResponse<T>> {
    return this.send<T>('GET', path, undefined, options);
  }

  post<T>(path: string, body?: unknown, options?: HttpRequestOptions): Promise<ApiResponse<T>> {
    return this.send<T>('POST', path, body, options);
  }

  private async send<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: HttpRequestOptions | undefined,
  ): Promise<ApiResponse<T>> {
    let response: Response;
    const fetchFn = method === 'GET' ? this.getWithRetry : this.fetchFn;
    try {
      response = await fetchFn(this.url(path, options?.query), {
        method,
        headers: this.headers(options?.headers),
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new HttpError(message, this.pageIsLeaving() ? 'interrupted' : 'network');
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      // Leaving the page can also cut the body off after the headers arrived.
      if (this.pageIsLeaving()) {
        throw new HttpError('The page was left while reading', 'interrupted', response.status);
      }
      throw new HttpError(
        'The server did not answer with JSON',
        'invalid-response',
        response.status,
      );
    }
    if (!isEnvelope(json)) {
      throw new HttpError(
        'The server answered without an envelope',
        'invalid-response',
        response.status,
      );
    }
    const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
    return {
      httpStatus: response.status,
      status: json.status,
      message: typeof json.message === 'string' ? json.message : '',
      data: json.data as T | undefined,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    };
  }

  private url(path: string, query: HttpRequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(key, value);
    }
    const search = params.toString();
    return `${this.config.baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  private headers(extra: Record<string, string> | undefined): Record<string, string> {
    return {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Project-Id': this.config.projectId,
      'X-Environment': this.config.environment,
      ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
      ...extra,
    };
  }
}

interface Envelope {
  status: number;
  message?: unknown;
  data?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number'
  );
}

/** Retry-After is either whole seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
