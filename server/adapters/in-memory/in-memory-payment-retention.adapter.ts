import { retentionCutoff } from '../../domain/payment-retention';
import { type Clock } from '../../ports/clock.port';
import { type PaymentRetentionStore } from '../../ports/payment-retention.port';
import { type InMemoryTables } from './in-memory-tables';

/**
 * The retention purge over the in-memory tables. There is no database clock here: `clock` stands
 * for it (the one clock the in-memory container has).
 */
export class InMemoryPaymentRetentionStore implements PaymentRetentionStore {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly clock: Clock,
  ) {}

  async deletePaymentsPastRetention(years: number, limit: number): Promise<number> {
    const firstKept = retentionCutoff(new Date(this.clock.now()), years).getTime();
    const doomed = this.tables.transactions
      .find((tx) => (tx.finalisedAt ?? tx.createdAt).getTime() < firstKept)
      .slice(0, limit)
      .map((tx) => tx.transactionId);
    const going = new Set(doomed);
    for (const key of this.tables.idempotencyKeys.find((k) => going.has(k.transactionId))) {
      this.tables.idempotencyKeys.delete(`${key.memberId}\u0000${key.idempotencyKey}`);
    }
    for (const message of this.tables.callbacks.find(
      (m) => m.transactionId !== null && going.has(m.transactionId),
    )) {
      this.tables.callbacks.delete(String(message.id));
    }
    for (const refund of this.tables.refunds.find((r) => going.has(r.transactionId))) {
      this.tables.refunds.delete(refund.id);
    }
    for (const id of doomed) this.tables.transactions.delete(id);
    return doomed.length;
  }
}
