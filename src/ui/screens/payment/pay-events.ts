import {
  PaymentMessages,
  type PaymentRequestData,
  type PaymentStatus,
} from '../../../domain/model/payment';
import type { PayEvent } from '../../../domain/use-cases/pay.use-case';
import type { Navigation } from '../../shared/navigation';
import type { Notifier } from '../../shared/notifier';
import { failureMessage } from '../../shared/error-messages';
import { Paths } from '../../shared/paths';

/**
 * editing: the form; confirming: the dialog is open; submitting: the payment request is on its
 * way (buttons disabled); popupBlocked: the payment exists but its tab could not open;
 * submitted: the member was handed to the gateway.
 */
export type PaymentScreenStatus =
  'editing' | 'confirming' | 'submitting' | 'popupBlocked' | 'submitted';

/** What the pay flow's events change on the payment screen. */
export interface PaymentScreenState {
  status: PaymentScreenStatus;
  request: PaymentRequestData | null;
  paymentStatus: PaymentStatus | null;
}

export interface PayEventOutlets {
  notifier: Notifier;
  navigation: Navigation;
  toast: { autoCloseMs: number };
}

/**
 * How the payment screen shows each PayEvent: its state, a toast, or a move to another page.
 * Decides nothing: the timing and the order are PayUseCase's.
 */
export function renderPayEvent(
  event: PayEvent,
  screen: PaymentScreenState,
  { notifier, navigation, toast }: PayEventOutlets,
): void {
  switch (event.type) {
    case 'requestFailed':
      // Back to the dialog: 'Confirm & Proceed' retries the same attempt with the same key.
      screen.status = 'confirming';
      notifier.error(failureMessage(event.failure, event.failure.key), toast);
      return;
    case 'initiated':
      screen.request = event.request;
      screen.paymentStatus = event.request.status;
      notifier.success({ key: PaymentMessages.initiated }, toast);
      return;
    case 'popupBlocked':
      // The first time, the screen's own alert says it beside the 'Continue to payment' button
      // (the payment's 'initiated' toast is already up: one event, one toast). A click that is
      // blocked again gets a toast, or nothing would seem to happen.
      if (screen.status === 'popupBlocked') notifier.error({ key: 'payment.popupBlocked' }, toast);
      screen.status = 'popupBlocked';
      return;
    case 'handedOff':
      screen.status = 'submitted';
      return;
    case 'status':
      screen.paymentStatus = event.status;
      if (event.status === 'completed') {
        notifier.success({ key: PaymentMessages.completed }, toast);
      } else if (event.status === 'failed') {
        notifier.error({ key: PaymentMessages.failed }, toast);
      }
      return;
    case 'showReceipt':
      navigation.go(Paths.receipt(event.transactionId));
      return;
    case 'showStatusPage':
      navigation.go(Paths.paymentStatus);
  }
}
