import { InMemoryPaymentRetentionStore } from '../../../../server/adapters/in-memory/in-memory-payment-retention.adapter';
import { InMemoryTables } from '../../../../server/adapters/in-memory/in-memory-tables';
import { type Database, openDatabase } from '../../../../server/adapters/postgres/database';
import { PostgresPaymentRetentionStore } from '../../../../server/adapters/postgres/postgres-payment-retention.adapter';
import { retentionCutoff } from '../../../../server/domain/payment-retention';
import { PurgePaymentsPastRetentionUseCase } from '../../../../server/use-cases/purge-payments-past-retention.use-case';
import { FakeClock } from '../../../fakes/fake-clock';
import { eachBackend } from '../../contracts/store-backends';
import { openMigratedPglite } from '../../../../scripts/support/database-images';
import { createScratchDatabase, type ScratchDatabase } from '../../../../scripts/support/databases';
import { aMemberRow } from '../../support/in-memory-stores';

jest.setTimeout(60_000);

const YEAR_MS = 365.25 * 24 * 3600 * 1000;
const MEMBER = aMemberRow();
/** The operator who asked for each seeded payment's refund. */
const OPERATOR_ID = '00000000-0000-4000-8000-00000000f001';
const refundIdOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A payment id for `n` (below 32): 'TXN' and 24 base32 characters. */
const idOf = (n: number) => `TXN${'A'.repeat(23)}${'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[n]}`;

/** One backend: the store, and payments to seed and count (with their messages and keys). */
interface Books {
  purge: PurgePaymentsPastRetentionUseCase;
  /** A completed payment finalised at `at`, with a gateway message, an idempotency key and a refund. */
  seed(n: number, at: Date): Promise<void>;
  left(): Promise<{
    payments: string[];
    messages: number;
    keys: number;
    refunds: number;
    counters: number;
  }>;
  close(): Promise<void>;
}

async function sqlBooks(db: Database, close: () => Promise<void>): Promise<Books> {
  const m = MEMBER;
  await db.query(
    `INSERT INTO members (id, name, nationality, ic_or_passport, phone_no, password_hash, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [m.id, m.name, m.nationality, m.icOrPassport, m.phoneNo, m.passwordHash, m.createdAt],
  );
  await db.query(`INSERT INTO receipt_counters (year, last_number) VALUES (2018, 3)`);
  await db.query(
    `INSERT INTO operators (id, name, email, role, created_at) VALUES ($1, 'Fin', 'fin@ops.test', 'finance', now())`,
    [OPERATOR_ID],
  );
  return {
    purge: new PurgePaymentsPastRetentionUseCase(new PostgresPaymentRetentionStore(db), 7, 2),
    async seed(n, at) {
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO payment_idempotency_keys (member_id, idempotency_key, transaction_id, created_at)
           VALUES ($1, $2, $3, $4)`,
          [m.id, `key-${n}`, idOf(n), at],
        );
        await tx.query(
          `INSERT INTO transactions (id, member_id, amount_sen, payment_method, status, created_at, updated_at, finalised_at)
           VALUES ($1, $2, 5000, 'fpx', 'completed', $3, $3, $3)`,
          [idOf(n), m.id, at],
        );
        await tx.query(
          `INSERT INTO payment_callbacks (transaction_id, source, payload, result, received_at)
           VALUES ($1, 'callback', '{}', 'applied', $2)`,
          [idOf(n), at],
        );
        await tx.query(
          `INSERT INTO refunds (id, transaction_id, amount_sen, status, method, reason, requested_by, requested_at, updated_at)
           VALUES ($1, $2, 1000, 'requested', 'api', 'asked', $3, $4, $4)`,
          [refundIdOf(n), idOf(n), OPERATOR_ID, at],
        );
      });
    },
    async left() {
      const count = async (table: string) =>
        Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);
      const rows = await db.query<{ id: string }>('SELECT id FROM transactions ORDER BY id');
      return {
        payments: rows.map((row) => row.id),
        messages: await count('payment_callbacks'),
        keys: await count('payment_idempotency_keys'),
        refunds: await count('refunds'),
        counters: await count('receipt_counters'),
      };
    },
    close,
  };
}

