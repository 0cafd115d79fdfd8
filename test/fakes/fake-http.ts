import type { Endpoint, RequestOf, ResponseOf } from '../../src/contract/api';
import { ERROR_HTTP_STATUS, isErrorCode } from '../../src/contract/errors';
import { err, ok, type Result } from '../../src/contract/result';
import type {
  ApiFailure,
  CallOptions,
  DownloadedFile,
  FailureCode,
  HttpPort,
} from '../../src/domain/ports/http.port';

export interface RecordedCall<E extends Endpoint = Endpoint> {
  endpoint: E;
  request: RequestOf<E>;
  options?: CallOptions;
  /** The bearer token set when the call was made. */
  token: string | null;
}

type Answer<E extends Endpoint> = Result<ResponseOf<E>, ApiFailure>;
type Reply<E extends Endpoint> =
  Answer<E> | ((call: RecordedCall<E>) => Answer<E> | Promise<Answer<E>>);

type DownloadAnswer = Result<DownloadedFile, ApiFailure>;
type DownloadReply =
  DownloadAnswer | ((call: RecordedCall) => DownloadAnswer | Promise<DownloadAnswer>);

/** A downloaded file with these bytes. */
export const file = (text: string, contentType = 'application/pdf') =>
  ok<DownloadedFile>({ bytes: new TextEncoder().encode(text), contentType });

/** A successful answer carrying `data`. */
export const answer = <T>(data: T): { ok: true; value: T } => ok(data);

/**
 * A failed answer with this code: an API code gets its HTTP status from the contract unless
 * `extra` says otherwise; the app's own codes (NO_ANSWER...) have none.
 */
export const failure = (code: FailureCode, extra: Partial<ApiFailure> = {}) =>
  err<ApiFailure>({
    code,
    ...(isErrorCode(code) ? { httpStatus: ERROR_HTTP_STATUS[code] } : {}),
    ...extra,
  });

/**
 * An HttpPort with scripted answers per endpoint. Answers queued with once() are used first, in
 * order; then the standing answer set with on(). An unscripted call fails the test loudly.
 */
export class FakeHttp implements HttpPort {
  readonly calls: RecordedCall[] = [];
  token: string | null = null;
  private standing = new Map<Endpoint, Reply<Endpoint>>();
  private queued = new Map<Endpoint, Reply<Endpoint>[]>();
  /** download() calls, apart from call()'s. */
  readonly downloads: RecordedCall[] = [];
  private downloadReplies = new Map<Endpoint, DownloadReply>();

  /** Always answer this endpoint so. */
  on<E extends Endpoint>(endpoint: E, reply: Reply<E>): this {
    this.standing.set(endpoint, reply as Reply<Endpoint>);
    return this;
  }

  /** Answer the next call of this endpoint so (queued before the standing answer). */
  once<E extends Endpoint>(endpoint: E, reply: Reply<E>): this {
    this.queued.set(endpoint, [...(this.queued.get(endpoint) ?? []), reply as Reply<Endpoint>]);
    return this;
  }

  /** Make this endpoint's calls get no answer, as if the network were down. */
  failNetwork(endpoint: Endpoint): this {
    return this.on(endpoint, failure('NO_ANSWER'));
  }

  callsTo<E extends Endpoint>(endpoint: E): RecordedCall<E>[] {
    return this.calls.filter((c): c is RecordedCall<E> => c.endpoint === endpoint);
  }

  async call<E extends Endpoint>(
    endpoint: E,
    request: RequestOf<E>,
    options?: CallOptions,
  ): Promise<Result<ResponseOf<E>, ApiFailure>> {
    const call: RecordedCall<E> = {
      endpoint,
      request,
      ...(options !== undefined ? { options } : {}),
      token: this.token,
    };
    this.calls.push(call as RecordedCall);
    const reply = (this.queued.get(endpoint)?.shift() ?? this.standing.get(endpoint)) as
      Reply<E> | undefined;
    if (!reply) throw new Error(`FakeHttp: no answer scripted for ${endpoint}`);
    return typeof reply === 'function' ? await reply(call) : reply;
  }

  /** Always answer download() of this endpoint so. */
  onDownload(endpoint: Endpoint, reply: DownloadReply): this {
    this.downloadReplies.set(endpoint, reply);
    return this;
  }

  async download<E extends Endpoint>(
    endpoint: E,
    request: RequestOf<E>,
    options?: CallOptions,
  ): Promise<Result<DownloadedFile, ApiFailure>> {
    const call: RecordedCall<E> = {
      endpoint,
      request,
      ...(options !== undefined ? { options } : {}),
      token: this.token,
    };
    this.downloads.push(call as RecordedCall);
    const reply = this.downloadReplies.get(endpoint);
    if (!reply) throw new Error(`FakeHttp: no download scripted for ${endpoint}`);
    return typeof reply === 'function' ? await reply(call as RecordedCall) : reply;
  }

  setToken(token: string | null): void {
    this.token = token;
  }
}
