import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { formatRinggit } from '../../../domain/model/money';
import { isFinalStatus, type PaymentStatus } from '../../../domain/model/payment';
import { CLOCK_PORT, type Cancel, type ClockPort } from '../../../domain/ports/clock.port';
import type { GetTransactionUseCase } from '../../../domain/use-cases/get-transaction.use-case';
import { NAVIGATION, type Navigation } from '../../app/navigation';
import { NOTIFIER, serverMessageOr, type Notifier } from '../../app/notifier';
import { Paths } from '../../app/paths';
import { GET_TRANSACTION_USE_CASE } from '../../app/tokens';
import { pollEvery } from '../payment/polling';

/** Spec section 9: the return page polls every 10 s. */
export const RETURN_POLL_MS = 10_000;
export const RETURN_TOAST_MS = 5000;

/** missing: no transactionId in the URL; otherwise the transaction is shown. */
export type ReturnPageStatus = 'loading' | 'missing' | 'shown';

/**
 * The page the gateway sends the payer back to (/return?transactionId=...). It only reads the
 * status (the server decides it from the gateway's callback), polling every 10 s until final.
 */
@injectable()
export class ReturnViewModel {
  status: ReturnPageStatus = 'loading';
  paymentStatus: PaymentStatus = 'pending';
  transactionId: string | null = null;
  amount: string | undefined = undefined;
  checking = false;

  private stopPolling: Cancel | null = null;
  private disposed = false;

  constructor(
    @inject(GET_TRANSACTION_USE_CASE) private readonly getTransaction: GetTransactionUseCase,
    @inject(NOTIFIER) private readonly notifier: Notifier,
    @inject(NAVIGATION) private readonly navigation: Navigation,
    @inject(CLOCK_PORT) private readonly clock: ClockPort,
  ) {
    makeAutoObservable<
      this,
      'getTransaction' | 'notifier' | 'navigation' | 'clock' | 'stopPolling' | 'disposed'
    >(
      this,
      {
        getTransaction: false,
        notifier: false,
        navigation: false,
        clock: false,
        stopPolling: false,
        disposed: false,
      },
      { autoBind: true },
    );
  }

  get displayAmount(): string {
    return formatRinggit(this.amount);
  }

  /** Call on mount with location.search ('?transactionId=...'). */
  load(search: string): void {
    const transactionId = new URLSearchParams(search).get('transactionId')?.trim() || null;
    this.transactionId = transactionId;
    if (transactionId === null) {
      this.status = 'missing';
      return;
    }
    this.status = 'shown';
    void this.check(true);
    this.stopPolling?.();
    this.stopPolling = pollEvery(this.clock, RETURN_POLL_MS, () => this.check(true));
  }

  /** 'Refresh': reads now and reports a failed read. */
  async refresh(): Promise<void> {
    await this.check(false);
  }

  goHome(): void {
    this.navigation.go(Paths.home);
  }

  dispose(): void {
    this.disposed = true;
    this.stopPolling?.();
    this.stopPolling = null;
  }

  /** Returns whether polling should go on. */
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
            autoCloseMs: RETURN_TOAST_MS,
          });
        }
        return true;
      }
      this.paymentStatus = result.value.status;
      if (result.value.amount !== undefined) this.amount = result.value.amount;
      if (isFinalStatus(result.value.status)) {
        this.stopPolling?.();
        this.stopPolling = null;
        return false;
      }
      return true;
    });
  }
}
