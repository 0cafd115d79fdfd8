import { makeAutoObservable, runInAction } from 'mobx';
import { formatRinggit } from '../../../domain/model/money';
import { isFinalStatus, type PaymentStatus } from '../../../domain/model/payment';
import type { Cancel, ClockPort } from '../../../domain/ports/clock.port';
import type { GetTransactionUseCase } from '../../../domain/use-cases/get-transaction.use-case';
import { serverMessageOr, type Notifier } from '../../app/notifier';

/**
 * Runs `check` every `intervalMs` (first run after one interval) until it resolves false or the
 * returned Cancel is called. The next run is scheduled only once the previous one has settled, so
 * a slow answer never overlaps the next request; a rejected check counts as "keep going".
 */
export function pollEvery(
  clock: ClockPort,
  intervalMs: number,
  check: () => Promise<boolean>,
): Cancel {
  let stopped = false;
  let cancelTimer: Cancel | null = null;
  const schedule = (): void => {
    cancelTimer = clock.after(intervalMs, () => {
      cancelTimer = null;
      check().then(
        (keepGoing) => {
          if (keepGoing && !stopped) schedule();
        },
        () => {
          if (!stopped) schedule();
        },
      );
    });
  };
  schedule();
  return () => {
    stopped = true;
    cancelTimer?.();
    cancelTimer = null;
  };
}

/** Spec section 9: the status and return pages poll every 10 s; their toasts close after 5 s. */
export const STATUS_POLL_MS = 10_000;
export const STATUS_TOAST_MS = 5000;

/**
 * A transaction's status as the payment status / receipt page and the return page show it: read
 * on start, then every 10 s until final. Only refresh() reports a failed read.
 */
export class TransactionStatusWatch {
  transactionId: string | null = null;
  paymentStatus: PaymentStatus = 'pending';
  /** Decimal string from the server, else the one given to start(). */
  amount: string | undefined = undefined;

  private stopPolling: Cancel | null = null;
  private disposed = false;

  constructor(
    private readonly getTransaction: GetTransactionUseCase,
    private readonly notifier: Notifier,
    private readonly clock: ClockPort,
  ) {
    makeAutoObservable<
      TransactionStatusWatch,
      'getTransaction' | 'notifier' | 'clock' | 'stopPolling' | 'disposed'
    >(
      this,
      { getTransaction: false, notifier: false, clock: false, stopPolling: false, disposed: false },
      { autoBind: true },
    );
  }

  get displayAmount(): string {
    return formatRinggit(this.amount);
  }

  /** Reads now, then every 10 s until final; with no transaction there is nothing to read. */
  start(transactionId: string | null, amount?: string): void {
    this.transactionId = transactionId;
    if (amount !== undefined) this.amount = amount;
    if (transactionId === null) return;
    void this.read(true);
    this.stopPolling?.();
    this.stopPolling = pollEvery(this.clock, STATUS_POLL_MS, async () => {
      const status = await this.read(true);
      return status === null || !isFinalStatus(status);
    });
  }

  /** Reads now and toasts a failed read. */
  refresh(): Promise<PaymentStatus | null> {
    return this.read(false);
  }

  dispose(): void {
    this.disposed = true;
    this.stopPolling?.();
    this.stopPolling = null;
  }

  /** One read; resolves to the status read, or null when there was none. Silent reads never toast. */
  private async read(silent: boolean): Promise<PaymentStatus | null> {
    const transactionId = this.transactionId;
    if (transactionId === null) return null;
    const result = await this.getTransaction.execute({ transactionId });
    if (this.disposed) return null;
    return runInAction(() => {
      if (!result.ok) {
        if (!silent) {
          this.notifier.error(serverMessageOr(result.error.serverMessage, result.error.key), {
            autoCloseMs: STATUS_TOAST_MS,
          });
        }
        return null;
      }
      const { status, amount } = result.value;
      this.paymentStatus = status;
      if (amount !== undefined) this.amount = amount;
      if (isFinalStatus(status)) {
        this.stopPolling?.();
        this.stopPolling = null;
      }
      return status;
    });
  }
}
