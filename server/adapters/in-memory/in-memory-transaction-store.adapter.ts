import { MAX_AMOUNT_SEN, MIN_AMOUNT_SEN } from '../../../src/contract/rules';
import { isErasedMember } from '../../domain/personal-data';
import { formatReceiptNumber, malaysiaYear } from '../../domain/receipt';
import { type FinalStatus, isTransactionId, type Transaction } from '../../domain/transaction';
import type * as store from '../../ports/transaction-store.port';
import { InMemoryAuditLog } from './in-memory-audit-log.adapter';
import {
  checkViolation,
  type InMemoryTables,
  type TransactionRow,
  UndoJournal,
  uniqueViolation,
} from './in-memory-tables';

/**
 * Payments in memory, with PostgresTransactionStore's rules and the schema's guards: a member's
 * idempotency key always gives the same transaction; status only moves pending -> completed |
 * failed and a final status never changes; at most one callback per payment is recorded as
 * applied; the id, amount range and owner are checked as the table's constraints check them.
 */
export class InMemoryTransactionStore implements store.TransactionStore {
  constructor(private readonly tables: InMemoryTables) {}

  async createPending(
    tx: store.NewTransaction,
    idempotencyKey?: string,
  ): Promise<store.CreatePendingResult> {
    // No await from here to the inserts: the key is claimed and the row stored in one step, so a
    // concurrent twin with the same key always finds the first one's transaction.
    const owner = this.tables.members.get(tx.memberId);
    if (owner === undefined || isErasedMember(owner)) return { created: false, transaction: null };
    const row = this.checkedRow(tx);
    if (idempotencyKey !== undefined) {
      const key = keyOf(tx.memberId, idempotencyKey);
      const claimed = this.tables.idempotencyKeys.get(key);
      if (claimed !== undefined) {
        const existing = this.tables.transactions.get(claimed.transactionId);
        if (existing === undefined) throw new Error('idempotency key without its transaction');
        return { created: false, transaction: toTransaction(existing) };
      }
      this.tables.transactions.insert(row.transactionId, row);
      this.tables.idempotencyKeys.insert(key, {
        memberId: tx.memberId,
        idempotencyKey,
        transactionId: tx.transactionId,
        createdAt: tx.createdAt,
      });
      return { created: true, transaction: toTransaction(row) };
    }
    this.tables.transactions.insert(row.transactionId, row);
    return { created: true, transaction: toTransaction(row) };
  }

  async findById(transactionId: string): Promise<Transaction | null> {
    const row = this.tables.transactions.get(transactionId);
    return row === undefined ? null : toTransaction(row);
  }

  async findManyByIds(
    transactionIds: readonly string[],
  ): Promise<ReadonlyMap<string, Transaction>> {
    const found = new Map<string, Transaction>();
    for (const id of transactionIds) {
      const row = this.tables.transactions.get(id);
      if (row !== undefined) found.set(id, toTransaction(row));
    }
    return found;
  }

  async listStalePending(createdBefore: Date, limit: number): Promise<Transaction[]> {
    return this.tables.transactions
      .find((row) => row.status === 'pending' && row.createdAt <= createdBefore)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((row) => toTransaction(structuredClone(row)));
  }

  async recordCallback(record: store.CallbackRecord): Promise<void> {
    this.insertCallback(record);
  }

  async attachGatewayRef(transactionId: string, gatewayRef: string): Promise<string> {
    const row = this.tables.transactions.get(transactionId);
    if (row === undefined) throw new Error(`no transaction ${transactionId} to attach a ref to`);
    // The first ref attached wins, as COALESCE(gateway_ref, $2) keeps it.
    if (row.gatewayRef !== null) return row.gatewayRef;
    const owner = this.tables.transactions.find((other) => other.gatewayRef === gatewayRef)[0];
    if (owner !== undefined) throw uniqueViolation('transactions_gateway_ref_idx');
    this.tables.transactions.update(transactionId, (current) => ({ ...current, gatewayRef }));
    return gatewayRef;
  }

  async discardUnstarted(transactionId: string): Promise<boolean> {
    const row = this.tables.transactions.get(transactionId);
    const recorded = this.tables.callbacks.find((each) => each.transactionId === transactionId);
    if (row?.status !== 'pending' || row.gatewayRef !== null || recorded.length > 0) return false;
    this.tables.transactions.delete(transactionId);
    for (const key of this.tables.idempotencyKeys.find((k) => k.transactionId === transactionId)) {
      this.tables.idempotencyKeys.delete(keyOf(key.memberId, key.idempotencyKey));
    }
    return true;
  }

  async findGatewayRef(transactionId: string): Promise<string | null> {
    return this.tables.transactions.get(transactionId)?.gatewayRef ?? null;
  }

