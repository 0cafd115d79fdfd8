import type { OpsEndpoint, OpsRequestOf, OpsResponseOf } from './ops-endpoints';
import type { OpsCallOptions, OpsHttpPort, OpsResult } from './ports/ops-http.port';
import type { SessionKeeper } from './use-cases/session-keeper.use-case';

/**
 * The HTTP port the pages' use cases get: each successful call tells the session keeper the idle
 * end moved on (a refused one may not have reached the session, so it does not count), and a 401 tells it the session is over (the console then shows the sign-in page).
 */
export class SessionBoundHttp implements OpsHttpPort {
  constructor(
    private readonly inner: OpsHttpPort,
    private readonly keeper: SessionKeeper,
  ) {}

  async call<E extends OpsEndpoint>(
    endpoint: E,
    request: OpsRequestOf<E>,
    options?: OpsCallOptions,
  ): Promise<OpsResult<OpsResponseOf<E>>> {
    const answer = await this.inner.call(endpoint, request, options);
    if (answer.ok) this.keeper.touched();
    else if (answer.error.httpStatus === 401) this.keeper.failed(answer.error);
    return answer;
  }

  async download(href: string, fileName: string): Promise<OpsResult<null>> {
    const answer = await this.inner.download(href, fileName);
    if (answer.ok) this.keeper.touched();
    else if (answer.error.httpStatus === 401) this.keeper.failed(answer.error);
    return answer;
  }

  setCsrfToken(token: string | null): void {
    this.inner.setCsrfToken(token);
  }
}
