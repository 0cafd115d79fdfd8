import { type Refund } from '../../domain/ops/refund';
import { type Member } from '../../domain/member';
import { type AuditCheckpoint, type AuditEntry } from '../../domain/ops/audit-chain';
import {
  type PendingOperatorChange,
  type UnconfirmedOperator,
} from '../../ports/operator-approvals.port';
import { type Operator, type OperatorSessionRecord } from '../../domain/ops/operator';
import { type ChallengeRecord, type PasskeyRecord } from '../../domain/passkey';
import { type SessionRecord } from '../../domain/session-policy';
import { type SmsCodeRecord } from '../../domain/sms-code-policy';
import { type SmsDeliveryUpdate } from '../../domain/sms-delivery';
import { type Transaction } from '../../domain/transaction';
import { type SmsRequestRecord } from '../../ports/sms-code-store.port';
import { type CallbackRecord } from '../../ports/transaction-store.port';

/**
 * A constraint the PostgreSQL schema enforces, raised with the same SQLSTATE `code` and
 * `constraint` name as the drivers report, so callers that inspect database errors (for example
 * `isUniqueViolation`) treat both adapters alike.
 */
export class ConstraintViolation extends Error {
  constructor(
    readonly code: '23505' | '23503' | '23514',
    readonly constraint: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConstraintViolation';
  }
}

export const uniqueViolation = (constraint: string): ConstraintViolation =>
  new ConstraintViolation(
    '23505',
    constraint,
    `duplicate key value violates unique constraint "${constraint}"`,
  );

export const foreignKeyViolation = (constraint: string): ConstraintViolation =>
  new ConstraintViolation(
    '23503',
    constraint,
    `insert or update violates foreign key constraint "${constraint}"`,
  );

export const checkViolation = (constraint: string): ConstraintViolation =>
  new ConstraintViolation('23514', constraint, `new row violates check constraint "${constraint}"`);

/**
 * Undo steps of the writes made inside one unit (the in-memory unit of work, or a locked payment):
 * run newest first when the unit fails, so nothing it wrote survives.
 */
export class UndoJournal {
  private readonly steps: (() => void)[] = [];

  push(step: () => void): void {
    this.steps.push(step);
  }

  rollback(): void {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) step();
  }
}

/**
 * One table: rows by primary key. Rows are copied in and out, so a caller changing an object it
 * got never changes the stored row (a database hands out fresh rows too).
 */
export class InMemoryTable<Row> {
  private readonly rows = new Map<string, Row>();

  constructor(readonly name: string) {}

  get(key: string): Row | undefined {
    const row = this.rows.get(key);
    return row === undefined ? undefined : structuredClone(row);
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  /** Copies of every row, in insertion order. */
  all(): Row[] {
    return [...this.rows.values()].map((row) => structuredClone(row));
  }

  /** Rows matching a test, without copying: for reads that only compare fields. */
  find(test: (row: Readonly<Row>) => boolean): Readonly<Row>[] {
    return [...this.rows.values()].filter(test);
  }

  insert(key: string, row: Row, journal?: UndoJournal): void {
    if (this.rows.has(key)) throw uniqueViolation(`${this.name}_pkey`);
    this.rows.set(key, structuredClone(row));
    journal?.push(() => this.rows.delete(key));
  }

  /** Replaces an existing row; false when there is none (an UPDATE that matched nothing). */
  update(key: string, change: (row: Row) => Row, journal?: UndoJournal): boolean {
    const before = this.rows.get(key);
    if (before === undefined) return false;
    this.rows.set(key, structuredClone(change(structuredClone(before))));
    journal?.push(() => this.rows.set(key, before));
    return true;
  }

  delete(key: string, journal?: UndoJournal): boolean {
    const before = this.rows.get(key);
    if (before === undefined) return false;
    this.rows.delete(key);
    journal?.push(() => this.rows.set(key, before));
    return true;
  }
}

/** Runs async sections one at a time, in call order. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(section: () => Promise<T>): Promise<T> {
    const result = this.tail.then(section);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** One Mutex per key (a row lock), dropped again once nobody waits on it. */
export class KeyedMutex {
  private readonly locks = new Map<string, { mutex: Mutex; users: number }>();

