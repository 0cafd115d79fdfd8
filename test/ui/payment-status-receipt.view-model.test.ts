import type { PaymentStatus } from '../../src/contract/payment';
import { aPaymentRequest } from '../builders/payment-request';
import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { answer, failure, FakeHttp, file } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import { GetTransactionUseCase } from '../../src/domain/use-cases/get-transaction.use-case';
import type { Clipboard } from '../../src/ui/screens/payment-status/clipboard';
import { QueryCache } from '../../src/domain/query-cache';
import { WatchTransactionUseCase } from '../../src/domain/use-cases/watch-transaction.use-case';
import { PaymentStatusViewModel } from '../../src/ui/screens/payment-status/payment-status.view-model';
import { DownloadReceiptUseCase } from '../../src/domain/use-cases/download-receipt.use-case';
import { RecordingFileSaver } from '../fakes/recording-file-saver';

class FakeClipboard implements Clipboard {
  readonly copied: string[] = [];
  works = true;
  async copy(text: string): Promise<boolean> {
    if (this.works) this.copied.push(text);
    return this.works;
  }
}

function setup(stored?: ReturnType<typeof aPaymentRequest>) {
  const http = new FakeHttp();
  const storage = new InMemoryStorage(
    stored ? { [StorageKeys.paymentRequest]: JSON.stringify(stored) } : {},
  );
  const clock = new FakeClock();
  const clipboard = new FakeClipboard();
  const notifier = new RecordingNotifier();
  const navigation = new RecordingNavigation();
  const saver = new RecordingFileSaver();
  const printer = {
    printed: 0,
    print() {
      this.printed += 1;
    },
  };
  // The data cache without retries: the page's behaviour is under test, not the cache's.
  const getTransaction = new GetTransactionUseCase(http, new QueryCache(clock, { retries: 0 }));
  const vm = new PaymentStatusViewModel(
    new WatchTransactionUseCase(getTransaction, clock),
    storage,
    clipboard,
    { notifier, navigation },
    clock,
    new DownloadReceiptUseCase(http, saver),
    printer,
  );
  return { http, clock, clipboard, notifier, navigation, vm, saver, printer };
}

/** Older servers may say 'success' for 'completed', hence any text as the status. */
const details = (status: string, amount = '123.45') =>
  answer({
    transactionId: 'TXN-1',
    status: status as PaymentStatus,
    amount,
    refundedAmount: '0.00',
  });

