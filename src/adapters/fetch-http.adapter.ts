import fetchBuilder from 'fetch-retry';
import {
  ApiPaths,
  type Endpoint,
  methodOf,
  type RequestOf,
  type ResponseOf,
} from '../contract/api';
import { isErrorCode } from '../contract/errors';
import { err, ok, type Result } from '../contract/result';
import type { Cancel, Clock } from '../domain/ports/clock.port';
import type { ApiFailure, CallOptions, DownloadedFile, HttpPort } from '../domain/ports/http.port';

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
  clock: Clock,
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
 * HttpPort over window.fetch. A GET sends its request as the query, a POST as a JSON body (a
 * POST without a request, such as a session check, sends no body and no Content-Type, so the
 * server has nothing to read or parse). A
 * success envelope gives its data; a failure envelope (whatever the HTTP code) gives its code and
 * field; no answer or a body that is not our envelope gives the app's own code. Nothing rejects.
 * Reads whose connection dropped are re-sent by fetch-retry; everything else is retried, if at
 * all, by the data cache (QueryCache) on Clock.
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
    // retries it on Clock. A POST is never resent: it could register or pay twice.
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

  async call<E extends Endpoint>(
    endpoint: E,
    request: RequestOf<E>,
    options?: CallOptions,
  ): Promise<Result<ResponseOf<E>, ApiFailure>> {
    const sent = await this.send(endpoint, request, options, 'application/json');
    if (!sent.ok) return sent;
    const response = sent.value;
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      // Leaving the page can also cut the body off after the headers arrived.
      return err({
        code: this.pageIsLeaving() ? 'INTERRUPTED' : 'INVALID_RESPONSE',
        httpStatus: response.status,
      });
    }
    if (!isEnvelope(json)) return err({ code: 'INVALID_RESPONSE', httpStatus: response.status });
    if (json.status === 1) return ok(json.data as ResponseOf<E>);
    return err(this.failureOf(json, response));
  }

  async download<E extends Endpoint>(
    endpoint: E,
    request: RequestOf<E>,
    options?: CallOptions,
  ): Promise<Result<DownloadedFile, ApiFailure>> {
    const sent = await this.send(endpoint, request, options, '*/*');
    if (!sent.ok) return sent;
    const response = sent.value;
    const contentType = response.headers.get('Content-Type') ?? '';
    const httpStatus = response.status;
    // A refusal is the API's JSON envelope, whatever was asked for.
    if (!response.ok || contentType.includes('application/json')) {
      let json: unknown;
      try {
        json = await response.json();
      } catch {
        return err({ code: this.pageIsLeaving() ? 'INTERRUPTED' : 'INVALID_RESPONSE', httpStatus });
      }
      if (!isEnvelope(json) || json.status === 1)
        return err({ code: 'INVALID_RESPONSE', httpStatus });
      return err(this.failureOf(json, response));
    }
    try {
      return ok({ bytes: new Uint8Array(await response.arrayBuffer()), contentType });
    } catch {
      return err({ code: this.pageIsLeaving() ? 'INTERRUPTED' : 'NO_ANSWER', httpStatus });
    }
  }

  /** Sends the request; a request that got no answer at all is already its failure. */
  private async send<E extends Endpoint>(
    endpoint: E,
    request: RequestOf<E>,
    options: CallOptions | undefined,
    accept: string,
  ): Promise<Result<Response, ApiFailure>> {
    const method = methodOf(endpoint);
    const path =
      options?.pathParam === undefined
        ? ApiPaths[endpoint]
        : `${ApiPaths[endpoint]}/${encodeURIComponent(options.pathParam)}${options.pathSuffix ?? ''}`;
    const fetchFn = method === 'GET' ? this.getWithRetry : this.fetchFn;
    const body = method === 'POST' && request !== undefined ? JSON.stringify(request) : undefined;
    try {
      return ok(
        await fetchFn(this.url(path, method === 'GET' ? request : undefined), {
          method,
          headers: this.headers(accept, body !== undefined, options?.headers),
          body,
        }),
      );
    } catch {
      return err({ code: this.pageIsLeaving() ? 'INTERRUPTED' : 'NO_ANSWER' });
    }
  }

  /** A failure envelope as an ApiFailure: its code, field and wait, never its words (but see). */
  private failureOf(json: WireEnvelope, response: Response): ApiFailure {
    const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
    const code = isErrorCode(json.code) ? json.code : 'UNKNOWN_FAILURE';
    return {
      code,
      httpStatus: response.status,
      ...(typeof json.field === 'string' && json.field !== '' ? { field: json.field } : {}),
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      ...(code === 'UNKNOWN_FAILURE' &&
      typeof json.message === 'string' &&
      json.message.trim() !== ''
        ? { message: json.message }
        : {}),
    };
  }

  private url(path: string, query: unknown): string {
    const params = new URLSearchParams();
    if (typeof query === 'object' && query !== null) {
      for (const [key, value] of Object.entries(query)) {
        if (typeof value === 'string' || typeof value === 'number') params.set(key, `${value}`);
      }
    }
    const search = params.toString();
    return `${this.config.baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  private headers(
    accept: string,
    hasBody: boolean,
    extra: Readonly<Record<string, string>> | undefined,
  ): Record<string, string> {
    return {
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      Accept: accept,
      'X-Project-Id': this.config.projectId,
      'X-Environment': this.config.environment,
      ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
      ...extra,
    };
  }
}

/** The wire envelope, as far as it is checked before use. */
interface WireEnvelope {
  status: number;
  message?: unknown;
  code?: unknown;
  field?: unknown;
  data?: unknown;
}

function isEnvelope(value: unknown): value is WireEnvelope {
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
