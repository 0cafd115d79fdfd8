import { type PaymentRetentionStore } from '../../ports/payment-retention.port';
import { type Database } from './database';

/**
 * One batch in one statement, on the database's clock: the cut-off is the start of the Malaysian
 * year `$1` years before the current one (retentionCutoff in server/domain, in SQL). The keys,
 * gateway messages and refunds go with their payments; receipt_counters is never touched, so numbering
 * goes on where it was. Rows another run is deleting are skipped, not waited for.
 */
const DELETE_BATCH = `
  WITH cutoff AS (
    SELECT (date_trunc('year', (now() AT TIME ZONE 'UTC') + interval '8 hours')
              - make_interval(years => $1::int) - interval '8 hours') AT TIME ZONE 'UTC' AS first_kept
  ), doomed AS (
    SELECT t.id
      FROM transactions t, cutoff
     WHERE coalesce(t.finalised_at, t.created_at) < cutoff.first_kept
     LIMIT $2
       FOR UPDATE OF t SKIP LOCKED
  ), keys AS (
    DELETE FROM payment_idempotency_keys WHERE transaction_id IN (SELECT id FROM doomed)
  ), messages AS (
    DELETE FROM payment_callbacks WHERE transaction_id IN (SELECT id FROM doomed)
  ), refunds_gone AS (
    DELETE FROM refunds WHERE transaction_id IN (SELECT id FROM doomed)
  ), gone AS (
    DELETE FROM transactions WHERE id IN (SELECT id FROM doomed) RETURNING 1
  )
  SELECT count(*)::int AS n FROM gone`;

export class PostgresPaymentRetentionStore implements PaymentRetentionStore {
  constructor(private readonly db: Database) {}

  async deletePaymentsPastRetention(years: number, limit: number): Promise<number> {
    const rows = await this.db.query<{ n: number }>(DELETE_BATCH, [years, limit]);
    return Number(rows[0]?.n ?? 0);
  }
}
