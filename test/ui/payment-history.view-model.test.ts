import type { PaymentStatus } from '../../src/contract/payment';
import { QueryCache } from '../../src/domain/query-cache';
import { BrowsePaymentHistoryUseCase } from '../../src/domain/use-cases/browse-payment-history.use-case';
import { DownloadReceiptUseCase } from '../../src/domain/use-cases/download-receipt.use-case';
import { GetTransactionUseCase } from '../../src/domain/use-cases/get-transaction.use-case';
import { ListPaymentHistoryUseCase } from '../../src/domain/use-cases/list-payment-history.use-case';
import { PollPaymentUseCase } from '../../src/domain/use-cases/poll-payment.use-case';
import {
  PAYMENT_POLL_MS,
  WatchPaymentUseCase,
} from '../../src/domain/use-cases/watch-payment.use-case';
import { PaymentHistoryViewModel } from '../../src/ui/screens/payment-history/payment-history.view-model';
import { aHistoryRow } from '../builders/history-row';
import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { answer, failure, FakeHttp, file } from '../fakes/fake-http';
import { RecordingFileSaver } from '../fakes/recording-file-saver';
import { RecordingNotifier } from '../fakes/recording-notifier';

function setup() {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const notifier = new RecordingNotifier();
  const saver = new RecordingFileSaver();
  const vm = new PaymentHistoryViewModel(
    new BrowsePaymentHistoryUseCase(
      new ListPaymentHistoryUseCase(http),
      new WatchPaymentUseCase(new PollPaymentUseCase(http), clock),
      new GetTransactionUseCase(http, new QueryCache(clock)),
    ),
    new DownloadReceiptUseCase(http, saver),
    { notifier },
  );
  return { http, clock, notifier, saver, vm };
}

const page = (
  ids: string[],
  nextCursor: string | null = null,
  status: PaymentStatus = 'completed',
) =>
  answer({
    payments: ids.map((transactionId) =>
      aHistoryRow({
        transactionId,
        status,
        // Only a completed payment has a receipt number and a time it was paid.
        ...(status === 'completed' ? {} : { receiptNumber: null, paidAt: null }),
      }),
    ),
    nextCursor,
  });