  async run<T>(key: string, section: () => Promise<T>): Promise<T> {
    let lock = this.locks.get(key);
    if (!lock) {
      lock = { mutex: new Mutex(), users: 0 };
      this.locks.set(key, lock);
    }
    lock.users += 1;
    try {
      return await lock.mutex.run(section);
    } finally {
      lock.users -= 1;
      if (lock.users === 0) this.locks.delete(key);
    }
  }
}

export interface SessionRow extends SessionRecord {
  tokenHash: string;
  /** sessions.device_label (migration 008). */
  deviceLabel: string | null;
}

export interface TransactionRow extends Transaction {
  finalisedAt: Date | null;
  /** The gateway's own id of the payment (a Billplz bill id), unique when set. */
  gatewayRef: string | null;
  /** Given when the payment completes (receipt_number), unique when set. */
  receiptNumber: string | null;
}

/** The last receipt sequence handed out in a year (receipt_counters). */
export interface ReceiptCounterRow {
  year: number;
  lastNumber: number;
}

export interface IdempotencyKeyRow {
  memberId: string;
  idempotencyKey: string;
  transactionId: string;
  createdAt: Date;
}

/** What became of one code's SMS (sms_codes' delivery columns). */
export interface SmsDeliveryRow extends SmsDeliveryUpdate {
  codeId: string;
  providerMessageId: string | null;
}

export interface CallbackRow extends CallbackRecord {
  id: number;
}

/**
 * The state every in-memory store of one container shares, table by table as in the schema, so
 * the stores see each other's writes (a session's member must exist, a unit of work spans all).
 */
export class InMemoryTables {
  readonly members = new InMemoryTable<Member>('members');
  readonly sessions = new InMemoryTable<SessionRow>('sessions');
  readonly smsCodes = new InMemoryTable<SmsCodeRecord>('sms_codes');
  readonly smsRequests = new InMemoryTable<SmsRequestRecord>('sms_requests');
  /** sms_codes' delivery columns, by code id (kept apart so that a code reads as it always did). */
  readonly smsDeliveries = new InMemoryTable<SmsDeliveryRow>('sms_codes_delivery');
  readonly loginFailures = new InMemoryTable<{ id: string; accountKey: string; at: Date }>(
    'login_failures',
  );
  readonly transactions = new InMemoryTable<TransactionRow>('transactions');
  readonly idempotencyKeys = new InMemoryTable<IdempotencyKeyRow>('payment_idempotency_keys');
  readonly callbacks = new InMemoryTable<CallbackRow>('payment_callbacks');
  readonly receiptCounters = new InMemoryTable<ReceiptCounterRow>('receipt_counters');
  /** The refunds table holds the domain's refunds as they are: every column is one of its fields. */
  readonly refunds = new InMemoryTable<Refund>('refunds');
  readonly passkeys = new InMemoryTable<PasskeyRecord>('passkeys');
  /** Keyed by the challenge itself. */
  readonly webauthnChallenges = new InMemoryTable<ChallengeRecord>('webauthn_challenges');

  /** members.sign_in_disabled_at, by member id (set only while disabled). */
  readonly signInDisabled = new InMemoryTable<{ memberId: string; at: Date }>(
    'member_sign_in_disabled',
  );
  readonly operators = new InMemoryTable<Operator>('operators');
  /** Keyed by the token's hash. */
  readonly operatorEnrolments = new InMemoryTable<{
    tokenHash: string;
    operatorId: string;
    expiresAt: Date;
    usedAt: Date | null;
  }>('operator_enrolments');
  readonly operatorSessions = new InMemoryTable<OperatorSessionRecord & { tokenHash: string }>(
    'operator_sessions',
  );
  readonly operatorPasskeys = new InMemoryTable<PasskeyRecord>('operator_passkeys');
  readonly operatorWebauthnChallenges = new InMemoryTable<ChallengeRecord>(
    'operator_webauthn_challenges',
  );
  /** Keyed by operator id. */
  readonly operatorUnconfirmed = new InMemoryTable<UnconfirmedOperator>('operator_unconfirmed');
  readonly operatorChanges = new InMemoryTable<PendingOperatorChange>('operator_changes');
  /** Keyed by seq. */
  readonly auditLog = new InMemoryTable<AuditEntry>('audit_log');
  /** Keyed by the number of entries. */
  readonly auditCheckpoints = new InMemoryTable<AuditCheckpoint>('audit_checkpoints');

  /** Units of work run one at a time, as on PGlite's single connection. */
  readonly unitOfWorkLock = new Mutex();
  /** Per-payment locks for withLockedTransaction (SELECT ... FOR UPDATE). */
  readonly transactionLocks = new KeyedMutex();
  private callbackSequence = 0;

  nextCallbackId(): number {
    this.callbackSequence += 1;
    return this.callbackSequence;
  }
}
