import { aPaymentRequest } from '../builders/payment-request';
import { flushPromises } from '../fakes/fake-clock';
import { answer, failure, type RecordedCall } from '../fakes/fake-http';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import { keysOf, setupPaymentScreen } from './payment.view-model.support';

describe('PaymentViewModel: confirming', () => {
  it('opens the tab inside the click, before the request, and is busy until it answers', async () => {
    const { vm, http, gateway } = setupPaymentScreen();
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
    const { vm, http, gateway, storage, notifier, pay } = setupPaymentScreen();
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
    const { vm, http, navigation, clock, pay } = setupPaymentScreen();
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
    const { vm, http, gateway, notifier, clock, pay } = setupPaymentScreen();
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
    const { vm, http, pay } = setupPaymentScreen();
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
    const { vm, http, gateway, notifier, navigation, clock, pay } = setupPaymentScreen();
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
    const { vm, http, notifier, navigation, clock, pay } = setupPaymentScreen();
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
    const { vm, http, notifier, clock, pay } = setupPaymentScreen();
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
    const { vm, http, notifier, clock, pay } = setupPaymentScreen();
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
    const { vm, http, clock, pay } = setupPaymentScreen();
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
    const { vm, http, gateway, clock, notifier } = setupPaymentScreen();
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
