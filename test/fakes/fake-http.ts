import {
  HttpError,
  type ApiResponse,
  type HttpPort,
  type HttpRequestOptions,
} from '../../src/domain/ports/http.port';

export interface RecordedCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  options?: HttpRequestOptions;
  /** The bearer token set when the call was made. */
  token: string | null;
}

type Reply = (call: RecordedCall) => ApiResponse<unknown> | Promise<ApiResponse<unknown>>;

/**
 * An HttpPort with scripted replies, keyed by "METHOD /path". Replies queued with once() are used
 * first, in order; then the standing reply set with on(). An unscripted call fails the test loudly.
 */
export class FakeHttp implements HttpPort {
  readonly calls: RecordedCall[] = [];
  token: string | null = null;
  private standing = new Map<string, Reply>();
  private queued = new Map<string, Reply[]>();

  /** Always answer this call so. */
  on(method: 'GET' | 'POST', path: string, reply: Partial<ApiResponse<unknown>> | Reply): this {
    this.standing.set(`${method} ${path}`, toReply(reply));
    return this;
  }

  /** Answer the next such call so (queued before the standing reply). */
  once(method: 'GET' | 'POST', path: string, reply: Partial<ApiResponse<unknown>> | Reply): this {
    const key = `${method} ${path}`;
    this.queued.set(key, [...(this.queued.get(key) ?? []), toReply(reply)]);
    return this;
  }

  /** Make this call fail as if the network were down. */
  failNetwork(method: 'GET' | 'POST', path: string): this {
    return this.on(method, path, () => {
      throw new HttpError('Network request failed', 'network');
    });
  }

  callsTo(method: 'GET' | 'POST', path: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

  get<T>(path: string, options?: HttpRequestOptions): Promise<ApiResponse<T>> {
    return this.answer<T>({ method: 'GET', path, options, token: this.token });
  }

  post<T>(path: string, body?: unknown, options?: HttpRequestOptions): Promise<ApiResponse<T>> {
    return this.answer<T>({ method: 'POST', path, body, options, token: this.token });
  }

  setToken(token: string | null): void {
    this.token = token;
  }

  private async answer<T>(call: RecordedCall): Promise<ApiResponse<T>> {
    this.calls.push(call);
    const key = `${call.method} ${call.path}`;
    const reply = this.queued.get(key)?.shift() ?? this.standing.get(key);
    if (!reply) throw new Error(`FakeHttp: no reply scripted for ${key}`);
    return (await reply(call)) as ApiResponse<T>;
  }
}

function toReply(reply: Partial<ApiResponse<unknown>> | Reply): Reply {
  if (typeof reply === 'function') return reply;
  return () => ({ httpStatus: 200, status: 1, message: '', ...reply });
}
