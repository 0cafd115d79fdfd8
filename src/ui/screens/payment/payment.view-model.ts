import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { CURRENCY, DEFAULT_AMOUNT, formatAmount } from '../../../domain/model/money';
import {
  gatewayFields,
  type GatewayFields,
  PaymentMessages,
  type PaymentRequestData,
  type PaymentStatus,
} from '../../../domain/model/payment';
import { CLOCK_PORT, type Cancel, type ClockPort } from '../../../domain/ports/clock.port';
import {
  GATEWAY_PORT,
  type GatewayPort,
  type GatewayTab,
} from '../../../domain/ports/gateway.port';
import {
  filterAmountInput,
  validatePaymentForm,
  type PaymentFormErrors,
} from '../../../domain/rules/payment-form';
import type { InitiatePaymentUseCase } from '../../../domain/use-cases/initiate-payment.use-case';
import type { PollPaymentUseCase } from '../../../domain/use-cases/poll-payment.use-case';
import { NAVIGATION, type Navigation } from '../../app/navigation';
import { NOTIFIER, serverMessageOr, type Notifier } from '../../app/notifier';
import { Paths } from '../../app/paths';
import { SessionViewModel } from '../../app/session.view-model';
import { INITIATE_PAYMENT_USE_CASE, POLL_PAYMENT_USE_CASE } from '../../app/tokens';
import { pollEvery } from './polling';

/** Spec sections 8 and 9: toasts on the payment screen close after 5 s. */
export const PAYMENT_TOAST_MS = 5000;
/** While the payment is pending its status is polled every 3 s. */
export const PAYMENT_POLL_MS = 3000;
/** The receipt page opens about 1 s after the gateway form is posted. */
export const RECEIPT_REDIRECT_MS = 1000;
/** The status page opens 2 s after the payment completed. */
export const COMPLETED_REDIRECT_MS = 2000;

/**
 * editing: the form; confirming: the dialog is open; submitting: the payment request is on its
 * way (buttons disabled); popupBlocked: the payment exists but its tab could not open;
 * submitted: the gateway form was posted.
 */
export type PaymentScreenStatus =
  'editing' | 'confirming' | 'submitting' | 'popupBlocked' | 'submitted';

/** What the screen needs of the session: who is paying, and logging out. */
export type PaymentSession = Pick<SessionViewModel, 'user' | 'logout'>;

const toast = { autoCloseMs: PAYMENT_TOAST_MS };

/** The payment screen (spec sections 2, 4, 5, 7, 8). */
@injectable()
export class PaymentViewModel {
  amount = DEFAULT_AMOUNT;
  paymentMethod = 'qr';
  /** i18n keys of the broken rules, per field. */
  errors: PaymentFormErrors = {};
  status: PaymentScreenStatus = 'editing';
  /** The payment's last known status, once it exists. */
  paymentStatus: PaymentStatus | null = null;
  request: PaymentRequestData | null = null;
  loggingOut = false;
  readonly currency = CURRENCY;

  /** Sent as Idempotency-Key: kept across retries of one attempt, dropped when it succeeds. */
  private attemptKey: string | null = null;
  private tab: GatewayTab | null = null;
  private timers: Cancel[] = [];
  private disposed = false;

  constructor(
    @inject(INITIATE_PAYMENT_USE_CASE) private readonly initiatePayment: InitiatePaymentUseCase,
    @inject(POLL_PAYMENT_USE_CASE) private readonly pollPayment: PollPaymentUseCase,
    @inject(GATEWAY_PORT) private readonly gateway: GatewayPort,
    @inject(SessionViewModel) private readonly session: PaymentSession,
    @inject(NOTIFIER) private readonly notifier: Notifier,
    @inject(NAVIGATION) private readonly navigation: Navigation,
    @inject(CLOCK_PORT) private readonly clock: ClockPort,
  ) {
    makeAutoObservable<
      this,
      | 'initiatePayment'
      | 'pollPayment'
      | 'gateway'
      | 'session'
      | 'notifier'
      | 'navigation'
      | 'clock'
      | 'attemptKey'
      | 'tab'
      | 'timers'
      | 'disposed'
    >(
      this,
      {
        initiatePayment: false,
        pollPayment: false,
        gateway: false,
        session: false,
        notifier: false,
        navigation: false,
        clock: false,
        attemptKey: false,
        tab: false,
        timers: false,
        disposed: false,
      },
      { autoBind: true },
    );
  }

  get dialogOpen(): boolean {
    return this.status === 'confirming' || this.status === 'submitting';
  }

  get busy(): boolean {
    return this.status === 'submitting';
  }

  /** The amount as the dialog shows it ('123.45'). */
  get displayAmount(): string {
    return formatAmount(this.amount);
  }

  get showLogout(): boolean {
    return this.session.user !== null;
  }

  setAmount(typed: string): void {
    if (this.status !== 'editing') return;
    this.amount = filterAmountInput(typed);
    this.errors = { ...this.errors, amount: undefined };
    // Another amount is another payment: it must not reuse the previous attempt's transaction.
    this.attemptKey = null;
  }

  setPaymentMethod(method: string): void {
    if (this.status !== 'editing') return;
    this.paymentMethod = method;
    this.errors = { ...this.errors, paymentMethod: undefined };
    this.attemptKey = null;
  }

