import type { PaymentMethod } from '../../src/contract/rules';
import type { Sen } from '../../src/contract/money';
import type { AuditEntryInput } from '../domain/ops/audit-chain';
import type { FinalStatus, Transaction } from '../domain/transaction';

export interface NewTransaction {
  transactionId: string;
  memberId: string;
  amountSen: Sen;
  paymentMethod: PaymentMethod;
  /** The gateway that takes this payment (PaymentGateway.name); it keeps serving it. */
  gateway: string;
  createdAt: Date;
}

export type CreatePendingResult =
  /** A new pending transaction was stored. */
  | { created: true; transaction: Transaction }
  /** The member already used this idempotency key: here is the transaction it made. */
  | { created: false; transaction: Transaction }
  /** No live member has that id (their account was deleted meanwhile): nothing was stored. */
  | { created: false; transaction: null };

/**
 * Who sent the message: the gateway's callback, its answer to a status query (reconciliation, or
 * an operator's "ask the gateway now": requery), or the payer's tab coming back (redirect).
 */
export type CallbackSource = 'callback' | 'reconcile' | 'redirect' | 'requery';
/**
 * applied: the message moved the payment; duplicate: it already had that outcome; ignored: a
 * verified message without a final outcome (a gateway telling us the payer has not paid yet).
 */
export type CallbackResult = 'applied' | 'duplicate' | 'ignored' | 'rejected';

/** One gateway message as received, kept whether or not it was accepted (audit trail). */
export interface CallbackRecord {
  source: CallbackSource;
  /** Null when the message did not even carry a well-formed id. */
  transactionId: string | null;
  /**
   * The body as received, serialised (and truncated) for the record; stored empty when the
   * payment's member has been erased (the body may name the payer).
   */
  payload: string;
  result: CallbackResult;
  reason: string | null;
  receivedAt: Date;
  /** The operator who asked the gateway (source `requery`); absent or null otherwise. */
  operatorId?: string | null;
}

/** What may be done while one payment row is locked (see withLockedTransaction). */
export interface LockedTransactionUnit {
  /** pending -> status, conditionally (WHERE status = 'pending'); true when this call changed it. */
  finalise(status: FinalStatus, at: Date): Promise<boolean>;
  recordCallback(record: CallbackRecord): Promise<void>;
  /** Appends to the audit log in the same database transaction (an operator's requery). */
  appendAudit(entry: AuditEntryInput): Promise<void>;
}

export interface TransactionStore {
  /**
   * Stores a pending transaction. With an idempotency key, the same member and key always give
   * the same transaction, even when requests race: the second waits for the first and gets its row.
   */
  createPending(tx: NewTransaction, idempotencyKey?: string): Promise<CreatePendingResult>;
  findById(transactionId: string): Promise<Transaction | null>;
  /**
   * A transaction this store holds in memory, read without waiting (a paying tab polls its status
   * every few seconds); undefined when it must be asked with findById. Optional: a store without
   * a memory of its own has none. Read only.
   */
  findHeldById?(transactionId: string): Readonly<Transaction> | undefined;
  /** `findById` for many payments in one read; an unknown id is absent. Optional, as above. */
  findManyByIds?(transactionIds: readonly string[]): Promise<ReadonlyMap<string, Transaction>>;
  /** Pending transactions created before the cut-off, oldest first. */
  listStalePending(createdBefore: Date, limit: number): Promise<Transaction[]>;
  recordCallback(record: CallbackRecord): Promise<void>;
  /**
   * Stores the gateway's id of a payment (a Billplz bill id) unless one is already stored, and
   * answers the one stored: the first attached wins, so racing idempotent requests agree.
   * Throws when the transaction does not exist or the ref already belongs to another payment.
   */
  attachGatewayRef(transactionId: string, gatewayRef: string): Promise<string>;
  /**
   * Deletes a payment the gateway never started (still pending, no gateway ref, no message
   * recorded for it), with its idempotency key, so a start that failed leaves nothing half made
   * and a retry with the same key starts afresh. True when it deleted it; false when the payment
   * is gone or has been started since (a racing request attached its gateway's reference).
   */
  discardUnstarted(transactionId: string): Promise<boolean>;
  /** The gateway's id stored for a payment; null when none (or no such payment). */
  findGatewayRef(transactionId: string): Promise<string | null>;
  /** Our transactionId for a gateway's id; null when no payment carries it. */
  findTransactionIdByGatewayRef(gatewayRef: string): Promise<string | null>;
  /**
   * Runs fn inside one database transaction with the payment's row locked, so a decision taken in
   * fn cannot race another one; resolves only after the commit (the outcome is durable).
   */
  /** How many payments are pending per gateway name (the start-up check of GATEWAYS). */
  countPendingByGateway(): Promise<Map<string, number>>;
  withLockedTransaction<T>(
    transactionId: string,
    fn: (current: Transaction | null, unit: LockedTransactionUnit) => Promise<T>,
  ): Promise<T>;
}
