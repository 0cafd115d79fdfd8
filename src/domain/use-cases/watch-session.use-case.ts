import { StateSource } from '../listeners';
import type { SessionUser } from '../model/session-user';
import type { Cancel, Clock } from '../ports/clock.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import type { QueryCache } from '../query-cache';
import type { CheckSessionUseCase } from './check-session.use-case';
import type { LogoutUseCase } from './logout.use-case';

/** While a token exists the session is re-checked every 10 s. */
export const SESSION_CHECK_INTERVAL_MS = 10_000;

export type SessionStatus = 'loading' | 'unauthenticated' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
  /** The server's check ended the session (not the member's logout): the login page says so. */
  endedByCheck?: boolean;
}

const loggedOut: SessionState = { status: 'unauthenticated', user: null, token: null };

/**
 * The member's session for the whole app: with a stored token, check it now and every 10 s; a
 * refused or failed check ends the session locally (and stops the checks); a check cut off by
 * the page being left (failure code INTERRUPTED) changes nothing. Ending the session also empties
 * the data cache, so the next member never sees this one's data.
 */
export class WatchSessionUseCase extends StateSource<SessionState> {
  private stopChecking: Cancel | null = null;
  private started = false;
  /** Moves on each change the member made to themselves (a rename): older checks are stale. */
  private userVersion = 0;

  constructor(
    private readonly checkSession: CheckSessionUseCase,
    private readonly logoutUseCase: LogoutUseCase,
    private readonly storage: StoragePort,
    private readonly clock: Clock,
    private readonly cache: QueryCache,
  ) {
    super({ status: 'loading', user: null, token: null });
  }

  /** With a stored token: check now, then every 10 s. Without one: unauthenticated at once. */
  execute(): void {
    if (this.started) return;
    this.started = true;
    const token = this.storage.get(StorageKeys.token);
    if (!token) {
      this.update(loggedOut);
      return;
    }
    this.update({ ...this.state, token });
    void this.check();
    this.startChecking();
  }

  /** After a successful login (the login use case already stored the token and set the header). */
  loggedIn(user: SessionUser, token: string): void {
    this.started = true;
    this.update({ status: 'authenticated', user, token });
    this.startChecking();
  }

  /** True when the server confirmed; the local logout happens either way. */
  async logout(): Promise<boolean> {
    const result = await this.logoutUseCase.execute();
    this.endLocally();
    return result.ok;
  }

  /**
   * The session is already over on the server by the member's own act (the account was deleted)
   * and its token forgotten: end it here without a logout call and without the session-ended text.
   */
  ended(): void {
    this.endLocally();
  }

  /**
   * The member changed their own name or phone (the profile's save answered OK): the session
   * says so at once rather than at the next check, and a check already in flight, which may carry
   * the old values, does not put them back.
   */
  userChanged(change: Partial<Pick<SessionUser, 'name' | 'phoneNo'>>): void {
    const user = this.state.user;
    this.userVersion += 1;
    if (user === null) return;
    this.update({ ...this.state, user: { ...user, ...change } });
  }

  /** One check of the current token. */
  async check(): Promise<void> {
    const token = this.state.token;
    if (!token) return;
    const version = this.userVersion;
    const result = await this.checkSession.execute(token);
    // A logout or a new login while the check was in flight makes its answer stale.
    if (this.state.token !== token) return;
    // So does a change the member made meanwhile: the next check reads the new values.
    if (result.ok && version !== this.userVersion) return;
    if (result.ok) this.update({ status: 'authenticated', user: result.value, token });
    else if (!result.error.interrupted) this.endLocally(true);
  }

  /** Stops the checks (the app is torn down); the session itself stays as it is. */
  dispose(): void {
    this.stopChecking?.();
    this.stopChecking = null;
  }

  private startChecking(): void {
    if (this.stopChecking) return;
    this.stopChecking = this.clock.every(SESSION_CHECK_INTERVAL_MS, () => void this.check());
  }

  private endLocally(byCheck = false): void {
    this.dispose();
    this.cache.clear();
    this.update(byCheck ? { ...loggedOut, endedByCheck: true } : loggedOut);
  }
}
