import { checkForm } from '../../../../../src/contract/form-check';
import { runInAction } from 'mobx';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import type { OpsFailure } from '../../../domain/ports/ops-http.port';
import { RefundRequestValues } from '../../../domain/forms';
import { reasonError } from '../../../domain/rules';
import type { RefundsUseCase } from '../../../domain/use-cases/refunds.use-case';
import { failureText } from '../../shared/failure-text';
import type { StepUpViewModel } from '../../shared/step-up.view-model';

type Field = 'amount' | 'reason';

/** What the server's refusal says about a field, when it names one. */
const FIELD_TEXTS: Partial<Record<string, Partial<Record<Field, string>>>> = {
  VALIDATION_FAILED: { amount: 'errors.amountFormat', reason: 'errors.reasonLength' },
};

/**
 * "Request a refund": an amount in ringgit (at most what may still be refunded) and a reason.
 * Another operator decides it. The second factor is asked again when the server wants it.
 */
export class RefundRequestForm {
  amount = '';
  reason = '';
  errors: Partial<Record<Field, string>> = {};
  failure: string | null = null;
  /** Idle, or the request being sent. */
  status: 'idle' | 'submitting' = 'idle';

  constructor(
    private readonly refunds: RefundsUseCase,
    private readonly stepUp: StepUpViewModel,
    private readonly done: () => Promise<void>,
  ) {
    observeExcept(this, ['refunds', 'stepUp', 'done']);
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  setAmount(value: string): void {
    this.amount = value;
    if (this.errors.amount) this.errors = { ...this.errors, amount: undefined };
  }

  setReason(value: string): void {
    this.reason = value;
    if (this.errors.reason)
      this.errors = { ...this.errors, reason: reasonError(value) ?? undefined };
  }

  get firstError(): Field | null {
    return (['amount', 'reason'] as const).find((f) => this.errors[f]) ?? null;
  }

  async submit(paymentId: string, refundable: string): Promise<void> {
    if (this.busy) return;
    const { amount, reason } = checkForm(RefundRequestValues, {
      amount: this.amount,
      reason: this.reason,
      refundable,
    }).errors;
    this.errors = { ...(amount ? { amount } : {}), ...(reason ? { reason } : {}) };
    this.failure = null;
    if (amount || reason) return;
    this.status = 'submitting';
    const answer = await this.stepUp.guard(() =>
      this.refunds.request(paymentId, this.amount, this.reason, refundable),
    );
    if (!answer.ok) {
      const { error } = answer;
      runInAction(() => this.refused(error));
      return;
    }
    runInAction(() => this.sent());
    await this.done();
  }

  private refused(failure: OpsFailure): void {
    this.status = 'idle';
    const field = failure.field === 'amount' || failure.field === 'reason' ? failure.field : null;
    const text = field ? FIELD_TEXTS[failure.code]?.[field] : undefined;
    if (field && text) this.errors = { [field]: text };
    else this.failure = failureText(failure);
  }

  private sent(): void {
    this.status = 'idle';
    this.amount = '';
    this.reason = '';
    this.errors = {};
  }
}
