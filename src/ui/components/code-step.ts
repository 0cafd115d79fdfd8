import { runInAction } from 'mobx';
import { normalisePhone } from '../../contract/rules';
import type { Failure } from '../../domain/model/failure';
import type { Cancel, Clock } from '../../domain/ports/clock.port';
import type { Result } from '../../contract/result';
import type { SendSmsCodeInput } from '../../domain/use-cases/send-sms-code.use-case';
import type {
  CodeDeadlines,
  SmsCodeCountdown,
  SmsCodeLifecycleUseCase,
} from '../../domain/use-cases/sms-code-lifecycle.use-case';
import { emptyCode } from './code-input';
import { observeExcept } from '../../ui-kit/observe-except';

/**
 * The SMS-code step that sign-up and password reset share, as the screen shows it: the code
 * boxes, and the countdown SmsCodeLifecycleUseCase reports (expiry, resend cooldown).
 */
export class CodeStep {
  code: string[] = emptyCode();
  timer: SmsCodeCountdown;
  /** A code has been sent: the screen has moved on to this step (its step 2). */
  reached = false;
  /** The number the latest code went to, as it was sent: digits only, country code included. */
  sentTo = '';
  /** Whether the code's expiry is known (it is not for a code another tab asked for). */
  expiryKnown = true;
  private cancelRedirect: Cancel | null = null;

  constructor(
    private readonly lifecycle: SmsCodeLifecycleUseCase,
    private readonly clock: Clock,
  ) {
    this.timer = lifecycle.state;
    observeExcept(this, ['lifecycle', 'clock', 'cancelRedirect']);
    lifecycle.subscribe((countdown) => runInAction(() => (this.timer = countdown)));
  }

  /** Step 1 until a code has been sent, then step 2 (the code boxes). */
  get step(): 1 | 2 {
    return this.reached ? 2 : 1;
  }

  /** The code as typed, boxes joined. */
  get value(): string {
    return this.code.join('');
  }

  setCode(code: string[]): void {
    this.code = code;
  }

  /** Sends (or resends) the code; once sent the step is reached and its boxes start empty. */
  async send(input: SendSmsCodeInput): Promise<Result<SmsCodeCountdown, Failure>> {
    const sent = await this.lifecycle.execute(input);
    if (sent.ok) {
      runInAction(() => {
        this.code = emptyCode();
        this.reached = true;
        this.sentTo = normalisePhone(input.phoneNo);
        this.expiryKnown = true;
      });
    }
    return sent;
  }

  /** The current code's deadlines, to keep across a reload. */
  get deadlines(): CodeDeadlines {
    return this.lifecycle.deadlines;
  }

  /** Shows this step for a code sent earlier (before a reload), counting down where it was. */
  resume(sentTo: string, deadlines: CodeDeadlines): void {
    this.code = emptyCode();
    this.reached = true;
    this.sentTo = normalisePhone(sentTo);
    this.expiryKnown = deadlines.expiresAt !== null;
    this.lifecycle.resume(deadlines);
  }

  /** The code did its job: the countdown stops, and `then` runs `ms` later (the redirect). */
  finish(ms: number, then: () => void): void {
    this.lifecycle.dispose();
    this.cancelRedirect = this.clock.after(ms, then);
  }

  dispose(): void {
    this.lifecycle.dispose();
    this.cancelRedirect?.();
    this.cancelRedirect = null;
  }
}
