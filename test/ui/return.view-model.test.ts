import type { PaymentStatus } from '../../src/contract/payment';
import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';
import { GetTransactionUseCase } from '../../src/domain/use-cases/get-transaction.use-case';
import { QueryCache } from '../../src/domain/query-cache';
import { WatchTransactionUseCase } from '../../src/domain/use-cases/watch-transaction.use-case';
import { ReturnViewModel } from '../../src/ui/screens/return/return.view-model';

function setup() {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const notifier = new RecordingNotifier();
  const navigation = new RecordingNavigation();
  // The data cache without retries: the page's behaviour is under test, not the cache's.
  const getTransaction = new GetTransactionUseCase(http, new QueryCache(clock, { retries: 0 }));
  const watch = new WatchTransactionUseCase(getTransaction, clock);
  const vm = new ReturnViewModel(watch, { notifier, navigation });
  return { http, clock, notifier, navigation, vm };
}

/** Older servers may say 'success' for 'completed', hence any text as the status. */
const details = (status: string) =>
  answer({
    transactionId: 'TXN-1',
    status: status as PaymentStatus,
    amount: '123.45',
    refundedAmount: '0.00',
  });

describe('ReturnViewModel', () => {
  it.each(['', '?transactionId=', '?other=1'])('without a transactionId (%p) says so', (search) => {
    const { vm, http, clock } = setup();
    vm.load(search);
    expect(vm.status).toBe('missing');
    expect(http.calls).toHaveLength(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it.each([
    ['success', 'completed'],
    ['completed', 'completed'],
    ['failed', 'failed'],
  ])('server status %s shows %s and stops polling', async (server, shown) => {
    const { vm, http, clock } = setup();
    http.on('transactionDetails', details(server));
    vm.load('?transactionId=TXN-1');
    await flushPromises();
    expect(vm.status).toBe('shown');
    expect(vm.shown.transactionId).toBe('TXN-1');
    expect(vm.shown.paymentStatus).toBe(shown);
    expect(vm.shown.displayAmount).toBe('RM 123.45');
    expect(clock.pendingTimers).toBe(0);
  });

  it('polls every 10 s while pending, without toasts', async () => {
    const { vm, http, clock, notifier } = setup();
    http
      .once('transactionDetails', details('pending'))
      .once('transactionDetails', details('pending'))
      .on('transactionDetails', details('success'));
    vm.load('?transactionId=TXN-1');
    await flushPromises();
    expect(vm.shown.paymentStatus).toBe('pending');
    expect(vm.shown.displayAmount).toBe('RM 123.45');
    await clock.advance(9999);
    expect(http.calls).toHaveLength(1);
    await clock.advance(1);
    expect(http.calls).toHaveLength(2);
    await clock.advance(10_000);
    expect(vm.shown.paymentStatus).toBe('completed');
    expect(clock.pendingTimers).toBe(0);
    expect(notifier.toasts).toHaveLength(0);
  });

  it('shows 50.00 until the amount is known', () => {
    const { vm, http } = setup();
    http.on('transactionDetails', details('pending'));
    vm.load('?transactionId=TXN-1');
    expect(vm.shown.displayAmount).toBe('RM 50.00');
    vm.dispose();
  });

  it('Refresh reads at once and reports a failed read', async () => {
    const { vm, http, notifier } = setup();
    http
      .once('transactionDetails', details('pending'))
      .once(
        'transactionDetails',
        failure('UNKNOWN_FAILURE', { httpStatus: 418, message: 'Unknown' }),
      )
      .on('transactionDetails', details('completed'));
    vm.load('?transactionId=TXN-1');
    await flushPromises();
    await vm.refresh();
    expect(notifier.last).toEqual({
      kind: 'error',
      message: { text: 'Unknown' },
      autoCloseMs: 5000,
    });
    await vm.refresh();
    expect(vm.shown.paymentStatus).toBe('completed');
    vm.dispose();
  });

  it('dispose stops polling', async () => {
    const { vm, http, clock } = setup();
    http.on('transactionDetails', details('pending'));
    vm.load('?transactionId=TXN-1');
    await flushPromises();
    vm.dispose();
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(60_000);
    expect(http.calls).toHaveLength(1);
  });

  it('Back to Home goes to /', () => {
    const { vm, navigation } = setup();
    vm.goHome();
    expect(navigation.current).toBe('/');
  });
});
