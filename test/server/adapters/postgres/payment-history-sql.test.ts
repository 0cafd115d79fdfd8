import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../../../server/adapters/postgres/database';
import { migrate, MIGRATIONS_DIR } from '../../../../server/adapters/postgres/migrate';
import { generateTransactionId } from '../../../../server/domain/transaction';
import { historySql } from '../../../../server/adapters/postgres/postgres-payment-history-store.adapter';
import { postgresStoresOver } from '../../../../server/adapters/postgres/postgres-stores';
import { openEmptyPglite } from '../../../../scripts/support/database-images';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../../scripts/support/databases';
import { aMemberRow } from '../../support/in-memory-stores';

jest.setTimeout(120_000);

const RECEIPTS_MIGRATION = '006_receipts_and_history.sql';

describe.each(eachDatabase())('receipts and history in SQL on %s', (database) => {
  let scratch: ScratchDatabase | undefined;
  let db: Database;
  beforeEach(async () => {
    scratch = database === 'postgres' ? await createScratchDatabase() : undefined;
    db = scratch
      ? await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' })
      : await openEmptyPglite();
  });
  afterEach(async () => {
    await db.close();
    await scratch?.drop();
  });

  /** Stores `count` payments of one new member made a minute apart, `status` each, via SQL. */
  async function seed(
    count: number,
    status: (i: number) => string,
    finalisedAt: (i: number) => string,
  ) {
    const member = aMemberRow();
    await postgresStoresOver(db).members.insert(member);
    const ids = Array.from({ length: count }, () => generateTransactionId(randomBytes));
    await db.query(
      `INSERT INTO transactions (id, member_id, amount_sen, payment_method, status, created_at,
                                 updated_at, finalised_at)
       SELECT t, $1, 5000, 'qr', s, f, f, CASE WHEN s = 'pending' THEN NULL ELSE f END
         FROM unnest($2::text[], $3::timestamptz[], $4::text[]) AS x(s, f, t)`,
      [
        member.id,
        Array.from({ length: count }, (_n, i) => status(i)),
        Array.from({ length: count }, (_n, i) => finalisedAt(i)),
        ids,
      ],
    );
    return { ...member, ids };
  }

  it('numbers the payments completed before it, per Malaysian year, and the store goes on from there', async () => {
    // Every migration before the receipts one, then payments, then the receipts migration.
    const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    try {
      for (const name of (await readdir(MIGRATIONS_DIR)).filter((n) => n < RECEIPTS_MIGRATION)) {
        await copyFile(path.join(MIGRATIONS_DIR, name), path.join(dir, name));
      }
      await migrate(db, dir);
      const times = [
        '2025-12-31T15:59:00Z', // 23:59 in Malaysia: 2025
        '2025-12-31T16:01:00Z', // 00:01 on 1 January in Malaysia: 2026
        '2025-06-01T00:00:00Z',
        '2026-02-01T00:00:00Z',
        '2026-03-01T00:00:00Z',
      ];
      const { ids } = await seed(
        6,
        (i) => (i === 5 ? 'failed' : i === 4 ? 'pending' : 'completed'),
        (i) => times[i] ?? times[0],
      );
      await migrate(db);
      const rows = await db.query<{ id: string; receipt_number: string | null }>(
        'SELECT id, receipt_number FROM transactions',
      );
      const numberOf = new Map(rows.map((row) => [row.id, row.receipt_number]));
      expect(ids.map((id) => numberOf.get(id))).toEqual([
        'R-2025-000002',
        'R-2026-000001',
        'R-2025-000001',
        'R-2026-000002',
        null,
        null,
      ]);
      const pending = ids[4];
      const stores = postgresStoresOver(db);
      await stores.transactions.withLockedTransaction(pending, (_tx, unit) =>
        unit.finalise('completed', new Date('2026-04-01T00:00:00Z')),
      );
      expect((await stores.paymentHistory.findRecord(pending))?.receiptNumber).toBe(
        'R-2026-000003',
      );
      // Once given, a number never changes, nor moves to another payment.
      await expect(
        db.query(`UPDATE transactions SET receipt_number = 'R-2026-000009' WHERE id = $1`, [
          pending,
        ]),
      ).rejects.toThrow(/immutable/);
      await expect(
        db.query(`UPDATE transactions SET receipt_number = 'R-2026-000003' WHERE id = $1`, [
          rows[5].id,
        ]),
      ).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads a page of history through the keyset index, not a scan', async () => {
    await migrate(db);
    const members: { id: string }[] = [];
    for (let m = 0; m < 4; m += 1) {
      members.push(
        await seed(
          500,
          (i) => (i % 3 === 0 ? 'pending' : 'completed'),
          (i) => new Date(Date.UTC(2026, 0, 1) + (m * 500 + i) * 60_000).toISOString(),
        ),
      );
    }
    // A refund done of every completed payment, as the console writes them.
    await db.query(
      `INSERT INTO operators (id, name, email, role, created_at)
       VALUES ('00000000-0000-4000-8000-00000000f001', 'Fin', 'fin@ops.test', 'finance', now()),
              ('00000000-0000-4000-8000-00000000f002', 'Adm', 'adm@ops.test', 'admin', now())`,
    );
    await db.query(
      `INSERT INTO refunds (id, transaction_id, amount_sen, status, method, reason, requested_by,
         requested_at, decided_by, decided_at, refunded_at, updated_at)
       SELECT gen_random_uuid(), id, 1000, 'refunded', 'api', 'asked',
              '00000000-0000-4000-8000-00000000f001', now(),
              '00000000-0000-4000-8000-00000000f002', now(), now(), now()
         FROM transactions WHERE status = 'completed'`,
    );
    await db.exec('ANALYZE transactions, refunds');
    const plan = async (status: 'completed' | null, after: boolean) => {
      const { text, params } = historySql({
        memberId: members[1].id,
        status,
        after: after
          ? { createdAt: new Date(Date.UTC(2026, 0, 1, 12)), transactionId: 'TXNZ' }
          : null,
        limit: 21,
      });
      const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    expect(await plan(null, false)).toMatch(/Index Scan using transactions_member_history_idx/);
    expect(await plan(null, true)).toMatch(/Index Scan using transactions_member_history_idx/);
    expect(await plan('completed', true)).toMatch(
      /Index Scan using transactions_member_(status_)?history_idx/,
    );
    expect(await plan('completed', false)).not.toMatch(/Seq Scan|Sort/);
    // What each row's refunds gave back is summed over the payment's own refunds.
    expect(await plan(null, false)).toMatch(/Index Scan using refunds_transaction_idx/);
  });
});
