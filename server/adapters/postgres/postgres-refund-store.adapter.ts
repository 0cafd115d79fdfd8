import { type RefundMethod, type RefundStatus } from '../../../src/contract/ops-payments-api';
import { type PaymentStatus } from '../../../src/contract/payment';
import { type Refund } from '../../domain/ops/refund';
import {
  type NewRefund,
  type RefundablePayment,
  type RefundRefusal,
  RefundRefused,
  type RefundSendOutcome,
  type RefundStore,
} from '../../ports/refund-store.port';
import { type Database } from './database';

interface RefundDbRow {
  id: string;
  transaction_id: string;
  amount_sen: number;
  status: RefundStatus;
  method: RefundMethod;
  reason: string;
  requested_by: string;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  reference: string | null;
  closed_by: string | null;
  transfer_date: string | null;
  failure_reason: string | null;
  attempts: number;
  refunded_at: Date | null;
  updated_at: Date;
}

const COLUMNS = `id, transaction_id, amount_sen, status, method, reason, requested_by, requested_at,
  decided_by, decided_at, decision_reason, reference, closed_by, to_char(transfer_date, 'YYYY-MM-DD') AS
  transfer_date, failure_reason, attempts, refunded_at, updated_at`;

const dateOrNull = (value: Date | null) => (value === null ? null : new Date(value));

const toRefund = (row: RefundDbRow): Refund => ({
  id: row.id,
  transactionId: row.transaction_id,
  amountSen: Number(row.amount_sen),
  status: row.status,
  method: row.method,
  reason: row.reason,
  requestedBy: row.requested_by,
  requestedAt: new Date(row.requested_at),
  decidedBy: row.decided_by,
  decidedAt: dateOrNull(row.decided_at),
  decisionReason: row.decision_reason,
  reference: row.reference,
  closedBy: row.closed_by,
  transferDate: row.transfer_date,
  failureReason: row.failure_reason,
  attempts: Number(row.attempts),
  refundedAt: dateOrNull(row.refunded_at),
  updatedAt: new Date(row.updated_at),
});

/** The trigger's constraints, by the name it raises them with, as the refusals they mean. */
const REFUSALS: Record<string, RefundRefusal> = {
  refunds_within_amount: 'REFUND_OVER_REFUNDABLE',
  refunds_payment_completed: 'PAYMENT_NOT_COMPLETED',
  refunds_status_forward: 'REFUND_NOT_PENDING',
};

/** A trigger's refusal as RefundRefused (the unit of work then rolls back); others as they are. */
function refusalOf(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code !== '23514') return error;
  const named = typeof constraint === 'string' ? REFUSALS[constraint] : undefined;
  if (named !== undefined) return new RefundRefused(named);
  // A driver that does not report the constraint's name: the trigger's own words.
  const text = typeof message === 'string' ? message : '';
  if (text.includes('would pass its amount')) return new RefundRefused('REFUND_OVER_REFUNDABLE');
  if (text.includes('is not completed')) return new RefundRefused('PAYMENT_NOT_COMPLETED');
  if (text.includes('cannot become')) return new RefundRefused('REFUND_NOT_PENDING');
  return error;
}

/**
 * Refunds on PostgreSQL (and PGlite). The `refunds_within_amount` trigger locks the payment's row
 * on every insert and status change, so two writes at the same instant on two instances queue
 * and the second sees the first; each step is a conditional UPDATE on the status it needs.
 */
export class PostgresRefundStore implements RefundStore {
  constructor(private readonly db: Database) {}

  async findPayment(transactionId: string): Promise<RefundablePayment | null> {
    const rows = await this.db.query<{
      amount_sen: number;
      status: PaymentStatus;
      gateway: string;
      gateway_ref: string | null;
    }>('SELECT amount_sen, status, gateway, gateway_ref FROM transactions WHERE id = $1', [
      transactionId,
    ]);
    const row = rows[0];
    if (row === undefined) return null;
    return {
      transactionId,
      amountSen: Number(row.amount_sen),
      status: row.status,
      gateway: row.gateway,
      gatewayRef: row.gateway_ref,
    };
  }

