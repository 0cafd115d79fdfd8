import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  parseStoredPaymentRequest,
  PaymentMessages,
  type PaymentStatus,
} from '../../../domain/model/payment';
import { CLOCK_PORT, type Cancel, type ClockPort } from '../../../domain/ports/clock.port';
import { STORAGE_PORT, StorageKeys, type StoragePort } from '../../../domain/ports/storage.port';
import type { GetTransactionUseCase } from '../../../domain/use-cases/get-transaction.use-case';
import { NAVIGATION, type Navigation } from '../../app/navigation';
import { NOTIFIER, type Notifier } from '../../app/notifier';
import { Paths } from '../../app/paths';
import { GET_TRANSACTION_USE_CASE } from '../../app/tokens';
import { STATUS_TOAST_MS, TransactionStatusWatch } from '../payment/polling';
import { CLIPBOARD, type Clipboard } from './clipboard';

/** How long the 'Copied' confirmation stays. */
export const COPIED_FEEDBACK_MS = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The payment status / receipt page (/payment-status and /receipt/:transactionId): reads the
 * transaction's status on arrival, then every 10 s until it is final; 'Refresh Status' checks
 * at once and is the only check that toasts.
 */
@injectable()
export class PaymentStatusViewModel {
  copyState: CopyState = 'idle';
  private readonly watch: TransactionStatusWatch;

  private timers: Cancel[] = [];
  private disposed = false;

  constructor(
    @inject(GET_TRANSACTION_USE_CASE) getTransaction: GetTransactionUseCase,
    @inject(STORAGE_PORT) private readonly storage: StoragePort,
    @inject(CLIPBOARD) private readonly clipboard: Clipboard,
    @inject(NOTIFIER) private readonly notifier: Notifier,
    @inject(NAVIGATION) private readonly navigation: Navigation,
    @inject(CLOCK_PORT) private readonly clock: ClockPort,
  ) {
    this.watch = new TransactionStatusWatch(getTransaction, notifier, clock);
    makeAutoObservable<
      this,
      | 'watch'
      | 'storage'
      | 'clipboard'
      | 'notifier'
      | 'navigation'
      | 'clock'
      | 'timers'
      | 'disposed'
    >(
      this,
      {
        watch: false,
        storage: false,
        clipboard: false,
        notifier: false,
        navigation: false,
        clock: false,
        timers: false,
        disposed: false,
      },
      { autoBind: true },
    );
  }

  get transactionId(): string | null {
    return this.watch.transactionId;
  }

  get paymentStatus(): PaymentStatus {
    return this.watch.paymentStatus;
  }

  /** 'RM 123.45', or 'RM 50.00' when no amount is known. */
  get displayAmount(): string {
    return this.watch.displayAmount;
  }

  /** Call on mount with the path's transactionId (the receipt route), if any. */
  load(transactionIdFromPath?: string): void {
    const stored = parseStoredPaymentRequest(this.storage.get(StorageKeys.paymentRequest));
    const transactionId = transactionIdFromPath || stored?.transactionId || null;
    // The stored amount belongs to the stored transaction only.
    const storedAmount =
      stored && stored.transactionId === transactionId ? stored.amount : undefined;
    this.watch.start(transactionId, storedAmount);
  }

  /** 'Refresh Status': the only check that toasts the outcome. */
  async refresh(): Promise<void> {
    const status = await this.watch.refresh();
    if (status === 'completed') {
      this.notifier.success({ key: PaymentMessages.completed }, { autoCloseMs: STATUS_TOAST_MS });
    }
    if (status === 'failed') {
      this.notifier.error({ key: PaymentMessages.failed }, { autoCloseMs: STATUS_TOAST_MS });
    }
  }

  goHome(): void {
    this.navigation.go(Paths.home);
  }

  async copyTransactionId(): Promise<void> {
    if (this.transactionId === null) return;
    const copied = await this.clipboard.copy(this.transactionId);
    if (this.disposed) return;
    runInAction(() => (this.copyState = copied ? 'copied' : 'failed'));
    const cancel = this.clock.after(COPIED_FEEDBACK_MS, () => {
      this.timers = this.timers.filter((t) => t !== cancel);
      runInAction(() => (this.copyState = 'idle'));
    });
    this.timers.push(cancel);
  }

  dispose(): void {
    this.disposed = true;
    this.watch.dispose();
    for (const cancel of this.timers) cancel();
    this.timers = [];
  }
}
