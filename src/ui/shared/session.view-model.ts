import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import type { SessionUser } from '../../domain/model/session-user';
import type {
  SessionState,
  SessionStatus,
  WatchSessionUseCase,
} from '../../domain/use-cases/watch-session.use-case';
import { WATCH_SESSION_USE_CASE } from './tokens';
import { observeExcept } from '../../ui-kit/observe-except';

export type { SessionStatus } from '../../domain/use-cases/watch-session.use-case';

/**
 * The member's session for the whole app, as the screens and the guard read it. The checks
 * themselves (now and every 10 s) are WatchSessionUseCase's. One instance per container.
 */
@injectable()
export class SessionViewModel {
  private state: SessionState;

  constructor(@inject(WATCH_SESSION_USE_CASE) private readonly session: WatchSessionUseCase) {
    this.state = session.state;
    observeExcept(this, ['session']);
    session.subscribe((state) => runInAction(() => (this.state = state)));
  }

  get status(): SessionStatus {
    return this.state.status;
  }

  get user(): SessionUser | null {
    return this.state.user;
  }

  get token(): string | null {
    return this.state.token;
  }

  /** The 10 s check (or the first check of a stored token) found the session over. */
  get endedByCheck(): boolean {
    return this.state.endedByCheck === true;
  }

  get isAuthenticated(): boolean {
    return this.status === 'authenticated' && this.user !== null && this.token !== null;
  }

  /** With a stored token: check now, then every 10 s. Without one: unauthenticated at once. */
  start(): void {
    this.session.execute();
  }

  /** After a successful login (the use case already stored the token and set the header). */
  loggedIn(user: SessionUser, token: string): void {
    this.session.loggedIn(user, token);
  }

  /** True when the server confirmed; the local logout happens either way. */
  logout(): Promise<boolean> {
    return this.session.logout();
  }

  /** The member deleted their account: the session is over, no logout call is needed. */
  ended(): void {
    this.session.ended();
  }

  check(): Promise<void> {
    return this.session.check();
  }

  dispose(): void {
    this.session.dispose();
  }
}