  async findById(id: string): Promise<Refund | null> {
    const rows = await this.db.query<RefundDbRow>(`SELECT ${COLUMNS} FROM refunds WHERE id = $1`, [
      id,
    ]);
    return rows[0] === undefined ? null : toRefund(rows[0]);
  }

  async listForPayment(transactionId: string): Promise<Refund[]> {
    const rows = await this.db.query<RefundDbRow>(
      `SELECT ${COLUMNS} FROM refunds WHERE transaction_id = $1 ORDER BY requested_at, id`,
      [transactionId],
    );
    return rows.map(toRefund);
  }

  async request(refund: NewRefund): Promise<Refund> {
    const rows = await this.write(
      `INSERT INTO refunds (id, transaction_id, amount_sen, status, method, reason, requested_by,
         requested_at, updated_at)
       VALUES ($1, $2, $3, 'requested', $4, $5, $6, $7, $7) RETURNING ${COLUMNS}`,
      [
        refund.id,
        refund.transactionId,
        refund.amountSen,
        refund.method,
        refund.reason,
        refund.requestedBy,
        refund.requestedAt,
      ],
    );
    return toRefund(rows[0] as RefundDbRow);
  }

  async decide(
    id: string,
    decision: { approve: boolean; decidedBy: string; reason: string; at: Date },
  ): Promise<Refund> {
    return this.moved(
      `UPDATE refunds SET status = $2, decided_by = $3, decided_at = $4, decision_reason = $5,
              updated_at = $4
        WHERE id = $1 AND status = 'requested' RETURNING ${COLUMNS}`,
      [
        id,
        decision.approve ? 'approved' : 'rejected',
        decision.decidedBy,
        decision.at,
        decision.reason,
      ],
    );
  }

  async recordSend(id: string, outcome: RefundSendOutcome, at: Date): Promise<Refund | null> {
    const status =
      outcome.kind === 'refunded'
        ? 'refunded'
        : outcome.kind === 'failed'
          ? 'refund_failed'
          : 'approved';
    const rows = await this.write(
      `UPDATE refunds SET status = $2, attempts = attempts + 1, updated_at = $3,
              reference = CASE WHEN $2 = 'refunded' THEN $4 ELSE reference END,
              refunded_at = CASE WHEN $2 = 'refunded' THEN $3 ELSE refunded_at END,
              failure_reason = $5
        WHERE id = $1 AND status = 'approved' RETURNING ${COLUMNS}`,
      [
        id,
        status,
        at,
        outcome.kind === 'refunded' ? outcome.reference : null,
        outcome.kind === 'refunded' ? null : outcome.reason,
      ],
    );
    return rows[0] === undefined ? null : toRefund(rows[0]);
  }

  async reopen(id: string, at: Date): Promise<Refund> {
    return this.moved(
      `UPDATE refunds SET status = 'approved', updated_at = $2
        WHERE id = $1 AND status = 'refund_failed' RETURNING ${COLUMNS}`,
      [id, at],
    );
  }

  async closeManual(
    id: string,
    transfer: { reference: string; transferDate: string; closedBy: string; at: Date },
  ): Promise<Refund> {
    return this.moved(
      `UPDATE refunds SET status = 'refunded', reference = $2, transfer_date = $3,
              refunded_at = $4, updated_at = $4, closed_by = $5
        WHERE id = $1 AND status = 'approved' AND method = 'manual' RETURNING ${COLUMNS}`,
      [id, transfer.reference, transfer.transferDate, transfer.at, transfer.closedBy],
    );
  }

  /** A conditional step: RefundRefused when the refund was not in the status it needs. */
  private async moved(text: string, params: unknown[]): Promise<Refund> {
    const rows = await this.write(text, params);
    if (rows[0] === undefined) throw new RefundRefused('REFUND_NOT_PENDING');
    return toRefund(rows[0]);
  }

  private async write(text: string, params: unknown[]): Promise<RefundDbRow[]> {
    try {
      return await this.db.query<RefundDbRow>(text, params);
    } catch (error) {
      throw refusalOf(error);
    }
  }
}