  /** 'Continue to Payment': validate, then open the confirmation dialog. */
  continueToPayment(): void {
    if (this.status !== 'editing') return;
    this.errors = validatePaymentForm({ amount: this.amount, paymentMethod: this.paymentMethod });
    if (Object.keys(this.errors).length === 0) this.status = 'confirming';
  }

  /** 'Review': back to the form. */
  review(): void {
    if (this.status === 'confirming') this.status = 'editing';
  }

  /**
   * 'Confirm & Proceed'. Must run synchronously inside the click: the gateway tab is opened here,
   * before any await, so pop-up blockers let it through; the form is posted once the API answers.
   */
  confirmAndProceed(): void {
    if (this.status !== 'confirming') return;
    this.tab = this.gateway.openTab();
    this.attemptKey ??= this.gateway.newAttemptKey();
    this.status = 'submitting';
    void this.requestPayment(this.attemptKey);
  }

  /** 'Continue to payment' after a blocked pop-up: this click opens the tab and posts at once. */
  continueInNewTab(): void {
    if (this.status !== 'popupBlocked' || this.request === null) return;
    this.tab = this.gateway.openTab();
    if (this.tab === null) {
      this.notifier.error({ key: 'payment.popupBlocked' }, toast);
      return;
    }
    this.handOff(this.request);
  }

  /** Footer 'Profile'. */
  goToProfile(): void {
    this.navigation.go(Paths.profile);
  }

  async logout(): Promise<void> {
    if (this.loggingOut) return;
    this.loggingOut = true;
    const confirmed = await this.session.logout();
    // No disposed check here: ending the session unmounts this guarded screen before the answer is
    // handled, and the member must still hear how the logout went.
    runInAction(() => {
      this.loggingOut = false;
      if (confirmed) {
        this.notifier.success({ key: 'session.logoutSuccess' }, toast);
        this.navigation.go(Paths.login);
      } else {
        this.notifier.error({ key: 'session.logoutFailed' }, toast);
      }
    });
  }

  /** Stops polling and every pending redirect (the screen unmounted). */
  dispose(): void {
    this.disposed = true;
    for (const cancel of this.timers) cancel();
    this.timers = [];
  }

  private async requestPayment(idempotencyKey: string): Promise<void> {
    const result = await this.initiatePayment.execute({
      amount: this.amount,
      paymentMethod: 'qr',
      idempotencyKey,
    });
    runInAction(() => {
      if (!result.ok) {
        this.closeTab();
        // Back to the dialog: 'Confirm & Proceed' retries the same attempt with the same key.
        if (this.disposed) return;
        this.status = 'confirming';
        this.notifier.error(serverMessageOr(result.error.serverMessage, result.error.key), toast);
        return;
      }
      this.attemptKey = null;
      this.request = result.value;
      if (this.disposed) {
        // The member left while waiting, but the tab is open and the payment exists: hand off.
        if (this.tab) this.gateway.submit(this.tab, this.fieldsOf(result.value));
        this.tab = null;
        return;
      }
      this.paymentStatus = result.value.status;
      this.notifier.success({ key: PaymentMessages.initiated }, toast);
      if (this.tab) {
        this.handOff(result.value);
      } else {
        this.status = 'popupBlocked';
        this.notifier.error({ key: 'payment.popupBlocked' }, toast);
      }
      if (this.paymentStatus === 'pending') this.startPolling(result.value.payment_id);
    });
  }

  private handOff(request: PaymentRequestData): void {
    if (this.tab === null) return;
    this.gateway.submit(this.tab, this.fieldsOf(request));
    this.tab = null;
    this.status = 'submitted';
    this.later(RECEIPT_REDIRECT_MS, () => this.navigation.go(Paths.receipt(request.transactionId)));
  }

  private fieldsOf(request: PaymentRequestData): GatewayFields {
    return gatewayFields(request, this.session.user?.name);
  }

  private startPolling(paymentId: string): void {
    const stop = pollEvery(this.clock, PAYMENT_POLL_MS, async () => {
      const result = await this.pollPayment.execute({ paymentId });
      if (this.disposed) return false;
      if (!result.ok) {
        // Spec section 8: poll errors on this screen are only logged; polling goes on.
        console.warn('Payment status check failed', result.error);
        return true;
      }
      return runInAction(() => this.applyStatus(result.value));
    });
    this.timers.push(stop);
  }

  /** Returns whether to keep polling. */
  private applyStatus(status: PaymentStatus): boolean {
    this.paymentStatus = status;
    if (status === 'completed') {
      this.notifier.success({ key: PaymentMessages.completed }, toast);
      this.later(COMPLETED_REDIRECT_MS, () => this.navigation.go(Paths.paymentStatus));
      return false;
    }
    if (status === 'failed') {
      this.notifier.error({ key: PaymentMessages.failed }, toast);
      return false;
    }
    return true;
  }

  private later(ms: number, fn: () => void): void {
    const cancel = this.clock.after(ms, () => {
      this.timers = this.timers.filter((t) => t !== cancel);
      fn();
    });
    this.timers.push(cancel);
  }

  private closeTab(): void {
    if (this.tab) this.gateway.close(this.tab);
    this.tab = null;
  }
}