function inMemoryBooks(): Books {
  const tables = new InMemoryTables();
  tables.members.insert(MEMBER.id, MEMBER);
  tables.receiptCounters.insert('2018', { year: 2018, lastNumber: 3 });
  // The in-memory store's stand-in for the database's clock.
  const clock = new FakeClock(Date.now());
  let nextMessage = 1;
  return {
    purge: new PurgePaymentsPastRetentionUseCase(
      new InMemoryPaymentRetentionStore(tables, clock),
      7,
      2,
    ),
    async seed(n, at) {
      const id = idOf(n);
      tables.idempotencyKeys.insert(`${MEMBER.id}\u0000key-${n}`, {
        memberId: MEMBER.id,
        idempotencyKey: `key-${n}`,
        transactionId: id,
        createdAt: at,
      });
      tables.transactions.insert(id, {
        transactionId: id,
        memberId: MEMBER.id,
        amountSen: 5000 as never,
        paymentMethod: 'fpx' as never,
        status: 'completed',
        gateway: 'sandbox',
        createdAt: at,
        updatedAt: at,
        finalisedAt: at,
        gatewayRef: null,
        receiptNumber: null,
      });
      const messageId = nextMessage++;
      tables.callbacks.insert(String(messageId), {
        id: messageId,
        source: 'callback',
        transactionId: id,
        payload: '{}',
        result: 'applied',
        reason: null,
        receivedAt: at,
      });
      tables.refunds.insert(refundIdOf(n), {
        id: refundIdOf(n),
        transactionId: id,
        amountSen: 1000,
        status: 'requested',
        method: 'api',
        reason: 'asked',
        requestedBy: OPERATOR_ID,
        requestedAt: at,
        decidedBy: null,
        decidedAt: null,
        decisionReason: null,
        closedBy: null,
        reference: null,
        transferDate: null,
        failureReason: null,
        attempts: 0,
        refundedAt: null,
        updatedAt: at,
      });
    },
    async left() {
      return {
        payments: tables.transactions
          .all()
          .map((tx) => tx.transactionId)
          .sort(),
        messages: tables.callbacks.all().length,
        keys: tables.idempotencyKeys.all().length,
        refunds: tables.refunds.all().length,
        counters: tables.receiptCounters.all().length,
      };
    },
    close: async () => {},
  };
}

async function open(backend: string): Promise<Books> {
  if (backend === 'in-memory') return inMemoryBooks();
  if (backend === 'pglite') {
    const db = await openMigratedPglite();
    return sqlBooks(db, () => db.close());
  }
  const scratch: ScratchDatabase = await createScratchDatabase({ migrated: true });
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  return sqlBooks(db, async () => {
    await db.close();
    await scratch.drop();
  });
}

describe('retentionCutoff', () => {
  it('keeps a payment through the seventh year after its own, in Malaysia time', () => {
    // 1 January 2026, 00:30 in Kuala Lumpur is still 31 December 2025 in UTC.
    const now = new Date(Date.UTC(2025, 11, 31, 16, 30));
    expect(retentionCutoff(now, 7)).toEqual(new Date(Date.UTC(2018, 11, 31, 16, 0)));
  });
});

describe.each(eachBackend())('the retention purge on %s', (backend) => {
  let books: Books;
  beforeEach(async () => {
    books = await open(backend);
  });
  afterEach(() => books.close());

  it('removes the payment of 8 years ago with its message, key and refund, keeps those of 7 and 6, and the receipt counters', async () => {
    const now = Date.now();
    await books.seed(8, new Date(now - 8 * YEAR_MS));
    await books.seed(7, new Date(now - 7 * YEAR_MS));
    await books.seed(6, new Date(now - 6 * YEAR_MS));

    expect(await books.purge.execute()).toEqual({ payments: 1 });
    expect(await books.left()).toEqual({
      payments: [idOf(6), idOf(7)].sort(),
      messages: 2,
      keys: 2,
      refunds: 2,
      counters: 1,
    });
    expect(await books.purge.execute()).toEqual({ payments: 0 });
  });

  it('removes a backlog in batches, all of it in one run', async () => {
    const now = Date.now();
    for (let n = 10; n < 15; n += 1) await books.seed(n, new Date(now - (9 + n / 10) * YEAR_MS));
    await books.seed(6, new Date(now - 6 * YEAR_MS));
    // Batches of 2 (set above): 2 + 2 + 1.
    expect(await books.purge.execute()).toEqual({ payments: 5 });
    expect((await books.left()).payments).toEqual([idOf(6)]);
  });
});
