import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { QueryCache } from '../../src/domain/query-cache';
import type { PaymentStatus } from '../../src/contract/payment';
import { GetTransactionUseCase } from '../../src/domain/use-cases/get-transaction.use-case';
import {
  STATUS_POLL_MS,
  WatchTransactionUseCase,
  type WatchedTransaction,
} from '../../src/domain/use-cases/watch-transaction.use-case';

function setUp(cacheOptions: ConstructorParameters<typeof QueryCache>[1] = { retries: 0 }) {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const cache = new QueryCache(clock, cacheOptions);
  const watch = new WatchTransactionUseCase(new GetTransactionUseCase(http, cache), clock);
  const states: WatchedTransaction[] = [];
  watch.subscribe((state) => states.push(state));
  return { http, clock, watch, states };
}

/** Older servers may say 'success' for 'completed', hence any text as the status. */
const details = (status: string, amount = '123.45') =>
  answer({
    transactionId: 'TXN-1',
    status: status as PaymentStatus,
    amount,
    refundedAmount: '0.00',
  });

describe('WatchTransactionUseCase', () => {
  it('reads at once, then every 10 s until final, then leaves no timer', async () => {
    const { http, clock, watch } = setUp();
    http
      .once('transactionDetails', details('pending'))
      .once('transactionDetails', details('pending'))
      .on('transactionDetails', details('success', '80.00'));
    watch.execute({ transactionId: 'TXN-1', amount: '50.10' });
    expect(watch.state).toEqual({
      transactionId: 'TXN-1',
      paymentStatus: 'pending',
      amount: '50.10',
      notFound: false,
      signInRequired: false,
    });
    await flushPromises();
    expect(http.calls).toHaveLength(1);
    expect(watch.state.amount).toBe('123.45');

    await clock.advance(STATUS_POLL_MS - 1);
    expect(http.calls).toHaveLength(1);
    await clock.advance(1);
    expect(http.calls).toHaveLength(2);
    await clock.advance(STATUS_POLL_MS);
    expect(watch.state).toEqual({
      transactionId: 'TXN-1',
      paymentStatus: 'completed',
      amount: '80.00',
      refundedAmount: '0.00',
      notFound: false,
      signInRequired: false,
    });
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(10 * STATUS_POLL_MS);
    expect(http.calls).toHaveLength(3);
  });

  it('stops at once when the first read is final', async () => {
    const { http, clock, watch } = setUp();
    http.on('transactionDetails', details('failed'));
    watch.execute({ transactionId: 'TXN-1' });
    await flushPromises();
    expect(watch.state.paymentStatus).toBe('failed');
    expect(clock.pendingTimers).toBe(0);
  });

  it('without a transaction reads nothing and times nothing', async () => {
    const { http, clock, watch, states } = setUp();
    watch.execute({ transactionId: null });
    await clock.advance(60_000);
    expect(http.calls).toHaveLength(0);
    expect(clock.pendingTimers).toBe(0);
    expect(states).toEqual([
      {
        transactionId: null,
        paymentStatus: 'pending',
        amount: undefined,
        notFound: false,
        signInRequired: false,
      },
    ]);
    expect(await watch.refresh()).toBeNull();
  });

  it('failed automatic reads keep the polling going; refresh() returns the failure to report', async () => {
    const { http, clock, watch } = setUp();
    http.on('transactionDetails', failure('VALIDATION_FAILED', { field: 'transactionId' }));
    watch.execute({ transactionId: 'TXN-1' });
    await clock.advance(2 * STATUS_POLL_MS);
    expect(http.calls).toHaveLength(3);
    expect(await watch.refresh()).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        field: 'transactionId',
        key: 'payment.messages.checkFailed',
      },
    });
    watch.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('an unknown or foreign transaction (PAYMENT_NOT_FOUND) says so and stops polling at once', async () => {
    const { http, clock, watch } = setUp({});
    http.on('transactionDetails', failure('PAYMENT_NOT_FOUND'));
    watch.execute({ transactionId: 'TXN-NOPE' });
    await clock.advance(0);
    expect(watch.state.notFound).toBe(true);
    expect(watch.state.paymentStatus).toBe('pending');
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(10 * STATUS_POLL_MS);
    expect(http.calls).toHaveLength(1);
  });

  it('without a login (AUTH_REQUIRED) says so and stops polling at once', async () => {
    const { http, clock, watch } = setUp({});
    http.on('transactionDetails', failure('AUTH_REQUIRED'));
    watch.execute({ transactionId: 'TXN-1' });
    await clock.advance(0);
    expect(watch.state.signInRequired).toBe(true);
    expect(watch.state.notFound).toBe(false);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(10 * STATUS_POLL_MS);
    expect(http.calls).toHaveLength(1);
  });

  it('refresh() reads at once and returns the status', async () => {
    const { http, watch } = setUp();
    http
      .once('transactionDetails', details('pending'))
      .on('transactionDetails', details('completed'));
    watch.execute({ transactionId: 'TXN-1' });
    await flushPromises();
    expect(await watch.refresh()).toEqual({ ok: true, value: 'completed' });
    expect(watch.state.paymentStatus).toBe('completed');
    watch.dispose();
  });

  it('reads go through the data cache: a network failure is retried after 1 s, 2 s and 4 s', async () => {
    const { http, clock, watch } = setUp({});
    http.failNetwork('transactionDetails');
    watch.execute({ transactionId: 'TXN-1' });
    await clock.advance(0);
    expect(http.calls).toHaveLength(1);
    await clock.advance(1000 + 2000 + 4000);
    expect(http.calls).toHaveLength(4);
    // The poll due at 10 s reads again (with its own retries at 11 s, 13 s, 17 s)...
    await clock.advance(STATUS_POLL_MS - 7000);
    expect(http.calls).toHaveLength(5);
    await clock.advance(7000);
    expect(http.calls).toHaveLength(8);
    // ...and the next poll is timed only once that read settled: 10 s after 17 s.
    await clock.advance(STATUS_POLL_MS - 1);
    expect(http.calls).toHaveLength(8);
    await clock.advance(1);
    expect(http.calls).toHaveLength(9);
    watch.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('dispose stops the polling and any later answer is dropped', async () => {
    const { http, clock, watch, states } = setUp();
    let reply: (() => void) | undefined;
    http.on(
      'transactionDetails',
      () =>
        new Promise((resolve) => {
          reply = () => resolve(details('failed'));
        }),
    );
    watch.execute({ transactionId: 'TXN-1' });
    watch.dispose();
    expect(clock.pendingTimers).toBe(0);
    reply?.();
    await flushPromises();
    expect(states.map((s) => s.paymentStatus)).toEqual(['pending']);
  });
});
