/** Thin fetch helpers for server tests: real HTTP, JSON in and out. */

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: { status: 0 | 1; message: string; code?: string; field?: string; data?: T };
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
}

function headersFor(opts: RequestOptions, hasBody: boolean): Record<string, string> {
  return {
    Accept: 'application/json',
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    ...opts.headers,
  };
}

async function read<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  let body: ApiResponse<T>['body'];
  try {
    body = JSON.parse(text) as ApiResponse<T>['body'];
  } catch {
    throw new Error(`HTTP ${response.status}: not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

/** POST JSON to `${baseUrl}/api${path}`. */
export async function postJson<T = unknown>(
  baseUrl: string,
  path: string,
  body: unknown = {},
  opts: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: headersFor(opts, true),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return read<T>(response);
}

/**
 * POST `${baseUrl}/api${path}` with no body and no Content-Type, as the SPA sends a call without
 * a request.
 */
export async function postEmpty<T = unknown>(
  baseUrl: string,
  path: string,
  opts: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: headersFor(opts, false),
  });
  return read<T>(response);
}

/** GET `${baseUrl}/api${path}` (path may carry a query string). */
export async function getJson<T = unknown>(
  baseUrl: string,
  path: string,
  opts: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: headersFor(opts, false) });
  return read<T>(response);
}
