import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { PaymentStatus } from '../../../domain/model/payment';
import { CLOCK_PORT, type ClockPort } from '../../../domain/ports/clock.port';
import type { GetTransactionUseCase } from '../../../domain/use-cases/get-transaction.use-case';
import { NAVIGATION, type Navigation } from '../../app/navigation';
import { NOTIFIER, type Notifier } from '../../app/notifier';
import { Paths } from '../../app/paths';
import { GET_TRANSACTION_USE_CASE } from '../../app/tokens';
import { TransactionStatusWatch } from '../payment/polling';

/** missing: no transactionId in the URL; otherwise the transaction is shown. */
export type ReturnPageStatus = 'loading' | 'missing' | 'shown';

/**
 * The page the gateway sends the payer back to (/return?transactionId=...). It only reads the
 * status (the server decides it from the gateway's callback), polling every 10 s until final.
 */
@injectable()
export class ReturnViewModel {
  status: ReturnPageStatus = 'loading';
  private readonly watch: TransactionStatusWatch;

  constructor(
    @inject(GET_TRANSACTION_USE_CASE) getTransaction: GetTransactionUseCase,
    @inject(NOTIFIER) notifier: Notifier,
    @inject(NAVIGATION) private readonly navigation: Navigation,
    @inject(CLOCK_PORT) clock: ClockPort,
  ) {
    this.watch = new TransactionStatusWatch(getTransaction, notifier, clock);
    makeAutoObservable<this, 'watch' | 'navigation'>(
      this,
      { watch: false, navigation: false },
      { autoBind: true },
    );
  }

  get transactionId(): string | null {
    return this.watch.transactionId;
  }

  get paymentStatus(): PaymentStatus {
    return this.watch.paymentStatus;
  }

  get displayAmount(): string {
    return this.watch.displayAmount;
  }

  /** Call on mount with location.search ('?transactionId=...'). */
  load(search: string): void {
    const transactionId = new URLSearchParams(search).get('transactionId')?.trim() || null;
    this.status = transactionId === null ? 'missing' : 'shown';
    this.watch.start(transactionId);
  }

  /** 'Refresh': reads now and reports a failed read. */
  async refresh(): Promise<void> {
    await this.watch.refresh();
  }

  goHome(): void {
    this.navigation.go(Paths.home);
  }

  dispose(): void {
    this.watch.dispose();
  }
}
