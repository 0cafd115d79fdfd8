// The example of docs/testing.md's "Writing a use-case test with the fake clock", kept running
// here so the page cannot drift from the code (test/domain/docs-are-true.test.ts checks that the
// page shows this file's code, from its first import on, unchanged).
import { FakeClock } from '../fakes/fake-clock';
import { answer, FakeHttp } from '../fakes/fake-http';
import { PollPaymentUseCase } from '../../src/domain/use-cases/poll-payment.use-case';
import {
  PAYMENT_POLL_MS,
  WatchPaymentUseCase,
} from '../../src/domain/use-cases/watch-payment.use-case';

it('polls every 3 s until the status is final, then leaves no timer', async () => {
  const http = new FakeHttp()
    .once('paymentStatus', answer({ status: 'pending' }))
    .on('paymentStatus', answer({ status: 'completed' }));
  const clock = new FakeClock();
  const seen: string[] = [];
  new WatchPaymentUseCase(new PollPaymentUseCase(http), clock).execute({
    paymentId: 'pay-1',
    onStatus: (status) => seen.push(status),
  });

  await clock.advance(PAYMENT_POLL_MS); // one poll
  expect(seen).toEqual(['pending']);
  await clock.advance(PAYMENT_POLL_MS); // the final status stops it
  expect(seen).toEqual(['pending', 'completed']);
  expect(clock.pendingTimers).toBe(0);
});
