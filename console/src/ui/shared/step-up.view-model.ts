import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { observeExcept } from '../../../../src/ui-kit/observe-except';
import type { OpsResult } from '../../domain/ports/ops-http.port';
import { totpCodeError } from '../../domain/rules';
import { needsStepUp, type StepUpUseCase } from '../../domain/use-cases/step-up.use-case';
import { failureText } from './failure-text';
import { STEP_UP } from './tokens';

export type StepUpMode = 'code' | 'passkey';

/**
 * The second factor again, for every page: `guard` runs an action, and when it answers that it
 * wants the second factor first, opens the dialog (the authenticator's code, or a passkey) and,
 * once given, runs the action again. Cancelled, the action's first answer stands. One for the
 * console, so one dialog shows whichever page asked.
 */
@injectable()
export class StepUpViewModel {
  open = false;
  mode: StepUpMode = 'code';
  code = '';
  codeError: string | null = null;
  failure: string | null = null;
  /** Idle, or the second factor being checked. */
  status: 'idle' | 'submitting' = 'idle';
  private settle: ((given: boolean) => void) | null = null;

  constructor(@inject(STEP_UP) private readonly stepUp: StepUpUseCase) {
    observeExcept(this, ['stepUp', 'settle']);
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  get passkeyAvailable(): boolean {
    return this.stepUp.passkeyAvailable();
  }

  /** Runs the action; asks for the second factor and runs it once more when it wants one. */
  async guard<T>(action: () => Promise<OpsResult<T>>): Promise<OpsResult<T>> {
    const first = await action();
    if (first.ok || !needsStepUp(first.error) || this.open) return first;
    const given = await this.ask();
    return given ? action() : first;
  }

  setCode(value: string): void {
    this.code = value.replace(/\D/g, '').slice(0, 6);
    if (this.codeError) this.codeError = totpCodeError(this.code);
  }

  setMode(mode: StepUpMode): void {
    if (this.busy || (mode === 'passkey' && !this.passkeyAvailable)) return;
    this.mode = mode;
    this.code = '';
    this.codeError = null;
    this.failure = null;
  }

  async submit(): Promise<void> {
    if (this.busy || !this.open) return;
    if (this.mode === 'code') {
      this.codeError = totpCodeError(this.code);
      if (this.codeError) return;
    }
    this.status = 'submitting';
    this.failure = null;
    const answer =
      this.mode === 'code'
        ? await this.stepUp.withCode(this.code)
        : await this.stepUp.withPasskey();
    runInAction(() => {
      if (answer.ok) this.finish(true);
      else if (answer.error.code !== 'PASSKEY_CEREMONY' && answer.error.field === 'totp_code')
        this.refused(null, 'errors.codeWrong');
      else this.refused(failureText(answer.error), null);
    });
  }

  cancel(): void {
    if (!this.busy) this.finish(false);
  }

  private ask(): Promise<boolean> {
    this.open = true;
    this.mode = 'code';
    this.code = '';
    this.codeError = null;
    this.failure = null;
    return new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  private refused(failure: string | null, codeError: string | null): void {
    this.status = 'idle';
    this.failure = failure;
    this.codeError = codeError;
    this.code = '';
  }

  private finish(given: boolean): void {
    this.status = 'idle';
    this.open = false;
    this.code = '';
    const settle = this.settle;
    this.settle = null;
    settle?.(given);
  }
}
