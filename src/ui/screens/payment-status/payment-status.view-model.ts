import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { formatRinggit } from '../../../domain/model/money';
import {
  isFinalStatus,
  parseStoredPaymentRequest,
  PaymentMessages,
  type PaymentStatus,
} from '../../../domain/model/payment';
import { CLOCK_PORT, type Cancel, type ClockPort } from '../../../domain/ports/clock.port';
import { STORAGE_PORT, StorageKeys, type StoragePort } from '../../../domain/ports/storage.port';
import type { GetTransactionUseCase } from '../../../domain/use-cases/get-transaction.use-case';
import { NAVIGATION, type Navigation } from '../../app/navigation';
import { NOTIFIER, serverMessageOr, type Notifier } from '../../app/notifier';
import { Paths } from '../../app/paths';
import { GET_TRANSACTION_USE_CASE } from '../../app/tokens';
import { pollEvery } from '../payment/polling';
import { CLIPBOARD, type Clipboard } from './clipboard';

/** Spec section 9: the status page polls every 10 s; its toasts close after 5 s. */
export const STATUS_POLL_MS = 10_000;
export const STATUS_TOAST_MS = 5000;
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
  paymentStatus: PaymentStatus = 'pending';
  transactionId: string | null = null;
  /** Decimal string from the server, else from the stored request; undefined shows 50.00. */
  amount: string | undefined = undefined;
  checking = false;
  copyState: CopyState = 'idle';

  private stopPolling: Cancel | null = null;
  private timers: Cancel[] = [];
  private disposed = false;

  constructor(
    @inject(GET_TRANSACTION_USE_CASE) private readonly getTransaction: GetTransactionUseCase,
    @inject(STORAGE_PORT) private readonly storage: StoragePort,
    @inject(CLIPBOARD) private readonly clipboard: Clipboard,
    @inject(NOTIFIER) private readonly notifier: Notifier,
    @inject(NAVIGATION) private readonly navigation: Navigation,
    @inject(CLOCK_PORT) private readonly clock: ClockPort,
  ) {
    makeAutoObservable<
      this,
      | 'getTransaction'
      | 'storage'
      | 'clipboard'
      | 'notifier'
      | 'navigation'
      | 'clock'
      | 'stopPolling'
      | 'timers'
      | 'disposed'
    >(
      this,
      {
        getTransaction: false,
        storage: false,
        clipboard: false,
        notifier: false,
        navigation: false,
        clock: false,
        stopPolling: false,
        timers: false,
        disposed: false,
      },
      { autoBind: true },
    );
  }

  /** 'RM 123.45', or 'RM 50.00' when no amount is known. */
  get displayAmount(): string {
    return formatRinggit(this.amount);
  }

  /** Call on mount with the path's transactionId (the receipt route), if any. */
  load(transactionIdFromPath?: string): void {
    const stored = parseStoredPaymentRequest(this.storage.get(StorageKeys.paymentRequest));
    this.transactionId = transactionIdFromPath || stored?.transactionId || null;
    // The stored amount belongs to the stored transaction only.
    if (stored && stored.transactionId === this.transactionId) this.amount = stored.amount;
    if (this.transactionId === null) return;
    void this.check(true);
    this.stopPolling?.();
    this.stopPolling = pollEvery(this.clock, STATUS_POLL_MS, () => this.check(true));
  }

  /** 'Refresh Status'. */
  async refresh(): Promise<void> {
    await this.check(false);
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
    this.stopPolling?.();
    this.stopPolling = null;
    for (const cancel of this.timers) cancel();
    this.timers = [];
  }

  /** One status read; returns whether polling should go on. Silent checks never toast. */
  private async check(silent: boolean): Promise<boolean> {
    const transactionId = this.transactionId;
    if (transactionId === null) return false;
    this.checking = true;
    const result = await this.getTransaction.execute({ transactionId });
    if (this.disposed) return false;
    return runInAction(() => {
      this.checking = false;
      if (!result.ok) {
        if (!silent) {
          this.notifier.error(serverMessageOr(result.error.serverMessage, result.error.key), {
            autoCloseMs: STATUS_TOAST_MS,
          });
        }
        return true;
      }
      const { status, amount } = result.value;
      this.paymentStatus = status;
      if (amount !== undefined) this.amount = amount;
      if (!silent && status === 'completed') {
        this.notifier.success({ key: PaymentMessages.completed }, { autoCloseMs: STATUS_TOAST_MS });
      }
      if (!silent && status === 'failed') {
        this.notifier.error({ key: PaymentMessages.failed }, { autoCloseMs: STATUS_TOAST_MS });
      }
      if (isFinalStatus(status)) {
        this.stopPolling?.();
        this.stopPolling = null;
        return false;
      }
      return true;
    });
  }
}
