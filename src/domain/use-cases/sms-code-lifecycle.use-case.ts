import { EventSource } from '../listeners';
import type { Failure } from '../model/failure';
import type { Cancel, Clock } from '../ports/clock.port';
import type { Result } from '../../contract/result';
import type { SendSmsCodeInput, SendSmsCodeUseCase } from './send-sms-code.use-case';

/** Seconds the server makes us wait between two sends (the API's SMS_RESEND_COOLDOWN_S). */
export const DEFAULT_RESEND_COOLDOWN_SECONDS = 60;
/** The countdowns move once a second. */
export const COUNTDOWN_TICK_MS = 1000;

/**
 * One format for every code lifetime and countdown, 'm:ss' ('5:00', '4:59', '0:07'), so the toast
 * 'Code expires in 5:00' and the live countdown read alike.
 */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What the code step shows: the code's remaining life and when Resend opens. */
export interface SmsCodeCountdown {
  secondsLeft: number;
  /** secondsLeft as 'm:ss'. */
  expiresIn: string;
  /** A code was sent and its time is up. */
  expired: boolean;
  resendInSeconds: number;
  canResend: boolean;
}

/** A code's two moments, as times on Clock in ms. */
export interface CodeDeadlines {
  expiresAt: number | null;
  resendAt: number | null;
}

/**
 * An SMS code's life on the sign-up and reset screens: send it, count its expiry down, keep
 * Resend closed for the cooldown (or for the server's Retry-After when a send was refused), and
 * resend. Ticks once a second through Clock while a countdown runs, and not at all after.
 */
export class SmsCodeLifecycleUseCase extends EventSource<SmsCodeCountdown> {
  private expiresAt: number | null = null;
  private resendAvailableAt: number | null = null;
  private stopTicking: Cancel | null = null;

  constructor(
    private readonly sendSmsCode: SendSmsCodeUseCase,
    private readonly clock: Clock,
    private readonly cooldownSeconds = DEFAULT_RESEND_COOLDOWN_SECONDS,
  ) {
    super();
  }

  get state(): SmsCodeCountdown {
    const now = this.clock.now();
    const secondsUntil = (at: number | null) =>
      at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
    const secondsLeft = secondsUntil(this.expiresAt);
    const resendInSeconds = secondsUntil(this.resendAvailableAt);
    return {
      secondsLeft,
      expiresIn: formatCountdown(secondsLeft),
      expired: this.expiresAt !== null && secondsLeft === 0,
      resendInSeconds,
      canResend: resendInSeconds === 0,
    };
  }

  /**
   * Sends (or resends) a code. Sent: its lifetime and the resend cooldown start now. Refused with
   * a Retry-After: Resend stays closed that long. The value is the countdown right after sending.
   */
  async execute(input: SendSmsCodeInput): Promise<Result<SmsCodeCountdown, Failure>> {
    const sent = await this.sendSmsCode.execute(input);
    const now = this.clock.now();
    if (!sent.ok) {
      if (sent.error.retryAfterSeconds !== undefined) {
        this.resendAvailableAt = now + sent.error.retryAfterSeconds * 1000;
        this.changed();
      }
      return sent;
    }
    this.expiresAt = now + sent.value.expiresInSeconds * 1000;
    this.resendAvailableAt = now + this.cooldownSeconds * 1000;
    this.changed();
    return { ok: true, value: this.state };
  }

  /** When the current code dies and when Resend opens (ms on Clock; null: not known). */
  get deadlines(): CodeDeadlines {
    return { expiresAt: this.expiresAt, resendAt: this.resendAvailableAt };
  }

  /**
   * Counts down a code sent before this screen was built (a reload, or a send the server refused
   * because a code went out moments ago): nothing is sent.
   */
  resume(deadlines: CodeDeadlines): void {
    this.expiresAt = deadlines.expiresAt;
    this.resendAvailableAt = deadlines.resendAt;
    this.changed();
  }

  /** The code was used (or the screen left): no more ticking. */
  dispose(): void {
    this.stopTicking?.();
    this.stopTicking = null;
  }

  private changed(): void {
    this.tell(this.state);
    if (!this.stopTicking) this.stopTicking = this.clock.every(COUNTDOWN_TICK_MS, this.tick);
  }

  private readonly tick = (): void => {
    const state = this.state;
    if (state.secondsLeft === 0 && state.resendInSeconds === 0) this.dispose();
    this.tell(state);
  };
}
