import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { SessionUser } from '../../domain/model/session-user';
import { CLOCK_PORT, type Cancel, type ClockPort } from '../../domain/ports/clock.port';
import { STORAGE_PORT, StorageKeys, type StoragePort } from '../../domain/ports/storage.port';
import type { CheckSessionUseCase } from '../../domain/use-cases/check-session.use-case';
import type { LogoutUseCase } from '../../domain/use-cases/logout.use-case';
import { CHECK_SESSION_USE_CASE, LOGOUT_USE_CASE } from './tokens';

export type SessionStatus = 'loading' | 'unauthenticated' | 'authenticated';

/** Spec section 9: the session is re-checked every 10 s while a token exists. */
export const SESSION_CHECK_INTERVAL_MS = 10_000;

/** The member's session for the whole app (spec section 4 "Auth"). One instance per container. */
@injectable()
export class SessionViewModel {
  status: SessionStatus = 'loading';
  user: SessionUser | null = null;
  token: string | null = null;
  private stopChecking: Cancel | null = null;
  private started = false;

  constructor(
    @inject(CHECK_SESSION_USE_CASE) private readonly checkSession: CheckSessionUseCase,
    @inject(LOGOUT_USE_CASE) private readonly logoutUseCase: LogoutUseCase,
    @inject(STORAGE_PORT) private readonly storage: StoragePort,
    @inject(CLOCK_PORT) private readonly clock: ClockPort,
  ) {
    makeAutoObservable<
      SessionViewModel,
      'checkSession' | 'logoutUseCase' | 'storage' | 'clock' | 'stopChecking'
    >(
      this,
      {
        checkSession: false,
        logoutUseCase: false,
        storage: false,
        clock: false,
        stopChecking: false,
      },
      { autoBind: true },
    );
  }

  get isAuthenticated(): boolean {
    return this.status === 'authenticated' && this.user !== null && this.token !== null;
  }

  /** With a stored token: check now, then every 10 s. Without one: unauthenticated at once. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const token = this.storage.get(StorageKeys.token);
    if (!token) {
      this.status = 'unauthenticated';
      return;
    }
    this.token = token;
    void this.check();
    this.startChecking();
  }

  /** After a successful login (the use case already stored the token and set the header). */
  loggedIn(user: SessionUser, token: string): void {
    this.started = true;
    this.user = user;
    this.token = token;
    this.status = 'authenticated';
    this.startChecking();
  }

  /** True when the server confirmed; the local logout happens either way. */
  async logout(): Promise<boolean> {
    const result = await this.logoutUseCase.execute();
    runInAction(() => this.endLocally());
    return result.ok;
  }

  async check(): Promise<void> {
    const token = this.token;
    if (!token) return;
    const result = await this.checkSession.execute(token);
    runInAction(() => {
      // A logout or a new login while the check was in flight makes its answer stale.
      if (this.token !== token) return;
      if (!result.ok && result.error.interrupted) return;
      if (result.ok) {
        this.user = result.value;
        this.status = 'authenticated';
      } else {
        this.endLocally();
      }
    });
  }

  dispose(): void {
    this.stopChecking?.();
    this.stopChecking = null;
  }

  private startChecking(): void {
    if (this.stopChecking) return;
    this.stopChecking = this.clock.every(SESSION_CHECK_INTERVAL_MS, () => void this.check());
  }

  private endLocally(): void {
    this.dispose();
    this.user = null;
    this.token = null;
    this.status = 'unauthenticated';
  }
}
