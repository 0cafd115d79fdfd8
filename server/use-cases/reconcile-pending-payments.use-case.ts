import { isStalePending } from '../domain/transaction';
import type { Transaction } from '../domain/transaction';
import type { Clock } from '../ports/clock.port';
import type { PaymentGateways } from '../ports/payment-gateways.port';
import type { TransactionStore } from '../ports/transaction-store.port';
import type { ApplyPaymentCallbackUseCase } from './apply-payment-callback.use-case';
import { oneAtATime, type Warn } from './run-every';

export interface ReconcileSettings {
  /** A payment still pending this long after creation is re-queried from the gateway. */
  reconcileAfterS: number;
  /** At most this many payments per run, so one run stays short. */
  batchSize: number;
  /**
   * No new gateway query once a run has taken this long (its job's expiry is twice as long): what
   * is left waits for the next run. Without it, every payment of the batch is asked about.
   */
  budgetMs?: number;
}

export type ReconcileOutcome =
  'completed' | 'failed' | 'still_pending' | 'unknown_at_gateway' | 'error';

export interface ReconcileReport {
  checked: number;
  completed: number;
  failed: number;
  stillPending: number;
  errors: number;
}

/** Logs what went wrong without knowing the logger (pino's `warn` fits). */
export type ReconcileWarn = Warn;

/**
 * A lost callback must never leave a member stuck: pending payments older than RECONCILE_AFTER_S
 * are re-queried from the gateway, and a final answer goes through exactly the same checks as a
 * callback (the adapter's signature and freshness checks, then amount, exactly once).
 * Payments the gateway never saw stay pending (the payer may still open the page; see README).
 */
export class ReconcilePendingPaymentsUseCase {
  constructor(
    private readonly store: TransactionStore,
    private readonly gateways: PaymentGateways,
    private readonly applyCallback: ApplyPaymentCallbackUseCase,
    private readonly clock: Clock,
    private readonly settings: ReconcileSettings,
    private readonly warn: ReconcileWarn = () => {},
  ) {}

  /** One sweep over stale pending payments. Overlapping calls share the sweep in progress. */
  readonly execute = oneAtATime(() => this.sweep());

  /** Whether a status read should ask the gateway first: pending past RECONCILE_AFTER_S. */
  isStale(tx: Readonly<Transaction>): boolean {
    return isStalePending(tx, new Date(this.clock.now()), this.settings.reconcileAfterS);
  }

  /** Reconciles one payment if it is pending and stale; used by status reads. */
  async reconcileIfStale(tx: Transaction): Promise<ReconcileOutcome | 'not_stale'> {
    if (!this.isStale(tx)) return 'not_stale';
    return this.reconcileOne(tx.transactionId, tx.gateway);
  }

  /** Asks the gateway now, stale or not (the payer's tab came back saying it paid). */
  async reconcileNow(transactionId: string): Promise<ReconcileOutcome> {
    const tx = await this.store.findById(transactionId);
    if (!tx) return 'error';
    return this.reconcileOne(transactionId, tx.gateway);
  }

  private async sweep(): Promise<ReconcileReport> {
    const cutOff = new Date(this.clock.now() - this.settings.reconcileAfterS * 1000);
    const stale = await this.store.listStalePending(cutOff, this.settings.batchSize);
    const report: ReconcileReport = {
      checked: 0,
      completed: 0,
      failed: 0,
      stillPending: 0,
      errors: 0,
    };
    const startedAt = this.clock.now();
    const budgetMs = this.settings.budgetMs ?? Infinity;
    // One at a time: the gateway is an external service and a run is never urgent.
    for (const tx of stale) {
      if (report.checked > 0 && this.clock.now() - startedAt >= budgetMs) break;
      report.checked += 1;
      const outcome = await this.reconcileOne(tx.transactionId, tx.gateway);
      if (outcome === 'completed') report.completed += 1;
      else if (outcome === 'failed') report.failed += 1;
      else if (outcome === 'error') report.errors += 1;
      else report.stillPending += 1;
    }
    return report;
  }

  /** Asks the payment's own gateway; a gateway no longer configured leaves it pending. */
  private async reconcileOne(
    transactionId: string,
    gatewayName: string,
  ): Promise<ReconcileOutcome> {
    const gateway = this.gateways.byName(gatewayName);
    if (!gateway) {
      this.warn(
        { transactionId, gateway: gatewayName },
        'payment waits on an unconfigured gateway',
      );
      return 'error';
    }
    try {
      const gatewayRef = await this.store.findGatewayRef(transactionId);
      const answer = await gateway.queryStatus({ transactionId, gatewayRef });
      if (answer.kind === 'not_found') return 'unknown_at_gateway';
      const verdict = answer.message.verdict;
      // Nothing to apply yet; not recorded, or every sweep would add a row per pending payment.
      if (verdict.ok && verdict.value.status === 'pending') return 'still_pending';
      const applied = await this.applyCallback.apply(
        answer.message,
        'reconcile',
        gateway.name,
        transactionId,
      );
      if (!applied.ok) {
        this.warn({ transactionId, rejection: applied.error }, 'gateway status answer rejected');
        return 'error';
      }
      const status = applied.value.status;
      return status === 'pending' ? 'still_pending' : status;
    } catch (error) {
      this.warn({ transactionId, err: error }, 'gateway status query failed');
      return 'error';
    }
  }
}
