import { type RefundMethod, type RefundStatus } from '../../../src/contract/ops-payments-api';
import { type PaymentStatus } from '../../../src/contract/payment';
import { type PaymentFilter } from '../../domain/ops/payment-filter';
import {
  type DirectoryPayment,
  type DirectoryRefund,
  OPEN_REFUND_STATUSES,
  type PaymentDirectory,
  type PaymentKey,
  type PaymentMessage,
  type QueuedRefund,
  type RefundKey,
} from '../../ports/payment-directory.port';
import { type CallbackResult, type CallbackSource } from '../../ports/transaction-store.port';
import { type Database } from './database';
import { paymentFilterSql } from './payment-filter-sql';

interface PaymentRow {
  id: string;
  receipt_number: string | null;
  gateway: string;
  gateway_ref: string | null;
  amount_sen: number;
  refunded_sen: number;
  status: PaymentStatus;
  created_at: Date;
  created_key: string;
  finalised_at: Date | null;
  member_id: string;
  member_name: string;
  member_phone: string;
}

/** A payment with its member and what was refunded of it (refunds_transaction_idx). */
const PAYMENT_COLUMNS = `t.id, t.receipt_number, t.gateway, t.gateway_ref, t.amount_sen, t.status,
  t.created_at, t.created_at::text AS created_key, t.finalised_at,
  m.id AS member_id, m.name AS member_name, m.phone_no AS member_phone,
  (SELECT coalesce(sum(r.amount_sen), 0)::int FROM refunds r
    WHERE r.transaction_id = t.id AND r.status = 'refunded') AS refunded_sen`;

const dateOrNull = (value: Date | null) => (value === null ? null : new Date(value));

const toPayment = (row: PaymentRow): DirectoryPayment => ({
  transactionId: row.id,
  receiptNumber: row.receipt_number,
  gateway: row.gateway,
  gatewayRef: row.gateway_ref,
  amountSen: Number(row.amount_sen),
  refundedSen: Number(row.refunded_sen),
  status: row.status,
  createdAt: new Date(row.created_at),
  paidAt: row.status === 'completed' ? dateOrNull(row.finalised_at) : null,
  finalisedAt: dateOrNull(row.finalised_at),
  member: { id: row.member_id, name: row.member_name, phoneNo: row.member_phone },
  key: { createdAt: row.created_key, transactionId: row.id },
});

interface RefundRow {
  id: string;
  transaction_id: string;
  amount_sen: number;
  status: RefundStatus;
  method: RefundMethod;
  reason: string;
  requested_by: string;
  requested_by_name: string;
  requested_at: Date;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  reference: string | null;
  closed_by: string | null;
  closed_by_name: string | null;
  transfer_date: string | null;
  failure_reason: string | null;
  refunded_at: Date | null;
  updated_at: Date;
  payment_amount_sen: number;
  gateway: string;
}

const REFUND_COLUMNS = `r.id, r.transaction_id, r.amount_sen, r.status, r.method, r.reason,
  r.requested_by, rq.name AS requested_by_name, r.requested_at,
  r.decided_by, dc.name AS decided_by_name, r.decided_at, r.decision_reason, r.reference,
  r.closed_by, cl.name AS closed_by_name,
  to_char(r.transfer_date, 'YYYY-MM-DD') AS transfer_date, r.failure_reason, r.refunded_at,
  r.updated_at, t.amount_sen AS payment_amount_sen, t.gateway`;

const REFUND_FROM = `refunds r
  JOIN transactions t ON t.id = r.transaction_id
  JOIN operators rq ON rq.id = r.requested_by
  LEFT JOIN operators dc ON dc.id = r.decided_by
  LEFT JOIN operators cl ON cl.id = r.closed_by`;

const toRefund = (row: RefundRow): QueuedRefund => ({
  id: row.id,
  transactionId: row.transaction_id,
  amountSen: Number(row.amount_sen),
  status: row.status,
  method: row.method,
  reason: row.reason,
  requestedBy: { id: row.requested_by, name: row.requested_by_name },
  requestedAt: new Date(row.requested_at),
  decidedBy:
    row.decided_by === null ? null : { id: row.decided_by, name: row.decided_by_name ?? '' },
  decidedAt: dateOrNull(row.decided_at),
  decisionReason: row.decision_reason,
  reference: row.reference,
  closedBy: row.closed_by === null ? null : { id: row.closed_by, name: row.closed_by_name ?? '' },
  transferDate: row.transfer_date,
  failureReason: row.failure_reason,
  refundedAt: dateOrNull(row.refunded_at),
  updatedAt: new Date(row.updated_at),
  paymentAmountSen: Number(row.payment_amount_sen),
  gateway: row.gateway,
});

