import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import type { Failure } from '../../../domain/model/failure';
import type {
  BrowsedHistory,
  BrowsePaymentHistoryUseCase,
  HistoryState,
} from '../../../domain/use-cases/browse-payment-history.use-case';
import type { DownloadReceiptUseCase } from '../../../domain/use-cases/download-receipt.use-case';
import type {
  HistoryStatusFilter,
  PaymentHistoryRow,
} from '../../../domain/use-cases/list-payment-history.use-case';
import { failureMessage } from '../../shared/error-messages';
import type { UiMessage } from '../../shared/notifier';
import { BROWSE_PAYMENT_HISTORY_USE_CASE, DOWNLOAD_RECEIPT_USE_CASE } from '../../shared/tokens';
import { observeExcept } from '../../../ui-kit/observe-except';
import { Screen } from '../../shared/screen';

/** Download failures stay on screen this long. */
export const DOWNLOAD_TOAST_MS = 8000;

/**
 * The member's payment history (/member/payments), as BrowsePaymentHistoryUseCase reports it:
 * its pages, filter and pending rows polled until final. This adds the texts of its failures and
 * the receipt PDF download of completed rows.
 */
@injectable()
export class PaymentHistoryViewModel {
  /** The history as the use case last reported it. */
  history: BrowsedHistory;
  /** The transaction whose receipt is being downloaded, if any. */
  downloading: string | null = null;
  private disposed = false;

  constructor(
    @inject(BROWSE_PAYMENT_HISTORY_USE_CASE) private readonly browse: BrowsePaymentHistoryUseCase,
    @inject(DOWNLOAD_RECEIPT_USE_CASE) private readonly downloadReceipt: DownloadReceiptUseCase,
    @inject(Screen) private readonly screen: Pick<Screen, 'notifier'>,
  ) {
    this.history = browse.state;
    observeExcept(this, ['browse', 'downloadReceipt', 'screen']);
    browse.subscribe((history) => runInAction(() => (this.history = history)));
  }

  get filter(): HistoryStatusFilter {
    return this.history.filter;
  }

  get rows(): PaymentHistoryRow[] {
    return this.history.rows;
  }

  get nextCursor(): string | null {
    return this.history.nextCursor;
  }

  get state(): HistoryState {
    return this.history.state;
  }

  /** Why the first page could not be read (state 'failed'). */
  get loadFailure(): UiMessage | null {
    return messageOf(this.history.loadFailure);
  }

  get loadingMore(): boolean {
    return this.history.loadingMore;
  }

  /** Why the next page could not be read; the rows already shown stay. */
  get moreFailure(): UiMessage | null {
    return messageOf(this.history.moreFailure);
  }

  get empty(): boolean {
    return this.state === 'ready' && this.rows.length === 0;
  }

  get hasMore(): boolean {
    return this.state === 'ready' && this.nextCursor !== null;
  }

  /** Reads the first page for the current filter (on mount, and to try again). */
  load(): Promise<void> {
    return this.browse.load();
  }

  setFilter(filter: HistoryStatusFilter): void {
    this.browse.setFilter(filter);
  }

  loadMore(): Promise<void> {
    return this.browse.loadMore();
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
    this.browse.dispose();
  }
}

function messageOf(failure: Failure): UiMessage;
function messageOf(failure: Failure | null): UiMessage | null;
function messageOf(failure: Failure | null): UiMessage | null {
  return failure === null ? null : failureMessage(failure, failure.key);
}
