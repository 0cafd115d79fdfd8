import { randomUUID } from 'node:crypto';
import { type Refund } from '../../../server/domain/ops/refund';
import { type Database } from '../../../server/adapters/postgres/database';

/**
 * A refund row as the console's refund steps leave it, for tests of the stores that only read
 * refunds. `refunded` gets its `refundedAt`, a decided status its decider: the table's checks
 * hold unless an override breaks them.
 */
export function aRefundRow(
  overrides: Partial<Refund> & Pick<Refund, 'transactionId' | 'requestedBy'>,
): Refund {
  const status = overrides.status ?? 'refunded';
  const requestedAt = overrides.requestedAt ?? new Date(Date.UTC(2026, 0, 2, 9, 0, 0));
  const decidedAt = status === 'requested' ? null : new Date(requestedAt.getTime() + 60_000);
  const refundedAt = status === 'refunded' ? new Date(requestedAt.getTime() + 120_000) : null;
  return {
    id: randomUUID(),
    amountSen: 1_000,
    status,
    method: 'api',
    reason: 'Paid twice',
    requestedAt,
    decidedBy: status === 'requested' ? null : (overrides.decidedBy ?? randomUUID()),
    decidedAt,
    decisionReason: null,
    reference: status === 'refunded' ? 'RF-1' : null,
    closedBy: null,
    transferDate: null,
    failureReason: status === 'refund_failed' ? 'Gateway refused' : null,
    attempts: status === 'requested' || status === 'rejected' ? 0 : 1,
    refundedAt,
    updatedAt: refundedAt ?? decidedAt ?? requestedAt,
    ...overrides,
  };
}

/** Inserts a refund row into the refunds table column by column. */
export async function insertRefundRow(db: Database, row: Refund): Promise<void> {
  await db.query(
    `INSERT INTO refunds (id, transaction_id, amount_sen, status, method, reason, requested_by,
       requested_at, decided_by, decided_at, decision_reason, reference, transfer_date,
       failure_reason, attempts, refunded_at, updated_at, closed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [
      row.id,
      row.transactionId,
      row.amountSen,
      row.status,
      row.method,
      row.reason,
      row.requestedBy,
      row.requestedAt,
      row.decidedBy,
      row.decidedAt,
      row.decisionReason,
      row.reference,
      row.transferDate,
      row.failureReason,
      row.attempts,
      row.refundedAt,
      row.updatedAt,
      row.closedBy,
    ],
  );
}