  async findTransactionIdByGatewayRef(gatewayRef: string): Promise<string | null> {
    const owner = this.tables.transactions.find((row) => row.gatewayRef === gatewayRef)[0];
    return owner?.transactionId ?? null;
  }

  async countPendingByGateway(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const row of this.tables.transactions.find((each) => each.status === 'pending')) {
      counts.set(row.gateway, (counts.get(row.gateway) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * The payment's lock is held while fn runs; when fn throws, what it did through the unit
   * (finalise, recordCallback) is undone, as a rolled-back database transaction.
   */
  withLockedTransaction<T>(
    transactionId: string,
    fn: (current: Transaction | null, unit: store.LockedTransactionUnit) => Promise<T>,
  ): Promise<T> {
    return this.tables.transactionLocks.run(transactionId, async () => {
      const journal = new UndoJournal();
      const unit: store.LockedTransactionUnit = {
        finalise: async (status: FinalStatus, at: Date) => {
          if (this.tables.transactions.get(transactionId)?.status !== 'pending') return false;
          // As on PostgreSQL, the number is drawn in the same unit: undone with it when it fails.
          const receiptNumber =
            status === 'completed' ? nextReceiptNumber(this.tables, at, journal) : null;
          return this.tables.transactions.update(
            transactionId,
            (row) => ({ ...row, status, updatedAt: at, finalisedAt: at, receiptNumber }),
            journal,
          );
        },
        recordCallback: async (record) => this.insertCallback(record, journal),
        appendAudit: async (entry) => {
          await new InMemoryAuditLog(this.tables, journal).append(entry);
        },
      };
      const current = this.tables.transactions.get(transactionId);
      try {
        return await fn(current === undefined ? null : toTransaction(current), unit);
      } catch (error) {
        journal.rollback();
        throw error;
      }
    });
  }

  /** Every message recorded, oldest first (what the payment_callbacks table holds). */
  callbacks(): store.CallbackRecord[] {
    return this.tables.callbacks.all().map(({ id: _id, ...record }) => record);
  }

  private checkedRow(tx: store.NewTransaction): TransactionRow {
    if (!isTransactionId(tx.transactionId)) throw checkViolation('transactions_id_check');
    if (
      !Number.isSafeInteger(tx.amountSen) ||
      tx.amountSen < MIN_AMOUNT_SEN ||
      tx.amountSen > MAX_AMOUNT_SEN
    ) {
      throw checkViolation('transactions_amount_sen_check');
    }
    if (this.tables.transactions.has(tx.transactionId)) throw uniqueViolation('transactions_pkey');
    return {
      transactionId: tx.transactionId,
      memberId: tx.memberId,
      amountSen: tx.amountSen,
      paymentMethod: tx.paymentMethod,
      status: 'pending',
      gateway: tx.gateway,
      createdAt: tx.createdAt,
      updatedAt: tx.createdAt,
      finalisedAt: null,
      gatewayRef: null,
      receiptNumber: null,
    };
  }

  private insertCallback(record: store.CallbackRecord, journal?: UndoJournal): void {
    if (
      record.result === 'applied' &&
      this.tables.callbacks.find(
        (row) => row.result === 'applied' && row.transactionId === record.transactionId,
      ).length > 0
    ) {
      throw uniqueViolation('payment_callbacks_one_applied_idx');
    }
    const id = this.tables.nextCallbackId();
    const payment =
      record.transactionId === null
        ? undefined
        : this.tables.transactions.get(record.transactionId);
    const member = payment === undefined ? undefined : this.tables.members.get(payment.memberId);
    const payload = member !== undefined && isErasedMember(member) ? '' : record.payload;
    this.tables.callbacks.insert(String(id), { ...record, payload, id }, journal);
  }
}

/** The year's next receipt number (receipt_counters' row for the year, created or moved on). */
function nextReceiptNumber(tables: InMemoryTables, at: Date, journal: UndoJournal): string {
  const year = malaysiaYear(at);
  const key = String(year);
  const lastNumber = (tables.receiptCounters.get(key)?.lastNumber ?? 0) + 1;
  if (lastNumber === 1) tables.receiptCounters.insert(key, { year, lastNumber }, journal);
  else tables.receiptCounters.update(key, (row) => ({ ...row, lastNumber }), journal);
  return formatReceiptNumber(year, lastNumber);
}

/** NUL cannot occur in an idempotency key (printable ASCII), so the pair maps to one key. */
const keyOf = (memberId: string, idempotencyKey: string): string =>
  `${memberId}\u0000${idempotencyKey}`;

/** A row as the port's Transaction (dates copied, so callers never share the table's). */
export function toTransaction(row: TransactionRow): Transaction {
  return {
    transactionId: row.transactionId,
    memberId: row.memberId,
    amountSen: row.amountSen,
    paymentMethod: row.paymentMethod,
    status: row.status,
    gateway: row.gateway,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}
