import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import type { PaymentStatus } from '../../src/domain/model/payment';
import { pollEvery } from '../../src/domain/poll-every';
import { PollPaymentUseCase } from '../../src/domain/use-cases/poll-payment.use-case';
import {
  PAYMENT_POLL_MS,
  WatchPaymentUseCase,
} from '../../src/domain/use-cases/watch-payment.use-case';

function setUp() {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const watch = new WatchPaymentUseCase(new PollPaymentUseCase(http), clock);
  const seen: PaymentStatus[] = [];
  const start = () => watch.execute({ paymentId: 'pay-1', onStatus: (s) => seen.push(s) });
  return { http, clock, seen, start };
}

describe('WatchPaymentUseCase', () => {
  it('advance 3 s, see one poll; it stops by itself at the final status and leaves no timer', async () => {
    const { http, clock, seen, start } = setUp();
    http
      .once('paymentStatus', answer({ status: 'pending' }))
      .on('paymentStatus', answer({ status: 'failed' }));
    start();
    expect(http.calls).toHaveLength(0);

    await clock.advance(PAYMENT_POLL_MS);
    expect(http.calls).toHaveLength(1);
    expect(seen).toEqual(['pending']);

    await clock.advance(PAYMENT_POLL_MS);
    expect(seen).toEqual(['pending', 'failed']);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(10 * PAYMENT_POLL_MS);
    expect(http.calls).toHaveLength(2);
  });

  it('the returned stop ends it early', async () => {
    const { http, clock, start } = setUp();
    http.on('paymentStatus', answer({ status: 'pending' }));
    const stop = start();
    await clock.advance(PAYMENT_POLL_MS);
    stop();
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(10 * PAYMENT_POLL_MS);
    expect(http.calls).toHaveLength(1);
  });

  it('asks for the payment by its id as the path parameter', async () => {
    const { http, clock, start } = setUp();
    http.on('paymentStatus', answer({ status: 'pending' }));
    start();
    await clock.advance(PAYMENT_POLL_MS);
    expect(http.calls[0].options).toEqual({ pathParam: 'pay-1' });
  });

  it('a failed check is reported as a value, and the next one follows', async () => {
    const { http, clock } = setUp();
    const watch = new WatchPaymentUseCase(new PollPaymentUseCase(http), clock);
    const failures: unknown[] = [];
    http.once('paymentStatus', failure('SERVICE_UNAVAILABLE'));
    http.on('paymentStatus', answer({ status: 'completed' }));
    const seen: PaymentStatus[] = [];
    watch.execute({
      paymentId: 'pay-1',
      onStatus: (s) => seen.push(s),
      onFailure: (f) => failures.push(f),
    });
    await clock.advance(PAYMENT_POLL_MS);
    expect(failures).toEqual([
      { key: 'payment.messages.checkFailed', code: 'SERVICE_UNAVAILABLE' },
    ]);
    await clock.advance(PAYMENT_POLL_MS);
    expect(seen).toEqual(['completed']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('a status arriving after stop is not reported', async () => {
    const { http, clock, seen, start } = setUp();
    let reply: (() => void) | undefined;
    http.on(
      'paymentStatus',
      () =>
        new Promise((resolve) => {
          reply = () => resolve(answer({ status: 'completed' }));
        }),
    );
    const stop = start();
    await clock.advance(PAYMENT_POLL_MS);
    stop();
    reply?.();
    await clock.advance(0);
    expect(seen).toEqual([]);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('pollEvery', () => {
  it('never overlaps: the next check is timed only once the previous one settled', async () => {
    const clock = new FakeClock();
    let settle: ((keepGoing: boolean) => void) | undefined;
    let checks = 0;
    const stop = pollEvery(clock, 1000, () => {
      checks++;
      return new Promise<boolean>((resolve) => (settle = resolve));
    });
    await clock.advance(1000);
    expect(checks).toBe(1);
    await clock.advance(5000);
    expect(checks).toBe(1);
    expect(clock.pendingTimers).toBe(0);
    settle?.(true);
    await clock.advance(1000);
    expect(checks).toBe(2);
    stop();
    expect(clock.pendingTimers).toBe(0);
  });

  it('a rejected check counts as "keep going"; false stops', async () => {
    const clock = new FakeClock();
    const answers = [Promise.reject(new Error('x')), Promise.resolve(false)];
    let checks = 0;
    pollEvery(clock, 1000, () => answers[checks++] ?? Promise.resolve(true));
    await clock.advance(1000);
    await clock.advance(1000);
    expect(checks).toBe(2);
    expect(clock.pendingTimers).toBe(0);
  });
});
