import { type RefundStatus } from '../../../src/contract/ops-payments-api';
import { canMove, HOLDING_STATUSES, type Refund } from '../../domain/ops/refund';
import {
  type NewRefund,
  type RefundablePayment,
  type RefundSendOutcome,
  type RefundStore,
  RefundRefused,
} from '../../ports/refund-store.port';
import { type InMemoryTables, type UndoJournal } from './in-memory-tables';

/**
 * Refunds over the in-memory tables, holding what the PostgreSQL trigger holds: a refund's
 * payment is completed, and the refunds requested, approved or done never pass its amount.
 * Units of work run one at a time here, so no lock is needed for that.
 */
export class InMemoryRefundStore implements RefundStore {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {}

  async findPayment(transactionId: string): Promise<RefundablePayment | null> {
    const payment = this.tables.transactions.get(transactionId);
    if (payment === undefined) return null;
    return {
      transactionId,
      amountSen: payment.amountSen,
      status: payment.status,
      gateway: payment.gateway,
      gatewayRef: payment.gatewayRef,
    };
  }

  async findById(id: string): Promise<Refund | null> {
    return this.tables.refunds.get(id) ?? null;
  }

  async listForPayment(transactionId: string): Promise<Refund[]> {
    return this.tables.refunds
      .all()
      .filter((refund) => refund.transactionId === transactionId)
      .sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime());
  }

  async request(refund: NewRefund): Promise<Refund> {
    const row: Refund = {
      ...refund,
      status: 'requested',
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      reference: null,
      closedBy: null,
      transferDate: null,
      failureReason: null,
      attempts: 0,
      refundedAt: null,
      updatedAt: refund.requestedAt,
    };
    this.checkWithinAmount(row);
    this.tables.refunds.insert(row.id, row, this.journal);
    return row;
  }

  async decide(
    id: string,
    decision: { approve: boolean; decidedBy: string; reason: string; at: Date },
  ): Promise<Refund> {
    return this.move(id, ['requested'], (row) => ({
      ...row,
      status: decision.approve ? 'approved' : 'rejected',
      decidedBy: decision.decidedBy,
      decidedAt: decision.at,
      decisionReason: decision.reason,
      updatedAt: decision.at,
    }));
  }

  async recordSend(id: string, outcome: RefundSendOutcome, at: Date): Promise<Refund | null> {
    if (this.tables.refunds.get(id)?.status !== 'approved') return null;
    return this.move(id, ['approved'], (row) => {
      const sent = { ...row, attempts: row.attempts + 1, updatedAt: at };
      if (outcome.kind === 'refunded') {
        return {
          ...sent,
          status: 'refunded',
          reference: outcome.reference,
          refundedAt: at,
          failureReason: null,
        };
      }
      if (outcome.kind === 'failed') {
        return { ...sent, status: 'refund_failed', failureReason: outcome.reason };
      }
      return { ...sent, failureReason: outcome.reason };
    });
  }

  async reopen(id: string, at: Date): Promise<Refund> {
    return this.move(id, ['refund_failed'], (row) => ({
      ...row,
      status: 'approved',
      updatedAt: at,
    }));
  }

  async closeManual(
    id: string,
    transfer: { reference: string; transferDate: string; closedBy: string; at: Date },
  ): Promise<Refund> {
    const row = this.tables.refunds.get(id);
    if (row?.method !== 'manual') throw new RefundRefused('REFUND_NOT_PENDING');
    return this.move(id, ['approved'], (current) => ({
      ...current,
      status: 'refunded',
      reference: transfer.reference,
      closedBy: transfer.closedBy,
      transferDate: transfer.transferDate,
      refundedAt: transfer.at,
      updatedAt: transfer.at,
    }));
  }

  /** Changes a refund that is in one of `from`, as the trigger would let it change. */
  private move(id: string, from: RefundStatus[], change: (row: Refund) => Refund): Refund {
    const before = this.tables.refunds.get(id);
    if (before === undefined || !from.includes(before.status)) {
      throw new RefundRefused('REFUND_NOT_PENDING');
    }
    const after = change(before);
    if (after.status !== before.status && !canMove(before.status, after.status)) {
      throw new RefundRefused('REFUND_NOT_PENDING');
    }
    this.checkWithinAmount(after);
    this.tables.refunds.update(id, () => after, this.journal);
    return structuredClone(after);
  }

  /** The trigger's checks: the payment is completed, and the held refunds stay within it. */
  private checkWithinAmount(row: Refund): void {
    const payment = this.tables.transactions.get(row.transactionId);
    if (payment?.status !== 'completed') throw new RefundRefused('PAYMENT_NOT_COMPLETED');
    if (!HOLDING_STATUSES.includes(row.status)) return;
    const held = this.tables.refunds
      .find(
        (other) =>
          other.transactionId === row.transactionId &&
          other.id !== row.id &&
          HOLDING_STATUSES.includes(other.status),
      )
      .reduce((sum, other) => sum + other.amountSen, 0);
    if (held + row.amountSen > payment.amountSen) {
      throw new RefundRefused('REFUND_OVER_REFUNDABLE');
    }
  }
}
