import { inject, injectable } from 'inversify';
import type { WatchTransactionUseCase } from '../../../domain/use-cases/watch-transaction.use-case';
import { failureMessage } from '../../shared/error-messages';
import { Paths } from '../../shared/paths';
import { ShownTransaction, STATUS_TOAST_MS } from '../../shared/shown-transaction';
import { WATCH_TRANSACTION_USE_CASE } from '../../shared/tokens';
import { observeExcept } from '../../../ui-kit/observe-except';
import { Screen } from '../../shared/screen';

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
  /** The transaction on the page: id, status, amount, not found, sign-in required. */
  readonly shown: ShownTransaction;

  constructor(
    @inject(WATCH_TRANSACTION_USE_CASE) private readonly watch: WatchTransactionUseCase,
    @inject(Screen) private readonly screen: Pick<Screen, 'notifier' | 'navigation'>,
  ) {
    this.shown = new ShownTransaction(watch);
    observeExcept(this, ['watch', 'shown', 'screen']);
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
      this.screen.notifier.error(failureMessage(result.error, result.error.key), {
        autoCloseMs: STATUS_TOAST_MS,
      });
    }
  }

  goHome(): void {
    this.screen.navigation.go(Paths.home);
  }

  dispose(): void {
    this.watch.dispose();
  }
}
