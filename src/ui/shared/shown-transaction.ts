import { makeAutoObservable, runInAction } from 'mobx';
import { formatRinggit } from '../../domain/model/money';
import { refundLabel, type RefundLabel } from './refund-label';
import type { PaymentStatus } from '../../domain/model/payment';
import type {
  WatchedTransaction,
  WatchTransactionUseCase,
} from '../../domain/use-cases/watch-transaction.use-case';

/** Toasts on the status and return pages close after 5 s. */
export const STATUS_TOAST_MS = 5000;

/**
 * The transaction a status or return page shows, as WatchTransactionUseCase last reported it.
 * Both pages read it through this one object, so they describe a transaction the same way.
 */
export class ShownTransaction {
  transaction: WatchedTransaction;

  constructor(watch: WatchTransactionUseCase) {
    this.transaction = watch.state;
    makeAutoObservable(this, {}, { autoBind: true });
    watch.subscribe((state) => runInAction(() => (this.transaction = state)));
  }

  get transactionId(): string | null {
    return this.transaction.transactionId;
  }

  get paymentStatus(): PaymentStatus {
    return this.transaction.paymentStatus;
  }

  /** The server knows no such transaction for this member; the page says so and stops asking. */
  get notFound(): boolean {
    return this.transaction.notFound;
  }

  /** Nobody is logged in, so the server shows nothing: the page asks the visitor to log in. */
  get signInRequired(): boolean {
    return this.transaction.signInRequired;
  }

  /** R-2026-000123 once the payment completed; null before. */
  get receiptNumber(): string | null {
    return this.transaction.receiptNumber ?? null;
  }

  /** "Refunded" or "Partly refunded RM 12.50" beside the status; null when nothing was. */
  get refundLabel(): RefundLabel | null {
    return refundLabel(this.transaction.amount, this.transaction.refundedAmount);
  }

  /** 'RM 123.45', or 'RM 50.00' when no amount is known. */
  get displayAmount(): string {
    return formatRinggit(this.transaction.amount);
  }
}
