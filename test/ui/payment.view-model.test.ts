import { aPaymentRequest } from '../builders/payment-request';
import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { FakeGateway } from '../fakes/fake-gateway';
import { answer, failure, FakeHttp, type RecordedCall } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';
import type { SessionUser } from '../../src/domain/model/session-user';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import { PaymentFormMessages } from '../../src/domain/rules/payment-form';
import { InitiatePaymentUseCase } from '../../src/domain/use-cases/initiate-payment.use-case';
import { PayUseCase } from '../../src/domain/use-cases/pay.use-case';
import { PollPaymentUseCase } from '../../src/domain/use-cases/poll-payment.use-case';
import { WatchPaymentUseCase } from '../../src/domain/use-cases/watch-payment.use-case';
import {
  PaymentViewModel,
  type PaymentSession,
} from '../../src/ui/screens/payment/payment.view-model';

class FakeSession implements PaymentSession {
  user: SessionUser | null = { userId: 'u1', name: 'Aisyah Binti Ali', phoneNo: '60123456789' };
  logoutConfirmed = true;
  logouts = 0;
  async logout(): Promise<boolean> {
    this.logouts++;
    this.user = null;
    return this.logoutConfirmed;
  }
}

function setup() {
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
  const vm = new PaymentViewModel(payUseCase, session, notifier, navigation);
  /** Fills a valid form, confirms it, and lets the request answer. */
  const pay = async (amount = '123.45') => {
    vm.setAmount(amount);
    vm.continueToPayment();
    vm.confirmAndProceed();
    await flushPromises();
  };
  return { http, storage, clock, gateway, session, notifier, navigation, vm, pay };
}

const keysOf = (notifier: RecordingNotifier) =>
  notifier.toasts.map((t) => ('key' in t.message ? t.message.key : t.message.text));

describe('PaymentViewModel: the form', () => {
  it('starts at 50.00 in MYR with QR chosen and no logout without a user', () => {
    const { vm, session } = setup();
    expect(vm.amount).toBe('50.00');
    expect(vm.currency).toBe('MYR');
    expect(vm.paymentMethod).toBe('qr');
    expect(vm.status).toBe('editing');
    expect(vm.showLogout).toBe(true);
    session.user = null;
    expect(vm.showLogout).toBe(false);
  });

  it('filters what is typed into the amount', () => {
    const { vm } = setup();
    vm.setAmount('RM1a2.3.456');
    expect(vm.amount).toBe('12.34');
  });

  it.each([
    ['', PaymentFormMessages.amountRequired],
    ['.5', PaymentFormMessages.amountFormat],
    ['0', PaymentFormMessages.amountPositive],
    ['49.99', PaymentFormMessages.amountMinimum],
  ])('keeps the dialog closed for amount %p with %s', (amount, key) => {
    const { vm } = setup();
    vm.setAmount(amount);
    vm.continueToPayment();
    expect(vm.errors.amount).toBe(key);
    expect(vm.dialogOpen).toBe(false);
  });

  it.each([
    ['', PaymentFormMessages.methodRequired],
    ['bankTransfer', PaymentFormMessages.methodInvalid],
    ['eWallet', PaymentFormMessages.methodInvalid],
  ])('rejects payment method %p with %s', (method, key) => {
    const { vm } = setup();
    vm.setPaymentMethod(method);
    vm.continueToPayment();
    expect(vm.errors.paymentMethod).toBe(key);
    expect(vm.dialogOpen).toBe(false);
  });

  it('opens the confirmation dialog for a valid form, and Review closes it', () => {
    const { vm, http } = setup();
    vm.setAmount('75.5');
    vm.continueToPayment();
    expect(vm.errors).toEqual({});
    expect(vm.dialogOpen).toBe(true);
    expect(vm.displayAmount).toBe('75.50');
    vm.review();
    expect(vm.status).toBe('editing');
    expect(http.calls).toHaveLength(0);
  });

  it('clears a field error once the field changes', () => {
    const { vm } = setup();
    vm.setAmount('');
    vm.continueToPayment();
    vm.setAmount('60');
    expect(vm.errors.amount).toBeUndefined();
  });
});

