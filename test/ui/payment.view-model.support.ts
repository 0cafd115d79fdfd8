import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { FakeGateway } from '../fakes/fake-gateway';
import { FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';
import type { SessionUser } from '../../src/domain/model/session-user';
import { InitiatePaymentUseCase } from '../../src/domain/use-cases/initiate-payment.use-case';
import { PayUseCase } from '../../src/domain/use-cases/pay.use-case';
import { PollPaymentUseCase } from '../../src/domain/use-cases/poll-payment.use-case';
import { WatchPaymentUseCase } from '../../src/domain/use-cases/watch-payment.use-case';
import {
  PaymentViewModel,
  type PaymentSession,
} from '../../src/ui/screens/payment/payment.view-model';

/** The payment screen's view-model on fakes, shared by its form and its confirming suites. */

export class FakeSession implements PaymentSession {
  user: SessionUser | null = { userId: 'u1', name: 'Aisyah Binti Ali', phoneNo: '60123456789' };
  logoutConfirmed = true;
  logouts = 0;
  async logout(): Promise<boolean> {
    this.logouts++;
    this.user = null;
    return this.logoutConfirmed;
  }
}

export function setupPaymentScreen() {
  const http = new FakeHttp();
  const storage = new InMemoryStorage();
  const clock = new FakeClock();
  const gateway = new FakeGateway();
  const session = new FakeSession();
  const notifier = new RecordingNotifier();
  const navigation = new RecordingNavigation();
  const payUseCase = new PayUseCase(
    new InitiatePaymentUseCase(http, storage),
    new WatchPaymentUseCase(new PollPaymentUseCase(http), clock),
    gateway,
    clock,
  );
  const vm = new PaymentViewModel(payUseCase, { session, notifier, navigation });
  /** Fills a valid form, confirms it, and lets the request answer. */
  const pay = async (amount = '123.45') => {
    vm.setAmount(amount);
    vm.continueToPayment();
    vm.confirmAndProceed();
    await flushPromises();
  };
  return { http, storage, clock, gateway, session, notifier, navigation, vm, pay };
}

export const keysOf = (notifier: RecordingNotifier) =>
  notifier.toasts.map((t) => ('key' in t.message ? t.message.key : t.message.text));
