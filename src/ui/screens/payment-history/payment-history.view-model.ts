import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import type { Failure } from '../../../domain/model/failure';
import { isFinalStatus, type PaymentStatus } from '../../../domain/model/payment';
import type { Cancel } from '../../../domain/ports/clock.port';
import type { DownloadReceiptUseCase } from '../../../domain/use-cases/download-receipt.use-case';
import type { GetTransactionUseCase } from '../../../domain/use-cases/get-transaction.use-case';
import type {
  HistoryStatusFilter,
  ListPaymentHistoryUseCase,
  PaymentHistoryRow,
} from '../../../domain/use-cases/list-payment-history.use-case';
import type { WatchPaymentUseCase } from '../../../domain/use-cases/watch-payment.use-case';
import { failureMessage } from '../../shared/error-messages';
import type { UiMessage } from '../../shared/notifier';
import {
  DOWNLOAD_RECEIPT_USE_CASE,
  GET_TRANSACTION_USE_CASE,
  LIST_PAYMENT_HISTORY_USE_CASE,
  WATCH_PAYMENT_USE_CASE,
} from '../../shared/tokens';
import { observeExcept } from '../../../ui-kit/observe-except';
import { Screen } from '../../shared/screen';

/** Download failures stay on screen this long. */
export const DOWNLOAD_TOAST_MS = 8000;

export type HistoryState = 'loading' | 'ready' | 'failed';

/**
 * The member's payment history (/member/payments): newest first, a page at a time ("Load more"
 * follows the API's cursor), narrowed by status. Every pending row is watched through
 * WatchPaymentUseCase (on Clock) until it is final, so a payment that completes while the page
 * is open shows as completed within one poll; its receipt number (which the status poll does not
 * carry) is read from the transaction's details at that same poll. Completed rows download their
 * receipt PDF.
 */
@injectable()
export class PaymentHistoryViewModel {
  filter: HistoryStatusFilter = 'all';
  rows: PaymentHistoryRow[] = [];
  nextCursor: string | null = null;
  state: HistoryState = 'loading';
  /** Why the first page could not be read (state 'failed'). */
  loadFailure: UiMessage | null = null;
  loadingMore = false;
  /** Why the next page could not be read; the rows already shown stay. */
  moreFailure: UiMessage | null = null;
  /** The transaction whose receipt is being downloaded, if any. */
  downloading: string | null = null;
  /** Each read of the first page; an answer for an older one (another filter) is dropped. */
  private generation = 0;
  private readonly watches = new Map<string, Cancel>();
  /** Completed rows whose receipt number is being read. */
  private readonly readingReceipt = new Set<string>();
  private disposed = false;

  constructor(
    @inject(LIST_PAYMENT_HISTORY_USE_CASE) private readonly list: ListPaymentHistoryUseCase,
    @inject(WATCH_PAYMENT_USE_CASE) private readonly watchPayment: WatchPaymentUseCase,
    @inject(DOWNLOAD_RECEIPT_USE_CASE) private readonly downloadReceipt: DownloadReceiptUseCase,
    @inject(Screen) private readonly screen: Pick<Screen, 'notifier'>,
    @inject(GET_TRANSACTION_USE_CASE) private readonly getTransaction: GetTransactionUseCase,
  ) {
    observeExcept(this, [
      'list',
      'watchPayment',
      'downloadReceipt',
      'screen',
      'getTransaction',
      'generation',
      'watches',
      'readingReceipt',
    ]);
  }

  get empty(): boolean {
    return this.state === 'ready' && this.rows.length === 0;
  }

  get hasMore(): boolean {
    return this.state === 'ready' && this.nextCursor !== null;
  }

