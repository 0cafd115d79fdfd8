import { ERROR_HTTP_STATUS, isErrorCode } from '../../src/contract/errors';
import type { OpsSessionResponse } from '../../src/contract/ops-api';
import { permissionsOf, type OpsRole } from '../../src/contract/ops-roles';
import { err, ok } from '../../src/contract/result';
import type {
  OpsEndpoint,
  OpsRequestOf,
  OpsResponseOf,
} from '../../console/src/domain/ops-endpoints';
import type {
  OpsCallOptions,
  OpsFailure,
  OpsFailureCode,
  OpsHttpPort,
  OpsResult,
} from '../../console/src/domain/ports/ops-http.port';

export interface OpsCall<E extends OpsEndpoint = OpsEndpoint> {
  endpoint: E;
  request: OpsRequestOf<E>;
  options?: OpsCallOptions;
  /** The CSRF token set when the call was made. */
  csrf: string | null;
}

type Reply<E extends OpsEndpoint> =
  OpsResult<OpsResponseOf<E>> | ((call: OpsCall<E>) => OpsResult<OpsResponseOf<E>>);

/** A failed answer with this code and the contract's status for it. */
export const opsFailure = (code: OpsFailureCode, extra: Partial<OpsFailure> = {}) =>
  err<OpsFailure>({
    code,
    ...(isErrorCode(code) ? { httpStatus: ERROR_HTTP_STATUS[code] } : {}),
    ...extra,
  });

/**
 * The console's HttpPort with scripted answers: once() answers are used first, in order, then
 * the standing on() answer. An unscripted call fails the test loudly.
 */
export class FakeOpsHttp implements OpsHttpPort {
  readonly calls: OpsCall[] = [];
  /** Each download asked for, with the CSRF token set then; answered by `downloadAnswer`. */
  readonly downloads: { href: string; fileName: string; csrf: string | null }[] = [];
  downloadAnswer: OpsResult<null> = ok(null);
  csrf: string | null = null;
  private standing = new Map<OpsEndpoint, Reply<OpsEndpoint>>();
  private queued = new Map<OpsEndpoint, Reply<OpsEndpoint>[]>();

  on<E extends OpsEndpoint>(endpoint: E, reply: Reply<E>): this {
    this.standing.set(endpoint, reply as unknown as Reply<OpsEndpoint>);
    return this;
  }

  once<E extends OpsEndpoint>(endpoint: E, reply: Reply<E>): this {
    const list = this.queued.get(endpoint) ?? [];
    list.push(reply as unknown as Reply<OpsEndpoint>);
    this.queued.set(endpoint, list);
    return this;
  }

  callsTo<E extends OpsEndpoint>(endpoint: E): OpsCall<E>[] {
    return this.calls.filter((c): c is OpsCall<E> => c.endpoint === endpoint);
  }

  async call<E extends OpsEndpoint>(
    endpoint: E,
    request: OpsRequestOf<E>,
    options?: OpsCallOptions,
  ): Promise<OpsResult<OpsResponseOf<E>>> {
    const call: OpsCall<E> = {
      endpoint,
      request,
      ...(options ? { options } : {}),
      csrf: this.csrf,
    };
    this.calls.push(call as unknown as OpsCall);
    const reply = (this.queued.get(endpoint)?.shift() ?? this.standing.get(endpoint)) as
      Reply<E> | undefined;
    if (reply === undefined) throw new Error(`FakeOpsHttp: no answer scripted for ${endpoint}`);
    return typeof reply === 'function' ? reply(call) : reply;
  }

  async download(href: string, fileName: string): Promise<OpsResult<null>> {
    this.downloads.push({ href, fileName, csrf: this.csrf });
    return this.downloadAnswer;
  }

  setCsrfToken(token: string | null): void {
    this.csrf = token;
  }
}

const MINUTE = 60_000;

/** A session answer for `role`, idle end 15 minutes and absolute end 12 hours after `now`. */
export function sessionFor(
  role: OpsRole,
  now: number,
  overrides: Partial<OpsSessionResponse> = {},
): OpsSessionResponse {
  return {
    operator: { id: `op-${role}`, name: `Ana ${role}`, email: `${role}@ops.example`, role },
    permissions: permissionsOf(role),
    csrf_token: `csrf-${now}`,
    idle_expires_at: new Date(now + 15 * MINUTE).toISOString(),
    expires_at: new Date(now + 12 * 60 * MINUTE).toISOString(),
    step_up_until: new Date(now + 5 * MINUTE).toISOString(),
    ...overrides,
  };
}

export const answer = <T>(value: T) => ok(value);
