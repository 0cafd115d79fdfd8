import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { decimalToSen } from '../../../../../src/contract/money';
import { gatewayReferenceOf } from '../../../../../src/contract/payment';
import type {
  PaymentDetailResponse,
  RefundDto,
  RequeryResponse,
} from '../../../../../src/contract/ops-payments-api';
import { CLOCK_PORT, type Clock } from '../../../domain/ports/clock.port';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import { malaysiaDayOf } from '../../../domain/malaysia-day';
import type { PaymentsUseCase } from '../../../domain/use-cases/payments.use-case';
import type { RefundsUseCase } from '../../../domain/use-cases/refunds.use-case';
import { failureText } from '../../shared/failure-text';
import { ConsoleSessionViewModel } from '../../shared/session.view-model';
import { StepUpViewModel } from '../../shared/step-up.view-model';
import { PAYMENTS, REFUNDS } from '../../shared/tokens';
import { RefundDecisionForm, type RefundStep } from './refund-decision.form';
import { RefundRequestForm } from './refund-request.form';

/**
 * One payment's page: its facts, its timeline, "Ask the gateway now", its refunds with the steps
 * the operator's role allows on each (never deciding their own request), and for finance the
 * refund request form. Every write reloads the page and says what happened.
 */
@injectable()
export class PaymentViewModel {
  id: string | null = null;
  detail: PaymentDetailResponse | null = null;
  loadFailure: string | null = null;
  /** Idle, or the gateway being asked ("Ask the gateway now"). */
  status: 'idle' | 'requerying' = 'idle';
  requeryFailure: string | null = null;
  /** The last action's outcome, as an i18n key and its values, for the status line. */
  done: { key: string; values: Record<string, string> } | null = null;
  readonly request: RefundRequestForm;
  readonly decision: RefundDecisionForm;

  constructor(
    @inject(PAYMENTS) private readonly payments: PaymentsUseCase,
    @inject(REFUNDS) refunds: RefundsUseCase,
    @inject(ConsoleSessionViewModel) private readonly session: ConsoleSessionViewModel,
    @inject(StepUpViewModel) stepUp: StepUpViewModel,
    @inject(CLOCK_PORT) clock: Clock,
  ) {
    this.request = new RefundRequestForm(refunds, stepUp, () => this.afterRefund('requested'));
    this.decision = new RefundDecisionForm(
      refunds,
      stepUp,
      () => malaysiaDayOf(clock.now()),
      (step) => this.afterRefund(step),
    );
    observeExcept(this, ['payments', 'session', 'request', 'decision']);
  }

  get requerying(): boolean {
    return this.status === 'requerying';
  }

  async load(id: string): Promise<void> {
    this.id = id;
    const answer = await this.payments.detail(id);
    runInAction(() =>
      this.loaded(answer.ok ? answer.value : null, answer.ok ? null : failureText(answer.error)),
    );
  }

  /** The reference the gateway knows the payment by, as its receipt prints it. */
  get gatewayReference(): string | null {
    const payment = this.detail?.payment;
    return payment ? gatewayReferenceOf(payment.gateway_ref, payment.transaction_id) : null;
  }

  get canRequery(): boolean {
    return this.detail !== null && this.session.can('payments.requery');
  }

  /** Finance, on a completed payment with something left to refund. */
  get canRequestRefund(): boolean {
    const detail = this.detail;
    if (detail === null || !this.session.can('refunds.request')) return false;
    return detail.payment.status === 'completed' && (decimalToSen(detail.refundable) ?? 0) > 0;
  }

  /** The steps this operator may take on a refund, in the page's order. */
  stepsFor(refund: RefundDto): RefundStep[] {
    if (!this.session.can('refunds.approve')) return [];
    const own = refund.requested_by.id === this.session.operator?.id;
    if (refund.status === 'requested') return own ? [] : ['approve', 'reject'];
    if (
      refund.method === 'api' &&
      (refund.status === 'approved' || refund.status === 'refund_failed')
    )
      return ['retry'];
    if (refund.method === 'manual' && refund.status === 'approved') return ['close'];
    return [];
  }

  /** "Ask the gateway now": what it answered is said on the status line. */
  async requery(): Promise<void> {
    const id = this.id;
    if (id === null || this.requerying) return;
    this.startRequery();
    const answer = await this.payments.requery(id);
    runInAction(() =>
      answer.ok
        ? this.requeryDone(answer.value, null)
        : this.requeryDone(null, failureText(answer.error)),
    );
    if (answer.ok) await this.reload();
  }

  private async afterRefund(step: RefundStep | 'requested'): Promise<void> {
    this.done = { key: `refund.done.${step}`, values: {} };
    await this.reload();
  }

  private async reload(): Promise<void> {
    if (this.id === null) return;
    const answer = await this.payments.detail(this.id);
    if (answer.ok) runInAction(() => this.loaded(answer.value, null));
  }

  private startRequery(): void {
    this.status = 'requerying';
    this.requeryFailure = null;
    this.done = null;
  }

  private requeryDone(outcome: RequeryResponse | null, failure: string | null): void {
    this.status = 'idle';
    this.requeryFailure = failure;
    if (outcome) {
      this.done = {
        key: `payment.requery.${outcome.result}`,
        values: { status: outcome.status, detail: outcome.detail ?? '' },
      };
    }
  }

  private loaded(detail: PaymentDetailResponse | null, failure: string | null): void {
    this.detail = detail;
    this.loadFailure = failure;
  }
}
