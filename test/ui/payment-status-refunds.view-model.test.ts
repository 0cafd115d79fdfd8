import type { TransactionDetailsResponse } from '../../src/contract/api';
import type { PaymentStatus } from '../../src/contract/payment';
import { QueryCache } from '../../src/domain/query-cache';
import { DownloadReceiptUseCase } from '../../src/domain/use-cases/download-receipt.use-case';
import { GetTransactionUseCase } from '../../src/domain/use-cases/get-transaction.use-case';
import { WatchTransactionUseCase } from '../../src/domain/use-cases/watch-transaction.use-case';
import { PaymentStatusViewModel } from '../../src/ui/screens/payment-status/payment-status.view-model';
import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { answer, FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingFileSaver } from '../fakes/recording-file-saver';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';

/** The status page over a fake server; nothing stored, no clipboard or printer in use. */
function setup() {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const getTransaction = new GetTransactionUseCase(http, new QueryCache(clock, { retries: 0 }));
  const vm = new PaymentStatusViewModel(
    new WatchTransactionUseCase(getTransaction, clock),
    new InMemoryStorage({}),
    { copy: async () => true },
    { notifier: new RecordingNotifier(), navigation: new RecordingNavigation() },
    clock,
    new DownloadReceiptUseCase(http, new RecordingFileSaver()),
    { print: () => undefined },
  );
  return { http, vm };
}

describe('PaymentStatusViewModel: refunds beside the status', () => {
  const refunded = (refundedAmount: string) =>
    answer({
      transactionId: 'TXN-1',
      status: 'completed' as PaymentStatus,
      amount: '123.45',
      receiptNumber: 'R-2026-000042',
      refundedAmount,
    });

  it.each([
    ['0.00', null],
    ['23.4', { key: 'refunds.partlyRefunded', values: { amount: 'RM 23.40' } }],
    ['123.45', { key: 'refunds.refunded' }],
  ])('refunded %s of 123.45 reads %j, the status staying completed', async (sum, label) => {
    const { vm, http } = setup();
    http.on('transactionDetails', refunded(sum));
    vm.load('TXN-1');
    await flushPromises();
    expect(vm.shown.paymentStatus).toBe('completed');
    expect(vm.shown.refundLabel).toEqual(label);
    vm.dispose();
  });

  it('says nothing of refunds to a server that does not name them, nor for another payment', async () => {
    const { vm, http } = setup();
    http.once('transactionDetails', refunded('10.00'));
    http.on(
      'transactionDetails',
      // An older server's answer, without refundedAmount.
      answer({
        transactionId: 'TXN-2',
        status: 'completed',
        amount: '80.00',
      } as TransactionDetailsResponse),
    );
    vm.load('TXN-1');
    await flushPromises();
    expect(vm.shown.refundLabel).toEqual({
      key: 'refunds.partlyRefunded',
      values: { amount: 'RM 10.00' },
    });
    vm.load('TXN-2');
    await flushPromises();
    expect(vm.shown.transactionId).toBe('TXN-2');
    expect(vm.shown.refundLabel).toBeNull();
    vm.dispose();
  });
});
