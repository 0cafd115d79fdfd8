import type { PaymentStatus } from '../../src/contract/payment';
import { QueryCache } from '../../src/domain/query-cache';
import {
  BrowsePaymentHistoryUseCase,
  type BrowsedHistory,
} from '../../src/domain/use-cases/browse-payment-history.use-case';
import { GetTransactionUseCase } from '../../src/domain/use-cases/get-transaction.use-case';
import { ListPaymentHistoryUseCase } from '../../src/domain/use-cases/list-payment-history.use-case';
import { PollPaymentUseCase } from '../../src/domain/use-cases/poll-payment.use-case';
import { WatchPaymentUseCase } from '../../src/domain/use-cases/watch-payment.use-case';
import { aHistoryRow } from '../builders/history-row';
import { FakeClock } from '../fakes/fake-clock';
import { answer, FakeHttp } from '../fakes/fake-http';

/** The history browser over a fake API and a fake clock, and pages to answer with. */
export function setUp() {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const browse = new BrowsePaymentHistoryUseCase(
    new ListPaymentHistoryUseCase(http),
    new WatchPaymentUseCase(new PollPaymentUseCase(http), clock),
    new GetTransactionUseCase(http, new QueryCache(clock, { retries: 0 })),
  );
  const told: BrowsedHistory[] = [];
  browse.subscribe((history) => told.push(history));
  const ids = () => browse.state.rows.map((row) => row.transactionId);
  return { http, clock, browse, told, ids };
}

export const page = (
  ids: string[],
  nextCursor: string | null = null,
  status: PaymentStatus = 'completed',
) =>
  answer({
    payments: ids.map((transactionId) =>
      aHistoryRow({
        transactionId,
        status,
        ...(status === 'completed' ? {} : { receiptNumber: null, paidAt: null }),
      }),
    ),
    nextCursor,
  });

/** An answer that arrives only when the test says so. */
export function held<T>(reply: T) {
  let release: () => void = () => undefined;
  const promise = () => new Promise<T>((resolve) => (release = () => resolve(reply)));
  return { promise, release: () => release() };
}
