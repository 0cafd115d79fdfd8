import { makeAutoObservable } from 'mobx';
import type { Failure } from '../../domain/model/failure';
import type { Cancel, ClockPort } from '../../domain/ports/clock.port';
import { CODE_LENGTH } from '../../contract/rules';

/** Seconds the server makes us wait between two sends (api-contract SMS_RESEND_COOLDOWN_S). */
export const DEFAULT_RESEND_COOLDOWN_SECONDS = 60;

/**
 * One format for every code lifetime and countdown, 'm:ss' ('5:00', '4:59', '0:07'), so the toast
 * 'Code expires in 5:00' and the live countdown read alike.
 */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The code boxes before anything is typed: one empty string per box. */
export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

/**
 * The expiry countdown and the resend cooldown of an SMS code, ticking once a second through
 * ClockPort while either is running (and not at all afterwards).
 */
export class CodeTimer {
  now: number;
  expiresAt: number | null = null;
  resendAvailableAt: number | null = null;
  private stopTicking: Cancel | null = null;

  constructor(private readonly clock: ClockPort) {
    this.now = clock.now();
    makeAutoObservable<CodeTimer, 'clock' | 'stopTicking'>(
      this,
      { clock: false, stopTicking: false },
      { autoBind: true },
    );
  }

  /** A code was sent: its lifetime starts now, and so does the cooldown. */
  codeSent(expiresInSeconds: number, cooldownSeconds = DEFAULT_RESEND_COOLDOWN_SECONDS): void {
    this.now = this.clock.now();
    this.expiresAt = this.now + expiresInSeconds * 1000;
    this.resendAvailableAt = this.now + cooldownSeconds * 1000;
    this.ensureTicking();
  }

  /** The server refused a send for this long (429 Retry-After). */
  waitBeforeResend(seconds: number): void {
    this.now = this.clock.now();
    this.resendAvailableAt = this.now + seconds * 1000;
    this.ensureTicking();
  }

  /** A send failed: when the server said how long to wait (429 Retry-After), wait that long. */
  sendFailed(failure: Failure): void {
    if (failure.retryAfterSeconds !== undefined) this.waitBeforeResend(failure.retryAfterSeconds);
  }

  get secondsLeft(): number {
    return this.expiresAt === null ? 0 : Math.max(0, Math.ceil((this.expiresAt - this.now) / 1000));
  }

  get expiresIn(): string {
    return formatCountdown(this.secondsLeft);
  }

  get expired(): boolean {
    return this.expiresAt !== null && this.secondsLeft === 0;
  }

  get resendInSeconds(): number {
    return this.resendAvailableAt === null
      ? 0
      : Math.max(0, Math.ceil((this.resendAvailableAt - this.now) / 1000));
  }

  get canResend(): boolean {
    return this.resendInSeconds === 0;
  }

  dispose(): void {
    this.stopTicking?.();
    this.stopTicking = null;
  }

  private ensureTicking(): void {
    if (this.stopTicking) return;
    this.stopTicking = this.clock.every(1000, this.tick);
  }

  private tick(): void {
    this.now = this.clock.now();
    if (this.secondsLeft === 0 && this.resendInSeconds === 0) this.dispose();
  }
}