describe('PaymentHistoryViewModel (/member/payments)', () => {
  it('shows the first page, then appends the next one with "Load more" until the last', async () => {
    const { vm, http } = setup();
    http
      .once('paymentHistory', page(['T3', 'T2'], 'cursor-1'))
      .once('paymentHistory', page(['T1']));
    expect(vm.state).toBe('loading');
    await vm.load();
    expect(vm.state).toBe('ready');
    expect(vm.rows.map((r) => r.transactionId)).toEqual(['T3', 'T2']);
    expect(vm.hasMore).toBe(true);
    await vm.loadMore();
    expect(vm.rows.map((r) => r.transactionId)).toEqual(['T3', 'T2', 'T1']);
    expect(vm.hasMore).toBe(false);
    expect(http.callsTo('paymentHistory')[1].request).toEqual({ cursor: 'cursor-1', limit: 20 });
    vm.dispose();
  });

  it('reads the first page again for a filter, sending the status', async () => {
    const { vm, http } = setup();
    http.on('paymentHistory', page(['T1']));
    await vm.load();
    vm.setFilter('failed');
    expect(vm.filter).toBe('failed');
    await flushPromises();
    expect(http.callsTo('paymentHistory').map((c) => c.request)).toEqual([
      { limit: 20 },
      { status: 'failed', limit: 20 },
    ]);
    vm.dispose();
  });

  it('drops an answer for a filter the member has already left', async () => {
    const { vm, http } = setup();
    let release: () => void = () => undefined;
    http.once(
      'paymentHistory',
      () => new Promise((resolve) => (release = () => resolve(page(['OLD'])))),
    );
    http.once('paymentHistory', page(['NEW']));
    void vm.load();
    vm.setFilter('completed');
    await flushPromises();
    release();
    await flushPromises();
    expect(vm.rows.map((r) => r.transactionId)).toEqual(['NEW']);
    vm.dispose();
  });

  it('says when there are no payments (the empty state leads to the payment page)', async () => {
    const { vm, http } = setup();
    http.on('paymentHistory', answer({ payments: [], nextCursor: null }));
    await vm.load();
    expect(vm.empty).toBe(true);
    expect(vm.hasMore).toBe(false);
  });

  it('shows a failed read by its code and reads again on retry', async () => {
    const { vm, http } = setup();
    http
      .once('paymentHistory', failure('RATE_LIMITED'))
      .once('paymentHistory', failure('NO_ANSWER'));
    http.on('paymentHistory', page(['T1']));
    await vm.load();
    expect(vm.state).toBe('failed');
    expect(vm.loadFailure).toEqual({ key: 'serverMessages.tooManyRequests' });
    await vm.load();
    expect(vm.loadFailure).toEqual({ key: 'paymentHistory.loadError' });
    await vm.load();
    expect(vm.state).toBe('ready');
    expect(vm.loadFailure).toBeNull();
  });

  it('keeps the rows shown when the next page fails', async () => {
    const { vm, http } = setup();
    http
      .once('paymentHistory', page(['T2'], 'c'))
      .once('paymentHistory', failure('INTERNAL_ERROR'));
    await vm.load();
    await vm.loadMore();
    expect(vm.rows).toHaveLength(1);
    expect(vm.moreFailure).toEqual({ key: 'serverMessages.unavailable' });
    expect(vm.hasMore).toBe(true);
  });

  it('shows a pending payment as completed within one poll, then stops polling it', async () => {
    const { vm, http, clock } = setup();
    http.on('paymentHistory', page(['P1', 'P2'], null, 'pending'));
    http.on('paymentStatus', ({ options }) =>
      answer({ status: options?.pathParam === 'P1' ? 'completed' : 'pending' }),
    );
    http.on(
      'transactionDetails',
      answer({
        transactionId: 'P1',
        status: 'completed',
        amount: '123.45',
        refundedAmount: '0.00',
      }),
    );
    await vm.load();
    expect(vm.rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    await clock.advance(PAYMENT_POLL_MS);
    expect(vm.rows.map((r) => r.status)).toEqual(['completed', 'pending']);
    const polled = http.callsTo('paymentStatus').length;
    expect(polled).toBe(2);
    await clock.advance(PAYMENT_POLL_MS);
    // Only the one still pending is asked again.
    expect(
      http
        .callsTo('paymentStatus')
        .slice(polled)
        .map((c) => c.options?.pathParam),
    ).toEqual(['P2']);
    vm.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('shows the receipt number of a payment that completes at the completing poll', async () => {
    const { vm, http, clock } = setup();
    http.on('paymentHistory', page(['P1'], null, 'pending'));
    http.on('paymentStatus', answer({ status: 'completed' }));
    http.on(
      'transactionDetails',
      answer({
        transactionId: 'P1',
        status: 'completed',
        amount: '123.45',
        receiptNumber: 'R-2026-000042',
        refundedAmount: '0.00',
      }),
    );
    await vm.load();
    expect(vm.rows[0]).toMatchObject({ status: 'pending', receiptNumber: null });
    await clock.advance(PAYMENT_POLL_MS);
    await flushPromises();
    expect(vm.rows[0]).toMatchObject({ status: 'completed', receiptNumber: 'R-2026-000042' });
    expect(http.callsTo('transactionDetails').map((c) => c.request)).toEqual([
      { transactionId: 'P1' },
    ]);
    // Not by reading the list again.
    expect(http.callsTo('paymentHistory')).toHaveLength(1);
    vm.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('keeps a completed row without its number when the details cannot be read', async () => {
    const { vm, http, clock } = setup();
    http.on('paymentHistory', page(['P1'], null, 'pending'));
    http.on('paymentStatus', answer({ status: 'completed' }));
    http.on('transactionDetails', failure('PAYMENT_NOT_FOUND'));
    await vm.load();
    await clock.advance(PAYMENT_POLL_MS);
    await flushPromises();
    expect(vm.rows[0]).toMatchObject({ status: 'completed', receiptNumber: null });
    vm.dispose();
  });

  it('leaves no poll behind on a filter change or when the page closes', async () => {
    const { vm, http, clock } = setup();
    http.on('paymentHistory', page(['P1'], null, 'pending'));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await vm.load();
    expect(clock.pendingTimers).toBe(1);
    vm.setFilter('pending');
    await flushPromises();
    expect(clock.pendingTimers).toBe(1);
    vm.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('downloads a completed payment’s receipt in the member’s language', async () => {
    const { vm, http, saver } = setup();
    http.on('paymentHistory', page(['T1']));
    http.onDownload('receiptPdf', file('%PDF'));
    await vm.load();
    const download = vm.download(vm.rows[0], 'fr');
    expect(vm.downloading).toBe('T1');
    await download;
    expect(vm.downloading).toBeNull();
    expect(http.downloads[0].request).toEqual({ lang: 'fr' });
    expect(saver.files).toEqual([{ fileName: 'receipt-R-2026-000001.pdf', text: '%PDF' }]);
  });

  it('toasts a refused download by its code', async () => {
    const { vm, http, notifier, saver } = setup();
    http.on('paymentHistory', page(['T1']));
    http.onDownload('receiptPdf', failure('RECEIPT_NOT_AVAILABLE'));
    await vm.load();
    await vm.download(vm.rows[0], 'en');
    expect(saver.saved).toEqual([]);
    expect(notifier.last).toEqual(
      expect.objectContaining({
        kind: 'error',
        message: { key: 'serverMessages.receiptNotAvailable' },
      }),
    );
  });
});