  /** Reads the first page for the current filter (on mount, and to try again). */
  async load(): Promise<void> {
    const generation = ++this.generation;
    this.stopWatching();
    this.state = 'loading';
    this.loadFailure = null;
    this.moreFailure = null;
    const result = await this.list.execute({ status: this.filter });
    if (this.disposed || generation !== this.generation) return;
    runInAction(() => {
      if (!result.ok) {
        this.rows = [];
        this.nextCursor = null;
        this.state = 'failed';
        this.loadFailure = messageOf(result.error);
        return;
      }
      this.rows = result.value.payments;
      this.nextCursor = result.value.nextCursor;
      this.state = 'ready';
    });
    this.watchPending();
  }

  setFilter(filter: HistoryStatusFilter): void {
    if (filter === this.filter && this.state !== 'failed') return;
    this.filter = filter;
    void this.load();
  }

  async loadMore(): Promise<void> {
    const cursor = this.nextCursor;
    if (cursor === null || this.loadingMore || this.state !== 'ready') return;
    const generation = this.generation;
    this.loadingMore = true;
    this.moreFailure = null;
    const result = await this.list.execute({ status: this.filter, cursor });
    if (this.disposed || generation !== this.generation) return;
    runInAction(() => {
      this.loadingMore = false;
      if (!result.ok) {
        this.moreFailure = messageOf(result.error);
        return;
      }
      const known = new Set(this.rows.map((row) => row.transactionId));
      this.rows = [
        ...this.rows,
        ...result.value.payments.filter((r) => !known.has(r.transactionId)),
      ];
      this.nextCursor = result.value.nextCursor;
    });
    this.watchPending();
  }

  /** Saves a completed payment's receipt PDF in `language` (the app's current one). */
  async download(row: PaymentHistoryRow, language: string | undefined): Promise<void> {
    if (this.downloading !== null) return;
    this.downloading = row.transactionId;
    const result = await this.downloadReceipt.execute({
      transactionId: row.transactionId,
      receiptNumber: row.receiptNumber,
      language,
    });
    if (this.disposed) return;
    runInAction(() => (this.downloading = null));
    if (!result.ok && !result.error.interrupted) {
      this.screen.notifier.error(messageOf(result.error), { autoCloseMs: DOWNLOAD_TOAST_MS });
    }
  }

  dispose(): void {
    this.disposed = true;
    this.stopWatching();
    for (const transactionId of this.readingReceipt) this.getTransaction.cancel(transactionId);
    this.readingReceipt.clear();
  }

  /** Watches every pending row not yet watched; each watch ends by itself once final. */
  private watchPending(): void {
    for (const row of this.rows) {
      if (row.status !== 'pending' || this.watches.has(row.transactionId)) continue;
      const { transactionId } = row;
      const cancel = this.watchPayment.execute({
        paymentId: transactionId,
        onStatus: (status) => this.updateStatus(transactionId, status),
      });
      this.watches.set(transactionId, cancel);
    }
  }

  private updateStatus(transactionId: string, status: PaymentStatus): void {
    if (this.disposed) return;
    this.rows = this.rows.map((row) =>
      row.transactionId === transactionId && row.status !== status ? { ...row, status } : row,
    );
    if (isFinalStatus(status)) this.watches.delete(transactionId);
    const row = this.rows.find((r) => r.transactionId === transactionId);
    if (status === 'completed' && row?.receiptNumber === null) void this.readReceipt(transactionId);
  }

  /** The receipt number given when the payment completed (it shows once read). */
  private async readReceipt(transactionId: string): Promise<void> {
    if (this.readingReceipt.has(transactionId)) return;
    this.readingReceipt.add(transactionId);
    const result = await this.getTransaction.execute({ transactionId });
    this.readingReceipt.delete(transactionId);
    const receiptNumber = result.ok ? result.value.receiptNumber : undefined;
    if (this.disposed || receiptNumber === undefined) return;
    runInAction(() => {
      this.rows = this.rows.map((row) =>
        row.transactionId === transactionId && row.receiptNumber === null
          ? { ...row, receiptNumber }
          : row,
      );
    });
  }

  private stopWatching(): void {
    for (const cancel of this.watches.values()) cancel();
    this.watches.clear();
  }
}

const messageOf = (failure: Failure): UiMessage => failureMessage(failure, failure.key);
