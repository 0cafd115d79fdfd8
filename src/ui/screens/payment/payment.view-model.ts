import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { CURRENCY, DEFAULT_AMOUNT, formatAmount } from '../../../domain/model/money';
import type { PaymentRequestData, PaymentStatus } from '../../../domain/model/payment';
import {
  filterAmountInput,
  validatePaymentForm,
  type PaymentFormErrors,
} from '../../../domain/rules/payment-form';
import type { PayUseCase } from '../../../domain/use-cases/pay.use-case';
import { Paths } from '../../shared/paths';
import { Screen } from '../../shared/screen';
import type { SessionViewModel } from '../../shared/session.view-model';
import { PAY_USE_CASE } from '../../shared/tokens';
import { renderPayEvent, type PaymentScreenStatus } from './pay-events';
import { observeExcept } from '../../../ui-kit/observe-except';

export type { PaymentScreenStatus } from './pay-events';

/** Toasts on the payment screen close after 5 s. */
export const PAYMENT_TOAST_MS = 5000;

/** What the screen needs of the session: who is paying, and logging out. */
export type PaymentSession = Pick<SessionViewModel, 'user' | 'logout'>;
export type PaymentScreen = Pick<Screen, 'notifier' | 'navigation'> & { session: PaymentSession };

const toast = { autoCloseMs: PAYMENT_TOAST_MS };

/** The payment screen: the form and dialog, and what the pay flow (PayUseCase) reports. */
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

  constructor(
    @inject(PAY_USE_CASE) private readonly pay: PayUseCase,
    @inject(Screen) private readonly screen: PaymentScreen,
  ) {
    observeExcept(this, ['pay', 'screen']);
    pay.subscribe((event) => runInAction(() => renderPayEvent(event, this, { ...screen, toast })));
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
    return this.screen.session.user !== null;
  }

  setAmount(typed: string): void {
    if (this.status !== 'editing') return;
    this.amount = filterAmountInput(typed);
    this.errors = { ...this.errors, amount: undefined };
  }

  setPaymentMethod(method: string): void {
    if (this.status !== 'editing') return;
    this.paymentMethod = method;
    this.errors = { ...this.errors, paymentMethod: undefined };
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

  /** 'Confirm & Proceed': must run synchronously inside the click (the tab opens in execute). */
  confirmAndProceed(): void {
    if (this.status !== 'confirming') return;
    this.status = 'submitting';
    void this.pay.execute({
      amount: this.amount,
      paymentMethod: 'qr',
      memberName: this.screen.session.user?.name,
    });
  }

  /** 'Continue to payment' after a blocked pop-up: this click opens the tab and hands off. */
  continueInNewTab(): void {
    if (this.status === 'popupBlocked') this.pay.continueInNewTab();
  }

  /** Footer 'Profile'. */
  goToProfile(): void {
    this.screen.navigation.go(Paths.profile);
  }

  async logout(): Promise<void> {
    if (this.loggingOut) return;
    this.loggingOut = true;
    const confirmed = await this.screen.session.logout();
    // No disposed check here: ending the session unmounts this guarded screen before the answer is
    // handled, and the member must still hear how the logout went.
    runInAction(() => {
      this.loggingOut = false;
      if (confirmed) {
        this.screen.notifier.success({ key: 'session.logoutSuccess' }, toast);
        this.screen.navigation.go(Paths.login);
      } else {
        this.screen.notifier.error({ key: 'session.logoutFailed' }, toast);
      }
    });
  }

  /** Stops polling and every pending redirect (the screen unmounted). */
  dispose(): void {
    this.pay.dispose();
  }
}