describe('PaymentViewModel: confirming', () => {
  it('opens the tab inside the click, before the request, and is busy until it answers', async () => {
    const { vm, http, gateway } = setup();
    http.on('createPayment', async () => {
      // The tab must already be open when the request goes out.
      expect(gateway.opened).toHaveLength(1);
      return answer(aPaymentRequest());
    });
    http.on('paymentStatus', answer({ status: 'pending' }));
    vm.continueToPayment();
    vm.confirmAndProceed();
    expect(gateway.opened).toHaveLength(1);
    expect(vm.busy).toBe(true);
    expect(vm.dialogOpen).toBe(true);
    vm.confirmAndProceed(); // a double click
    await flushPromises();
    expect(http.callsTo('createPayment')).toHaveLength(1);
    expect(gateway.opened).toHaveLength(1);
    vm.dispose();
  });

  it('on success: toasts, stores the data, keeps the status and posts the form into the tab', async () => {
    const { vm, http, gateway, storage, notifier, pay } = setup();
    http.on('createPayment', answer(aPaymentRequest({ custName: '' })));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await pay('123.45');

    const [call] = http.callsTo('createPayment');
    expect(call.request).toEqual({ amount: '123.45', payment_method: 'qr' });
    expect(call.options?.headers?.['Idempotency-Key']).toBe('attempt-1');
    expect(notifier.toasts[0]).toEqual({
      kind: 'success',
      message: { key: 'payment.messages.initiated' },
      autoCloseMs: 5000,
    });
    expect(storage.get(StorageKeys.paymentRequest)).not.toBeNull();
    expect(vm.paymentStatus).toBe('pending');
    expect(vm.status).toBe('submitted');
    expect(gateway.submitted).toHaveLength(1);
    expect(gateway.submitted[0].tab).toBe(gateway.opened[0]);
    expect(gateway.submitted[0].handOff.fields.custName).toBe('Aisyah Binti Ali');
    expect(gateway.submitted[0].handOff.fields.transactionId).toBe('TXN-1');
    vm.dispose();
  });

  it('navigates to the receipt 1 s after the form is posted', async () => {
    const { vm, http, navigation, clock, pay } = setup();
    http.on('createPayment', answer(aPaymentRequest()));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await pay();
    await clock.advance(999);
    expect(navigation.visits).toHaveLength(0);
    await clock.advance(1);
    expect(navigation.current).toBe('/receipt/TXN-1');
    vm.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it("on failure: closes the blank tab, toasts the field's rule and reuses the key on retry", async () => {
    const { vm, http, gateway, notifier, clock, pay } = setup();
    http.once('createPayment', failure('VALIDATION_FAILED', { field: 'amount' }));
    http.failNetwork('createPayment');
    await pay();

    expect(gateway.closed).toEqual([gateway.opened[0]]);
    expect(notifier.last).toEqual({
      kind: 'error',
      message: { key: 'payment.validation.amountFormat' },
      autoCloseMs: 5000,
    });
    expect(vm.status).toBe('confirming');
    expect(vm.busy).toBe(false);

    vm.confirmAndProceed();
    await flushPromises();
    expect(gateway.closed).toEqual(gateway.opened);
    expect(notifier.last?.message).toEqual({ key: 'payment.messages.failed' });
    const keys = http
      .callsTo('createPayment')
      .map((c: RecordedCall) => c.options?.headers?.['Idempotency-Key']);
    expect(keys).toEqual(['attempt-1', 'attempt-1']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('uses a new key once the amount changes (another attempt)', async () => {
    const { vm, http, pay } = setup();
    http.once('createPayment', failure('INTERNAL_ERROR'));
    http.on('createPayment', answer(aPaymentRequest()));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await pay('60');
    vm.review();
    await pay('70');
    const keys = http.callsTo('createPayment').map((c) => c.options?.headers?.['Idempotency-Key']);
    expect(keys).toEqual(['attempt-1', 'attempt-2']);
    vm.dispose();
  });

  it('when the pop-up is blocked: tells the member (inline, one toast per event), then opens and posts in its own click', async () => {
    const { vm, http, gateway, notifier, navigation, clock, pay } = setup();
    gateway.blocked = true;
    http.on('createPayment', answer(aPaymentRequest()));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await pay();

    expect(vm.status).toBe('popupBlocked');
    expect(keysOf(notifier)).toEqual(['payment.messages.initiated']);
    expect(gateway.submitted).toHaveLength(0);
    await clock.advance(1000);
    expect(navigation.visits).toHaveLength(0);

    vm.continueInNewTab(); // still blocked
    expect(keysOf(notifier)).toEqual(['payment.messages.initiated', 'payment.popupBlocked']);
    expect(vm.status).toBe('popupBlocked');

    gateway.blocked = false;
    vm.continueInNewTab();
    expect(gateway.submitted).toHaveLength(1);
    expect(gateway.submitted[0].tab).toBe(gateway.opened[0]);
    expect(vm.status).toBe('submitted');
    await clock.advance(1000);
    expect(navigation.current).toBe('/receipt/TXN-1');
    expect(http.callsTo('createPayment')).toHaveLength(1);
    vm.dispose();
  });
});

describe('PaymentViewModel: polling', () => {
  it('polls every 3 s while pending; on completed toasts, stops and opens the status page after 2 s', async () => {
    const { vm, http, notifier, navigation, clock, pay } = setup();
    http.on('createPayment', answer(aPaymentRequest()));
    http
      .once('paymentStatus', answer({ status: 'pending' }))
      .on('paymentStatus', answer({ status: 'completed' }));
    await pay();

    await clock.advance(2999);
    expect(http.callsTo('paymentStatus')).toHaveLength(0);
    await clock.advance(1);
    expect(http.callsTo('paymentStatus')).toHaveLength(1);
    expect(vm.paymentStatus).toBe('pending');
    await clock.advance(3000);
    expect(http.callsTo('paymentStatus')).toHaveLength(2);
    expect(vm.paymentStatus).toBe('completed');
    expect(notifier.last).toEqual({
      kind: 'success',
      message: { key: 'payment.messages.completed' },
      autoCloseMs: 5000,
    });

    await clock.advance(1999);
    expect(navigation.current).toBe('/receipt/TXN-1');
    await clock.advance(1);
    expect(navigation.current).toBe('/payment-status');
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(30_000);
    expect(http.callsTo('paymentStatus')).toHaveLength(2);
  });

  it('on failed: error toast and polling stops', async () => {
    const { vm, http, notifier, clock, pay } = setup();
    http.on('createPayment', answer(aPaymentRequest()));
    http.on('paymentStatus', answer({ status: 'failed' }));
    await pay();
    await clock.advance(3000);
    expect(vm.paymentStatus).toBe('failed');
    expect(notifier.last).toEqual({
      kind: 'error',
      message: { key: 'payment.messages.failed' },
      autoCloseMs: 5000,
    });
    await clock.advance(1000); // the receipt redirect
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(9000);
    expect(http.callsTo('paymentStatus')).toHaveLength(1);
  });

  it('shows nothing for failed polls and keeps polling', async () => {
    const { vm, http, notifier, clock, pay } = setup();
    http.on('createPayment', answer(aPaymentRequest()));
    http.once('paymentStatus', failure('INTERNAL_ERROR')).failNetwork('paymentStatus');
    await pay();
    await clock.advance(9000);
    expect(http.callsTo('paymentStatus')).toHaveLength(3);
    expect(keysOf(notifier)).toEqual(['payment.messages.initiated']);
    vm.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('leaves no timer behind when disposed while pending', async () => {
    const { vm, http, clock, pay } = setup();
    http.on('createPayment', answer(aPaymentRequest()));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await pay();
    await clock.advance(3000);
    expect(clock.pendingTimers).toBeGreaterThan(0);
    vm.dispose();
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(30_000);
    expect(http.callsTo('paymentStatus')).toHaveLength(1);
  });

  it('disposed while the request is out: posts into the open tab but starts no timer', async () => {
    const { vm, http, gateway, clock, notifier } = setup();
    http.on('createPayment', answer(aPaymentRequest()));
    vm.continueToPayment();
    vm.confirmAndProceed();
    vm.dispose();
    await flushPromises();
    expect(gateway.submitted).toHaveLength(1);
    expect(clock.pendingTimers).toBe(0);
    expect(notifier.toasts).toHaveLength(0);
  });
});

describe('PaymentViewModel: logout', () => {
  it('toasts and goes to /login when the server confirmed', async () => {
    const { vm, session, notifier, navigation } = setup();
    await vm.logout();
    expect(session.logouts).toBe(1);
    expect(notifier.last).toEqual({
      kind: 'success',
      message: { key: 'session.logoutSuccess' },
      autoCloseMs: 5000,
    });
    expect(navigation.current).toBe('/login');
    expect(vm.showLogout).toBe(false);
  });

  it('toasts the failure and stays when the server call failed', async () => {
    const { vm, session, notifier, navigation } = setup();
    session.logoutConfirmed = false;
    await vm.logout();
    expect(notifier.last).toEqual({
      kind: 'error',
      message: { key: 'session.logoutFailed' },
      autoCloseMs: 5000,
    });
    expect(navigation.visits).toHaveLength(0);
  });

  it('still toasts and navigates when ending the session unmounted the screen first', async () => {
    const { vm, session, notifier, navigation } = setup();
    // The guard unmounts this screen as soon as the session has no user.
    const logout = session.logout.bind(session);
    session.logout = async () => {
      const confirmed = await logout();
      vm.dispose();
      return confirmed;
    };
    await vm.logout();
    expect(notifier.last?.message).toEqual({ key: 'session.logoutSuccess' });
    expect(navigation.current).toBe('/login');
  });
});

describe('PaymentViewModel: footer', () => {
  it('Profile goes to /member/profile', () => {
    const { vm, navigation } = setup();
    vm.goToProfile();
    expect(navigation.current).toBe('/member/profile');
  });
});
