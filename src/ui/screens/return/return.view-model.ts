import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { formatRinggit } from '../../../domain/model/money';
import type { PaymentStatus } from '../../../domain/model/payment';
import type {
  WatchedTransaction,
  WatchTransactionUseCase,
} from '../../../domain/use-cases/watch-transaction.use-case';
import { NAVIGATION, type Navigation } from '../../app/navigation';
import { NOTIFIER, type Notifier } from '../../app/notifier';
import { failureMessage } from '../../app/error-messages';
import { Paths } from '../../app/paths';
import { WATCH_TRANSACTION_USE_CASE } from '../../app/tokens';
import { STATUS_TOAST_MS } from '../payment-status/payment-status.view-model';

/** missing: no transactionId in the URL; otherwise the transaction is shown. */
export type ReturnPageStatus = 'loading' | 'missing' | 'shown';

/**
 * The page the gateway sends the payer back to (/return?transactionId=...). It only reads the
 * status (the server decides it from the gateway's callback); WatchTransactionUseCase re-reads it
 * every 10 s until final.
 */
@injectable()
export class ReturnViewModel {
  status: ReturnPageStatus = 'loading';
  transaction: WatchedTransaction;

  constructor(
    @inject(WATCH_TRANSACTION_USE_CASE) private readonly watch: WatchTransactionUseCase,
    @inject(NOTIFIER) private readonly notifier: Notifier,
    @inject(NAVIGATION) private readonly navigation: Navigation,
  ) {
    this.transaction = watch.state;
    makeAutoObservable<this, 'watch' | 'notifier' | 'navigation'>(
      this,
      { watch: false, notifier: false, navigation: false },
      { autoBind: true },
    );
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

  get displayAmount(): string {
    return formatRinggit(this.transaction.amount);
  }

  /** Call on mount with location.search ('?transactionId=...'). */
  load(search: string): void {
    const transactionId = new URLSearchParams(search).get('transactionId')?.trim() || null;
    this.status = transactionId === null ? 'missing' : 'shown';
    this.watch.execute({ transactionId });
  }

  /** 'Refresh': reads now and reports a failed read. */
  async refresh(): Promise<void> {
    const result = await this.watch.refresh();
    const onThePage =
      result !== null && !result.ok && (result.error.notFound || result.error.signInRequired);
    if (result !== null && !result.ok && !onThePage) {
      this.notifier.error(failureMessage(result.error, result.error.key), {
        autoCloseMs: STATUS_TOAST_MS,
      });
    }
  }

  goHome(): void {
    this.navigation.go(Paths.home);
  }

  dispose(): void {
    this.watch.dispose();
  }
}
