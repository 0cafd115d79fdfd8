import { type Refund } from '../../domain/ops/refund';
import { type RefundStatus } from '../../../src/contract/ops-payments-api';
import { type PaymentFilter } from '../../domain/ops/payment-filter';
import {
  type DirectoryPayment,
  type DirectoryRefund,
  type NamedOperator,
  OPEN_REFUND_STATUSES,
  type PaymentDirectory,
  type PaymentKey,
  type PaymentMessage,
  type QueuedRefund,
  type RefundKey,
} from '../../ports/payment-directory.port';
import { type InMemoryTables, type TransactionRow } from './in-memory-tables';

/** Newest first by (time, id), as `ORDER BY ... DESC, id DESC`. */
const newestFirst = (a: { at: number; id: string }, b: { at: number; id: string }) =>
  a.at === b.at ? (a.id < b.id ? 1 : -1) : b.at - a.at;

const before = (row: { at: number; id: string }, key: { at: number; id: string }) =>
  row.at < key.at || (row.at === key.at && row.id < key.id);

/** The console's reads of payments in memory, with PostgresPaymentDirectory's rules. */
export class InMemoryPaymentDirectory implements PaymentDirectory {
  constructor(private readonly tables: InMemoryTables) {}

  async search(
    filter: PaymentFilter,
    page: { after?: PaymentKey; limit: number },
  ): Promise<DirectoryPayment[]> {
    const after = page.after && {
      at: new Date(page.after.createdAt).getTime(),
      id: page.after.transactionId,
    };
    return this.tables.transactions
      .find((row) => this.matches(row, filter))
      .map((row) => ({ row, at: row.createdAt.getTime(), id: row.transactionId }))
      .filter((each) => after === undefined || before(each, after))
      .sort(newestFirst)
      .slice(0, page.limit)
      .map(({ row }) => this.paymentOf(row));
  }

  async byId(transactionId: string): Promise<DirectoryPayment | null> {
    const row = this.tables.transactions.get(transactionId);
    return row === undefined ? null : this.paymentOf(row);
  }

  async messagesOf(transactionId: string): Promise<PaymentMessage[]> {
    return this.tables.callbacks
      .find((row) => row.transactionId === transactionId)
      .map((row) => ({ ...row }))
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id - b.id)
      .map((row) => ({
        source: row.source,
        result: row.result,
        reason: row.reason,
        payload: row.payload,
        receivedAt: new Date(row.receivedAt),
        operator: row.operatorId ? this.operator(row.operatorId) : null,
      }));
  }

  async refundsOf(transactionId: string): Promise<DirectoryRefund[]> {
    return this.tables.refunds
      .find((row) => row.transactionId === transactionId)
      .map((row) => ({ row, at: row.requestedAt.getTime(), id: row.id }))
      .sort((a, b) => -newestFirst(a, b))
      .map(({ row }) => this.refundOf(row));
  }

  async openRefunds(
    status: RefundStatus | undefined,
    page: { after?: RefundKey; limit: number },
  ): Promise<QueuedRefund[]> {
    const statuses = status === undefined ? OPEN_REFUND_STATUSES : [status];
    const after = page.after && { at: page.after.requestedAt.getTime(), id: page.after.id };
    return this.tables.refunds
      .find((row) => statuses.includes(row.status))
      .map((row) => ({ row, at: row.requestedAt.getTime(), id: row.id }))
      .filter((each) => after === undefined || before(each, after))
      .sort(newestFirst)
      .slice(0, page.limit)
      .map(({ row }) => {
        const payment = this.tables.transactions.get(row.transactionId);
        if (payment === undefined) throw new Error(`refund ${row.id} without its payment`);
        return {
          ...this.refundOf(row),
          paymentAmountSen: payment.amountSen,
          gateway: payment.gateway,
        };
      });
  }

  private matches(row: Readonly<TransactionRow>, filter: PaymentFilter): boolean {
    const { ref, member } = filter;
    if (ref !== undefined && ![row.transactionId, row.receiptNumber, row.gatewayRef].includes(ref))
      return false;
    if (member !== undefined) {
      const owner = this.tables.members.get(row.memberId);
      if (owner === undefined) return false;
      if (!member.includes(owner.phoneNo) && !member.includes(owner.icOrPassport)) return false;
    }
    if (filter.status !== undefined && row.status !== filter.status) return false;
    if (filter.gateway !== undefined && row.gateway !== filter.gateway) return false;
    if (filter.from !== undefined && row.createdAt < filter.from) return false;
    if (filter.until !== undefined && row.createdAt >= filter.until) return false;
    if (filter.minSen !== undefined && row.amountSen < filter.minSen) return false;
    return filter.maxSen === undefined || row.amountSen <= filter.maxSen;
  }

  private paymentOf(row: Readonly<TransactionRow>): DirectoryPayment {
    const member = this.tables.members.get(row.memberId);
    if (member === undefined) throw new Error(`payment ${row.transactionId} without its member`);
    const refundedSen = this.tables.refunds
      .find((refund) => refund.transactionId === row.transactionId && refund.status === 'refunded')
      .reduce((sum, refund) => sum + refund.amountSen, 0);
    return {
      transactionId: row.transactionId,
      receiptNumber: row.receiptNumber,
      gateway: row.gateway,
      gatewayRef: row.gatewayRef,
      amountSen: row.amountSen,
      refundedSen,
      status: row.status,
      createdAt: new Date(row.createdAt),
      paidAt: row.status === 'completed' && row.finalisedAt ? new Date(row.finalisedAt) : null,
      finalisedAt: row.finalisedAt === null ? null : new Date(row.finalisedAt),
      member: { id: member.id, name: member.name, phoneNo: member.phoneNo },
      key: { createdAt: row.createdAt.toISOString(), transactionId: row.transactionId },
    };
  }

  private refundOf(row: Readonly<Refund>): DirectoryRefund {
    return {
      id: row.id,
      transactionId: row.transactionId,
      amountSen: row.amountSen,
      status: row.status,
      method: row.method,
      reason: row.reason,
      requestedBy: this.operator(row.requestedBy),
      requestedAt: new Date(row.requestedAt),
      decidedBy: row.decidedBy === null ? null : this.operator(row.decidedBy),
      decidedAt: row.decidedAt === null ? null : new Date(row.decidedAt),
      decisionReason: row.decisionReason,
      reference: row.reference,
      closedBy: row.closedBy === null ? null : this.operator(row.closedBy),
      transferDate: row.transferDate,
      failureReason: row.failureReason,
      refundedAt: row.refundedAt === null ? null : new Date(row.refundedAt),
      updatedAt: new Date(row.updatedAt),
    };
  }

  private operator(id: string): NamedOperator {
    return { id, name: this.tables.operators.get(id)?.name ?? '' };
  }
}
