import { type PaymentRetentionStore } from '../ports/payment-retention.port';
import { oneAtATime } from './run-every';

/** Payments removed by one run. */
export interface RetentionReport {
  payments: number;
}

/**
 * Removes the payments whose retention has ended (RETENTION_YEARS after the end of their own
 * year; see retentionCutoff), with their gateway messages, in batches so that a first run over
 * years of payments never holds one long statement. The store decides the time, from the
 * database's clock, never this instance's.
 */
export class PurgePaymentsPastRetentionUseCase {
  constructor(
    private readonly store: PaymentRetentionStore,
    private readonly years: number,
    private readonly batchSize = 500,
  ) {}

  /** One purge. Overlapping calls share the purge in progress. */
  readonly execute = oneAtATime(() => this.purge());

  private async purge(): Promise<RetentionReport> {
    let payments = 0;
    for (;;) {
      const deleted = await this.store.deletePaymentsPastRetention(this.years, this.batchSize);
      payments += deleted;
      if (deleted < this.batchSize) return { payments };
    }
  }
}
