import type { RefundAction, RefundDto } from '../../../../../src/contract/ops-payments-api';
import { runInAction } from 'mobx';
import { checkForm } from '../../../../../src/contract/form-check';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import type { OpsFailure, OpsResult } from '../../../domain/ports/ops-http.port';
import { RefundReasonValues, TransferValues } from '../../../domain/forms';
import type { RefundsUseCase } from '../../../domain/use-cases/refunds.use-case';
import { failureText } from '../../shared/failure-text';
import type { StepUpViewModel } from '../../shared/step-up.view-model';

/** What an operator may do with a refund: decide it, send it again, close its bank transfer. */
export type RefundStep = RefundAction;
type Field = 'reason' | 'reference' | 'transfer_date';

/**
 * The dialog of one step on one refund: a reason for approve and reject, nothing more for a
 * retry, the bank transfer's reference and date for closing a manual refund. The second factor
 * is asked again when the server wants it.
 */
export class RefundDecisionForm {
  refund: RefundDto | null = null;
  step: RefundStep | null = null;
  reason = '';
  reference = '';
  transferDate = '';
  errors: Partial<Record<Field, string>> = {};
  failure: string | null = null;
  /** Idle, or the step being sent. */
  status: 'idle' | 'submitting' = 'idle';

  constructor(
    private readonly refunds: RefundsUseCase,
    private readonly stepUp: StepUpViewModel,
    private readonly today: () => string,
    private readonly done: (step: RefundStep) => Promise<void>,
  ) {
    observeExcept(this, ['refunds', 'stepUp', 'today', 'done']);
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  open(refund: RefundDto, step: RefundStep): void {
    this.refund = refund;
    this.step = step;
    this.reason = '';
    this.reference = '';
    this.transferDate = step === 'close' ? this.today() : '';
    this.errors = {};
    this.failure = null;
  }

  cancel(): void {
    if (!this.busy) this.step = null;
  }

  set(field: Field, value: string): void {
    if (field === 'reason') this.reason = value;
    else if (field === 'reference') this.reference = value;
    else this.transferDate = value;
    if (this.errors[field]) this.errors = { ...this.errors, [field]: undefined };
  }

  private check(step: RefundStep): Partial<Record<Field, string>> {
    if (step === 'approve' || step === 'reject')
      return checkForm(RefundReasonValues, { reason: this.reason }).errors;
    if (step === 'close')
      return checkForm(TransferValues, {
        reference: this.reference,
        transfer_date: this.transferDate,
        today: this.today(),
      }).errors;
    return {};
  }

  private send(id: string, step: RefundStep): Promise<OpsResult<null>> {
    switch (step) {
      case 'approve':
      case 'reject':
        return this.refunds.decide(id, step, this.reason);
      case 'retry':
        return this.refunds.retry(id);
      case 'close':
        return this.refunds.close(id, this.reference, this.transferDate, this.today());
    }
  }

  async confirm(): Promise<void> {
    const { refund, step } = this;
    if (refund === null || step === null || this.busy) return;
    this.errors = this.check(step);
    this.failure = null;
    if (Object.values(this.errors).some(Boolean)) return;
    this.status = 'submitting';
    const answer = await this.stepUp.guard(() => this.send(refund.id, step));
    if (!answer.ok) {
      const { error } = answer;
      runInAction(() => this.refused(error));
      return;
    }
    runInAction(() => this.finished());
    await this.done(step);
  }

  private refused(failure: OpsFailure): void {
    this.status = 'idle';
    const field = (['reason', 'reference', 'transfer_date'] as const).find(
      (f) => f === failure.field,
    );
    if (field && failure.code === 'VALIDATION_FAILED')
      this.errors = { [field]: 'errors.fieldInvalid' };
    else this.failure = failureText(failure);
  }

  private finished(): void {
    this.status = 'idle';
    this.step = null;
  }
}
