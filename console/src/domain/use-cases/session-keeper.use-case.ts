import type {
  OpsSessionResponse,
  PasskeySignInRequest,
  SignInRequest,
} from '../../../../src/contract/ops-api';
import { err, ok } from '../../../../src/contract/result';
import type { Cancel, Clock } from '../ports/clock.port';
import type { OpsFailure, OpsHttpPort, OpsResult } from '../ports/ops-http.port';

/** The warning comes this long before the session would end. */
export const EXPIRY_WARNING_MS = 60_000;

export type SessionState =
  | { kind: 'checking' }
  /** `ended`: the server ended it (idle, absolute end, signed out elsewhere) or it ran out here. */
  | { kind: 'signed-out'; ended: boolean }
  | {
      kind: 'signed-in';
      session: OpsSessionResponse;
      /** Set a minute before the end: `idle` can be put off by "Stay signed in", `absolute` not. */
      warning: 'idle' | 'absolute' | null;
      /** When the session ends unless used (the earlier of its idle and absolute ends), in ms. */
      endsAt: number;
    };

type Listener = (state: SessionState) => void;

/**
 * The operator's session as the console knows it: restored from the cookie (GET /auth/session),
 * opened by sign-in, ended by sign-out, by a 401 from any call, or when its end passes. Every
 * answered call moves the idle end on (the server does the same), so the warning comes a minute
 * before the idle end of the last call, or before the absolute end, whichever is first.
 */
export class SessionKeeper {
  private state: SessionState = { kind: 'checking' };
  private readonly listeners = new Set<Listener>();
  private idleWindowMs = 0;
  private absoluteEnd = 0;
  private idleEnd = 0;
  private timers: Cancel[] = [];

  constructor(
    private readonly http: OpsHttpPort,
    private readonly clock: Clock,
  ) {}

  get current(): SessionState {
    return this.state;
  }

  subscribe(listener: Listener): Cancel {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the session the cookie holds, if any. */
  async restore(): Promise<void> {
    const answer = await this.http.call('session', undefined);
    if (answer.ok) this.open(answer.value);
    else this.close(false);
  }

  async signIn(request: SignInRequest): Promise<OpsResult<OpsSessionResponse>> {
    const answer = await this.http.call('signIn', request);
    if (answer.ok) this.open(answer.value);
    return answer;
  }

  /** Sign-in's second step with a passkey: the browser's signature opens the session. */
  async signInWithPasskey(request: PasskeySignInRequest): Promise<OpsResult<OpsSessionResponse>> {
    const answer = await this.http.call('signInPasskey', request);
    if (answer.ok) this.open(answer.value);
    return answer;
  }

  /** "Stay signed in": the session call touches the session and gives its new ends. */
  async stay(): Promise<OpsResult<null>> {
    const answer = await this.http.call('session', undefined);
    if (answer.ok) {
      this.open(answer.value);
      return ok(null);
    }
    if (answer.error.httpStatus === 401) this.close(true);
    return err(answer.error);
  }

  /** Ends the session on the server, and here whatever the server answers. */
  async signOut(): Promise<void> {
    if (this.state.kind === 'signed-in') await this.http.call('signOut', undefined);
    this.close(false);
  }

  /** An answered call of the session: the server moved the idle end on. */
  touched(): void {
    if (this.state.kind !== 'signed-in') return;
    this.idleEnd = this.clock.now() + this.idleWindowMs;
    this.schedule();
  }

  /** A call answered 401: the server no longer knows the session. */
  failed(failure: OpsFailure): void {
    if (failure.httpStatus === 401 && this.state.kind === 'signed-in') this.close(true);
  }

  /** Cancels the timers (the app is going away). */
  dispose(): void {
    this.cancelTimers();
    this.listeners.clear();
  }

  private open(session: OpsSessionResponse): void {
    const now = this.clock.now();
    this.absoluteEnd = Date.parse(session.expires_at);
    this.idleEnd = Date.parse(session.idle_expires_at);
    this.idleWindowMs = Math.max(0, this.idleEnd - now);
    this.http.setCsrfToken(session.csrf_token);
    this.state = { kind: 'signed-in', session, warning: null, endsAt: this.endsAt() };
    this.schedule();
  }

  private close(ended: boolean): void {
    this.cancelTimers();
    this.http.setCsrfToken(null);
    this.set({ kind: 'signed-out', ended });
  }

  private endsAt(): number {
    return Math.min(this.idleEnd, this.absoluteEnd);
  }

  /** The warning a minute before the end, and the end itself; both redone on every touch. */
  private schedule(): void {
    if (this.state.kind !== 'signed-in') return;
    this.cancelTimers();
    const endsAt = this.endsAt();
    const kind = this.absoluteEnd <= this.idleEnd ? 'absolute' : 'idle';
    const untilEnd = endsAt - this.clock.now();
    if (untilEnd <= 0) {
      this.close(true);
      return;
    }
    const untilWarning = untilEnd - EXPIRY_WARNING_MS;
    const warning = untilWarning <= 0 ? kind : null;
    this.set({ ...this.state, warning, endsAt });
    if (untilWarning > 0) {
      this.timers.push(
        this.clock.after(untilWarning, () => {
          if (this.state.kind === 'signed-in') this.set({ ...this.state, warning: kind });
        }),
      );
    }
    this.timers.push(this.clock.after(untilEnd, () => this.close(true)));
  }

  private cancelTimers(): void {
    for (const cancel of this.timers) cancel();
    this.timers = [];
  }

  private set(state: SessionState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener(state);
  }
}