describe('PaymentStatusViewModel (payment status and receipt page)', () => {
  it('reads the transaction ID from the path first', async () => {
    const { vm, http } = setup(aPaymentRequest({ transactionId: 'TXN-STORED', amount: '80.00' }));
    http.on('transactionDetails', details('pending', '99.00'));
    vm.load('TXN-1');
    expect(vm.shown.transactionId).toBe('TXN-1');
    // The stored amount belongs to another transaction: not shown for this one.
    expect(vm.shown.displayAmount).toBe('RM 50.00');
    await flushPromises();
    expect(http.calls[0].request).toEqual({ transactionId: 'TXN-1' });
    expect(vm.shown.displayAmount).toBe('RM 99.00');
    vm.dispose();
  });

  it('falls back to the stored request data for the ID and amount', async () => {
    const { vm, http } = setup(aPaymentRequest({ transactionId: 'TXN-9', amount: '77.10' }));
    http.on('transactionDetails', failure('INTERNAL_ERROR'));
    vm.load(undefined);
    await flushPromises();
    expect(vm.shown.transactionId).toBe('TXN-9');
    expect(vm.shown.displayAmount).toBe('RM 77.10');
    vm.dispose();
  });

  it('without any transaction ID shows pending with the 50.00 fallback and never calls', async () => {
    const { vm, http, clock } = setup();
    vm.load(undefined);
    await clock.advance(30_000);
    expect(vm.shown.transactionId).toBeNull();
    expect(vm.shown.paymentStatus).toBe('pending');
    expect(vm.shown.displayAmount).toBe('RM 50.00');
    expect(http.calls).toHaveLength(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('polls every 10 s silently until final, then stops', async () => {
    const { vm, http, clock, notifier } = setup();
    http
      .once('transactionDetails', details('pending'))
      .once('transactionDetails', details('pending'))
      .on('transactionDetails', details('completed'));
    vm.load('TXN-1');
    await flushPromises();
    expect(http.calls).toHaveLength(1);
    await clock.advance(9999);
    expect(http.calls).toHaveLength(1);
    await clock.advance(1);
    expect(http.calls).toHaveLength(2);
    expect(vm.shown.paymentStatus).toBe('pending');
    await clock.advance(10_000);
    expect(vm.shown.paymentStatus).toBe('completed');
    expect(notifier.toasts).toHaveLength(0);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(60_000);
    expect(http.calls).toHaveLength(3);
  });

  it('stops at once when the first read is final', async () => {
    const { vm, http, clock } = setup();
    http.on('transactionDetails', details('failed'));
    vm.load('TXN-1');
    await flushPromises();
    expect(vm.shown.paymentStatus).toBe('failed');
    expect(clock.pendingTimers).toBe(0);
  });

  it('silent poll failures neither toast nor stop polling', async () => {
    const { vm, http, clock, notifier } = setup();
    http.failNetwork('transactionDetails');
    vm.load('TXN-1');
    await clock.advance(20_000);
    expect(http.calls).toHaveLength(3);
    expect(notifier.toasts).toHaveLength(0);
    vm.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it.each([
    ['completed', 'success', 'payment.messages.completed'],
    ['failed', 'error', 'payment.messages.failed'],
  ])('Refresh Status toasts %s', async (status, kind, key) => {
    const { vm, http, notifier, clock } = setup();
    http.once('transactionDetails', details('pending'));
    http.on('transactionDetails', details(status));
    vm.load('TXN-1');
    await flushPromises();
    await vm.refresh();
    expect(vm.shown.paymentStatus).toBe(status);
    expect(notifier.toasts).toEqual([{ kind, message: { key }, autoCloseMs: 5000 }]);
    expect(clock.pendingTimers).toBe(0);
  });

  it("Refresh Status toasts a failed check: its code's text, else the fallback", async () => {
    const { vm, http, notifier } = setup();
    http
      .once('transactionDetails', details('pending'))
      .once('transactionDetails', failure('SERVICE_UNAVAILABLE'))
      .once('transactionDetails', failure('VALIDATION_FAILED', { field: 'transactionId' }))
      .failNetwork('transactionDetails');
    vm.load('TXN-1');
    await flushPromises();
    await vm.refresh();
    await vm.refresh();
    await vm.refresh();
    expect(notifier.toasts.map((t) => t.message)).toEqual([
      { key: 'serverMessages.unavailable' },
      { key: 'payment.messages.checkFailed' },
      { key: 'payment.messages.checkError' },
    ]);
    expect(notifier.toasts.every((t) => t.kind === 'error' && t.autoCloseMs === 5000)).toBe(true);
    vm.dispose();
  });

  it('a manual refresh while pending does not toast', async () => {
    const { vm, http, notifier } = setup();
    http.on('transactionDetails', details('pending'));
    vm.load('TXN-1');
    await vm.refresh();
    expect(notifier.toasts).toHaveLength(0);
    vm.dispose();
  });

  it('copies the transaction ID and shows the confirmation for 2 s', async () => {
    const { vm, http, clipboard, clock } = setup();
    http.on('transactionDetails', details('completed'));
    vm.load('TXN-1');
    await vm.copyTransactionId();
    expect(clipboard.copied).toEqual(['TXN-1']);
    expect(vm.copyState).toBe('copied');
    await clock.advance(2000);
    expect(vm.copyState).toBe('idle');
    clipboard.works = false;
    await vm.copyTransactionId();
    expect(vm.copyState).toBe('failed');
    vm.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('Back to Home goes to /', () => {
    const { vm, navigation } = setup();
    vm.goHome();
    expect(navigation.current).toBe('/');
  });
});

describe('PaymentStatusViewModel: a transaction the server does not know for this member', () => {
  it('says not found, stops polling, and does not toast it again on Refresh', async () => {
    const { vm, http, notifier, clock } = setup();
    http.on('transactionDetails', failure('PAYMENT_NOT_FOUND'));
    vm.load('TXN-SOMEONE-ELSES');
    await flushPromises();
    expect(vm.shown.notFound).toBe(true);
    expect(clock.pendingTimers).toBe(0);
    await vm.refresh();
    expect(notifier.toasts).toEqual([]);
    vm.dispose();
  });
});

describe('PaymentStatusViewModel: the receipt number, its PDF and printing', () => {
  const completed = answer({
    transactionId: 'TXN-1',
    status: 'completed' as PaymentStatus,
    amount: '123.45',
    receiptNumber: 'R-2026-000042',
    refundedAmount: '0.00',
  });

  it('shows the receipt number and downloads the PDF in the member’s language', async () => {
    const { vm, http, saver } = setup();
    http.on('transactionDetails', completed);
    http.onDownload('receiptPdf', file('%PDF-zn'));
    vm.load('TXN-1');
    await flushPromises();
    expect(vm.shown.receiptNumber).toBe('R-2026-000042');
    expect(vm.canDownload).toBe(true);
    await vm.downloadPdf('zn');
    expect(http.downloads[0]).toEqual(
      expect.objectContaining({ request: { lang: 'zn' }, options: expect.anything() }),
    );
    expect(saver.files).toEqual([{ fileName: 'receipt-R-2026-000042.pdf', text: '%PDF-zn' }]);
    vm.dispose();
  });

  it('offers no download before the payment completed, and toasts a refusal by its code', async () => {
    const { vm, http, notifier } = setup();
    http.on('transactionDetails', details('pending'));
    http.onDownload('receiptPdf', failure('RECEIPT_NOT_AVAILABLE'));
    vm.load('TXN-1');
    await flushPromises();
    expect(vm.shown.receiptNumber).toBeNull();
    expect(vm.canDownload).toBe(false);
    await vm.downloadPdf('en');
    expect(notifier.last?.message).toEqual({ key: 'serverMessages.receiptNotAvailable' });
    vm.dispose();
  });

  it('prints through the printer port', () => {
    const { vm, printer } = setup();
    vm.print();
    expect(printer.printed).toBe(1);
  });
});