const withoutPayment = ({
  paymentAmountSen: _amount,
  gateway: _gateway,
  ...refund
}: QueuedRefund): DirectoryRefund => refund;

/**
 * The search's statement: a page of the payments `filter` finds, newest first, after the keyset
 * `page.after` (exported so the bench can EXPLAIN the very statement the search runs).
 */
export function paymentSearchSql(
  filter: PaymentFilter,
  page: { after?: PaymentKey; limit: number },
): { text: string; params: unknown[] } {
  const where = paymentFilterSql(filter, 4);
  return {
    text: `SELECT ${PAYMENT_COLUMNS}
         FROM transactions t JOIN members m ON m.id = t.member_id
        WHERE ${where.sql}
          AND ($1::text IS NULL OR (t.created_at, t.id) < ($1::timestamptz, $2::text))
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT $3`,
    params: [
      page.after?.createdAt ?? null,
      page.after?.transactionId ?? null,
      page.limit,
      ...where.params,
    ],
  };
}

/** The console's reads of payments, their messages and refunds (PostgreSQL and PGlite). */
export class PostgresPaymentDirectory implements PaymentDirectory {
  constructor(private readonly db: Database) {}

  async search(
    filter: PaymentFilter,
    page: { after?: PaymentKey; limit: number },
  ): Promise<DirectoryPayment[]> {
    const { text, params } = paymentSearchSql(filter, page);
    const rows = await this.db.query<PaymentRow>(text, params);
    return rows.map(toPayment);
  }

  async byId(transactionId: string): Promise<DirectoryPayment | null> {
    const rows = await this.db.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS}
         FROM transactions t JOIN members m ON m.id = t.member_id
        WHERE t.id = $1`,
      [transactionId],
    );
    return rows[0] === undefined ? null : toPayment(rows[0]);
  }

  async messagesOf(transactionId: string): Promise<PaymentMessage[]> {
    const rows = await this.db.query<{
      source: CallbackSource;
      result: CallbackResult;
      reason: string | null;
      payload: string;
      received_at: Date;
      operator_id: string | null;
      operator_name: string | null;
    }>(
      `SELECT c.source, c.result, c.reason, c.payload, c.received_at,
              c.operator_id, o.name AS operator_name
         FROM payment_callbacks c LEFT JOIN operators o ON o.id = c.operator_id
        WHERE c.transaction_id = $1
        ORDER BY c.received_at, c.id`,
      [transactionId],
    );
    return rows.map((row) => ({
      source: row.source,
      result: row.result,
      reason: row.reason,
      payload: row.payload,
      receivedAt: new Date(row.received_at),
      operator:
        row.operator_id === null ? null : { id: row.operator_id, name: row.operator_name ?? '' },
    }));
  }

  async refundsOf(transactionId: string): Promise<DirectoryRefund[]> {
    const rows = await this.db.query<RefundRow>(
      `SELECT ${REFUND_COLUMNS} FROM ${REFUND_FROM}
        WHERE r.transaction_id = $1
        ORDER BY r.requested_at, r.id`,
      [transactionId],
    );
    return rows.map((row) => withoutPayment(toRefund(row)));
  }

  async openRefunds(
    status: RefundStatus | undefined,
    page: { after?: RefundKey; limit: number },
  ): Promise<QueuedRefund[]> {
    const rows = await this.db.query<RefundRow>(
      `SELECT ${REFUND_COLUMNS} FROM ${REFUND_FROM}
        WHERE r.status = ANY($1::text[])
          AND ($2::timestamptz IS NULL OR (r.requested_at, r.id) < ($2::timestamptz, $3::uuid))
        ORDER BY r.requested_at DESC, r.id DESC
        LIMIT $4`,
      [
        status === undefined ? OPEN_REFUND_STATUSES : [status],
        page.after?.requestedAt ?? null,
        page.after?.id ?? null,
        page.limit,
      ],
    );
    return rows.map(toRefund);
  }
}
