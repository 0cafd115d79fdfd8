import { isErrorCode } from '../../../src/contract/errors';
import { CSRF_HEADER } from '../../../src/contract/ops-api';
import { err, ok } from '../../../src/contract/result';
import {
  OPS_ENDPOINTS,
  opsPathOf,
  type OpsEndpoint,
  type OpsRequestOf,
  type OpsResponseOf,
} from '../domain/ops-endpoints';
import type {
  OpsCallOptions,
  OpsFailure,
  OpsHttpPort,
  OpsResult,
} from '../domain/ports/ops-http.port';

type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

/** How long a saved file's object URL outlives the click that starts its download. */
const REVOKE_AFTER_MS = 60_000;

/** The browser's own download of a fetched file, through a temporary link with `download`. */
function saveInBrowser(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * OpsHttpPort over window.fetch, on the console's own origin: the session is the HttpOnly cookie
 * the browser sends itself (same-origin credentials), and each state-changing call the endpoint
 * table marks carries the session's CSRF token in its header. A success envelope gives its data;
 * a failure envelope its code and field; no answer or a body that is not the envelope, the
 * console's own code. Nothing rejects and nothing is retried.
 */
export class FetchOpsHttpAdapter implements OpsHttpPort {
  private csrfToken: string | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly fetchFn: FetchFn = (input, init) => globalThis.fetch(input, init),
    private readonly saveFile: (file: Blob, fileName: string) => void = saveInBrowser,
  ) {}

  setCsrfToken(token: string | null): void {
    this.csrfToken = token;
  }

  async call<E extends OpsEndpoint>(
    endpoint: E,
    request: OpsRequestOf<E>,
    options?: OpsCallOptions,
  ): Promise<OpsResult<OpsResponseOf<E>>> {
    const spec = OPS_ENDPOINTS[endpoint];
    const path = opsPathOf(endpoint, options?.id);
    const isGet = spec.method === 'GET';
    const body = !isGet && request !== undefined ? JSON.stringify(request) : undefined;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (spec.csrf && this.csrfToken !== null) headers[CSRF_HEADER] = this.csrfToken;
    let response: Response;
    try {
      response = await this.fetchFn(this.url(path, isGet ? request : undefined), {
        method: spec.method,
        headers,
        body,
        credentials: 'same-origin',
      });
    } catch {
      return err({ code: 'NO_ANSWER' });
    }
    return this.answerOf<OpsResponseOf<E>>(response);
  }

  async download(href: string, fileName: string): Promise<OpsResult<null>> {
    const headers: Record<string, string> = {};
    if (this.csrfToken !== null) headers[CSRF_HEADER] = this.csrfToken;
    let response: Response;
    try {
      response = await this.fetchFn(href, { method: 'GET', headers, credentials: 'same-origin' });
    } catch {
      return err({ code: 'NO_ANSWER' });
    }
    if (!response.ok) return this.answerOf<null>(response);
    try {
      this.saveFile(await response.blob(), fileName);
    } catch {
      return err({ code: 'NO_ANSWER' });
    }
    return ok(null);
  }

  /** A success envelope's data; a failure envelope's code and field; else the console's own code. */
  private async answerOf<T>(response: Response): Promise<OpsResult<T>> {
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      return err({ code: 'INVALID_RESPONSE', httpStatus: response.status });
    }
    if (typeof json !== 'object' || json === null || !('status' in json)) {
      return err({ code: 'INVALID_RESPONSE', httpStatus: response.status });
    }
    const envelope = json as { status: unknown; code?: unknown; field?: unknown; data?: unknown };
    if (envelope.status === 1) return ok(envelope.data as T);
    const failure: OpsFailure = {
      code: isErrorCode(envelope.code) ? envelope.code : 'UNKNOWN_FAILURE',
      httpStatus: response.status,
    };
    if (typeof envelope.field === 'string' && envelope.field !== '') failure.field = envelope.field;
    const retryAfter = response.headers.get('Retry-After');
    if (retryAfter !== null && /^\d+$/.test(retryAfter.trim())) {
      failure.retryAfterSeconds = Number(retryAfter.trim());
    }
    return err(failure);
  }

  private url(path: string, query: unknown): string {
    const params = new URLSearchParams();
    if (typeof query === 'object' && query !== null) {
      for (const [key, value] of Object.entries(query)) {
        if (typeof value === 'string' && value !== '') params.set(key, value);
      }
    }
    const search = params.toString();
    return `${this.baseUrl}${path}${search ? `?${search}` : ''}`;
  }
}
