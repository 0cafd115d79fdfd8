import { StateSource } from '../listeners';
import type { Failure } from '../model/failure';
import { isFinalStatus, type PaymentStatus } from '../model/payment';
import type { Cancel } from '../ports/clock.port';
import type { GetTransactionUseCase } from './get-transaction.use-case';
import type {
  HistoryStatusFilter,
  ListPaymentHistoryUseCase,
  PaymentHistoryRow,
} from './list-payment-history.use-case';
import type { WatchPaymentUseCase } from './watch-payment.use-case';

/** Where the first page is: being read, shown, or not readable. */
export type HistoryState = 'loading' | 'ready' | 'failed';

/** The history as the page shows it. */
export interface BrowsedHistory {
  filter: HistoryStatusFilter;
  /** Newest first: the pages read so far, each row as its latest poll left it. */
  rows: PaymentHistoryRow[];
  /** Where the next page starts; null when the last page is in (or nothing was read). */
  nextCursor: string | null;
  state: HistoryState;
  /** Why the first page could not be read (state 'failed'). */
  loadFailure: Failure | null;
  /** The next page is being read. */
  loadingMore: boolean;
  /** Why the next page could not be read; the rows already shown stay. */
  moreFailure: Failure | null;
}

/**
 * The member's payment history as one screen browses it: newest first, a page at a time
 * (loadMore() follows the API's cursor), narrowed by status (another filter reads the first page
 * again). Every pending row is watched through WatchPaymentUseCase (on Clock) until it is final,
 * so a payment that completes while the page is open shows as completed within one poll; its
 * receipt number (which the status poll does not carry) is read from the transaction's details at
 * that same poll. One instance per screen; dispose() when it closes leaves no timer behind.
 */
export class BrowsePaymentHistoryUseCase extends StateSource<BrowsedHistory> {
  /** Each read of the first page; an answer for an older one (another filter) is dropped. */
  private generation = 0;
  private readonly watches = new Map<string, Cancel>();
  /** Completed rows whose receipt number is being read. */
  private readonly readingReceipt = new Set<string>();

  constructor(
    private readonly list: ListPaymentHistoryUseCase,
    private readonly watchPayment: WatchPaymentUseCase,
    private readonly getTransaction: GetTransactionUseCase,
  ) {
    super({
      filter: 'all',
      rows: [],
      nextCursor: null,
      state: 'loading',
      loadFailure: null,
      loadingMore: false,
      moreFailure: null,
    });
  }

  /** Reads the first page for the current filter (on mount, and to try again). */
  async load(): Promise<void> {
    const generation = ++this.generation;
    this.stopWatching();
    // A "load more" still in flight belongs to the old list: its answer is dropped, so nothing
    // is being loaded more any longer.
    this.change({ state: 'loading', loadingMore: false, loadFailure: null, moreFailure: null });
    const result = await this.list.execute({ status: this.state.filter });
    if (this.disposed || generation !== this.generation) return;
    if (result.ok) {
      const { payments, nextCursor } = result.value;
      this.change({ rows: payments, nextCursor, state: 'ready' });
    } else {
      this.change({ rows: [], nextCursor: null, state: 'failed', loadFailure: result.error });
    }
    this.watchPending();
  }

  /** Another filter (or the same one after a failed read) reads the first page again. */
  setFilter(filter: HistoryStatusFilter): void {
    if (filter === this.state.filter && this.state.state !== 'failed') return;
    this.change({ filter });
    void this.load();
  }

  /** Appends the next page, if there is one and nothing is being read. */
  async loadMore(): Promise<void> {
    const { nextCursor: cursor, loadingMore, state, filter } = this.state;
    if (cursor === null || loadingMore || state !== 'ready') return;
    const generation = this.generation;
    this.change({ loadingMore: true, moreFailure: null });
    const result = await this.list.execute({ status: filter, cursor });
    if (this.disposed || generation !== this.generation) return;
    if (!result.ok) {
      this.change({ loadingMore: false, moreFailure: result.error });
      return;
    }
    const known = new Set(this.state.rows.map((row) => row.transactionId));
    const added = result.value.payments.filter((row) => !known.has(row.transactionId));
    this.change({
      loadingMore: false,
      rows: [...this.state.rows, ...added],
      nextCursor: result.value.nextCursor,
    });
    this.watchPending();
  }

  /** The screen closed: no poll, no receipt read and no answer is left to arrive. */
  dispose(): void {
    this.endTelling();
    this.stopWatching();
    for (const transactionId of this.readingReceipt) this.getTransaction.cancel(transactionId);
    this.readingReceipt.clear();
  }

  /** Watches every pending row not yet watched; each watch ends by itself once final. */
  private watchPending(): void {
    for (const row of this.state.rows) {
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
    this.changeRow(transactionId, (row) => (row.status !== status ? { ...row, status } : row));
    if (isFinalStatus(status)) this.watches.delete(transactionId);
    const row = this.state.rows.find((r) => r.transactionId === transactionId);
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
    this.changeRow(transactionId, (row) =>
      row.receiptNumber === null ? { ...row, receiptNumber } : row,
    );
  }

  /** Tells the rows again only when the row with this id changed. */
  private changeRow(
    transactionId: string,
    change: (row: PaymentHistoryRow) => PaymentHistoryRow,
  ): void {
    let changed = false;
    const rows = this.state.rows.map((row) => {
      if (row.transactionId !== transactionId) return row;
      const next = change(row);
      changed ||= next !== row;
      return next;
    });
    if (changed) this.change({ rows });
  }

  private stopWatching(): void {
    for (const cancel of this.watches.values()) cancel();
    this.watches.clear();
  }

  private change(change: Partial<BrowsedHistory>): void {
    this.update({ ...this.state, ...change });
  }
}
