import { StateSource } from '../listeners';
import { isFinalStatus, type PaymentFailure, type PaymentStatus } from '../model/payment';
import type { Cancel, Clock } from '../ports/clock.port';
import { pollEvery } from '../poll-every';
import type { Result } from '../../contract/result';
import type { GetTransactionUseCase } from './get-transaction.use-case';

/** The status / receipt page and the return page re-read the transaction every 10 s. */
export const STATUS_POLL_MS = 10_000;

/** What the page shows of the transaction. */
export interface WatchedTransaction {
  transactionId: string | null;
  paymentStatus: PaymentStatus;
  /** Decimal string from the server, else the one given to execute(). */
  amount: string | undefined;
  /** The receipt number, once the payment completed and the server named it. */
  receiptNumber: string | undefined;
  /** What its refunds done gave back ('0.00' for none), once the server said. */
  refundedAmount: string | undefined;
  /** The server knows no such transaction for this member: nothing to wait for. */
  notFound: boolean;
  /** Nobody is logged in, so the server shows nothing: nothing to wait for either. */
  signInRequired: boolean;
}

/**
 * A transaction's status as the payment status / receipt page and the return page show it: read
 * at once, then every 10 s until final (or until the server says it knows no such transaction),
 * then no timer is left. refresh() reads at once on demand
 * and is the only read whose failure is reported (the automatic ones are silent).
 */
export class WatchTransactionUseCase extends StateSource<WatchedTransaction> {
  private stopPolling: Cancel | null = null;

  constructor(
    private readonly getTransaction: GetTransactionUseCase,
    private readonly clock: Clock,
  ) {
    super({
      transactionId: null,
      paymentStatus: 'pending',
      amount: undefined,
      receiptNumber: undefined,
      refundedAmount: undefined,
      notFound: false,
      signInRequired: false,
    });
  }

  /** Reads now, then every 10 s until final; with no transaction there is nothing to read. */
  execute(input: { transactionId: string | null; amount?: string }): void {
    this.change({
      transactionId: input.transactionId,
      receiptNumber: undefined,
      refundedAmount: undefined,
      notFound: false,
      signInRequired: false,
      ...(input.amount !== undefined ? { amount: input.amount } : {}),
    });
    this.stopPolling?.();
    this.stopPolling = null;
    if (input.transactionId === null) return;
    void this.read();
    this.stopPolling = pollEvery(this.clock, STATUS_POLL_MS, async () => {
      const result = await this.read();
      if (result === null) return true;
      if (result.ok) return !isFinalStatus(result.value);
      return !result.error.notFound && !result.error.signInRequired;
    });
  }

  /** Reads now; null when there is nothing to read (no transaction, or disposed). */
  refresh(): Promise<Result<PaymentStatus, PaymentFailure> | null> {
    return this.read();
  }

  dispose(): void {
    this.endTelling();
    this.stopPolling?.();
    this.stopPolling = null;
    if (this.state.transactionId !== null) this.getTransaction.cancel(this.state.transactionId);
  }

  private async read(): Promise<Result<PaymentStatus, PaymentFailure> | null> {
    const transactionId = this.state.transactionId;
    if (transactionId === null || this.disposed) return null;
    const result = await this.getTransaction.execute({ transactionId });
    if (this.disposed || this.state.transactionId !== transactionId) return null;
    if (!result.ok) {
      const { notFound, signInRequired } = result.error;
      if (notFound || signInRequired) {
        // An unknown (or another member's) id never appears, and without a login nothing does:
        // say so and stop asking.
        this.stopPolling?.();
        this.stopPolling = null;
        this.change({ notFound: notFound === true, signInRequired: signInRequired === true });
      }
      return result;
    }
    const { status, amount, receiptNumber, refundedAmount } = result.value;
    this.change({
      paymentStatus: status,
      ...(amount !== undefined ? { amount } : {}),
      ...(receiptNumber !== undefined ? { receiptNumber } : {}),
      ...(refundedAmount !== undefined ? { refundedAmount } : {}),
    });
    if (isFinalStatus(status)) {
      this.stopPolling?.();
      this.stopPolling = null;
    }
    return { ok: true, value: status };
  }

  private change(change: Partial<WatchedTransaction>): void {
    this.update({ ...this.state, ...change });
  }
}
