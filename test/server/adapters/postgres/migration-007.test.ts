import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../../../server/adapters/postgres/database';
import { MIGRATIONS_DIR, migrate } from '../../../../server/adapters/postgres/migrate';
import { postgresStoresOver } from '../../../../server/adapters/postgres/postgres-stores';
import { openEmptyPglite } from '../../../../scripts/support/database-images';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../../scripts/support/databases';
import { aMemberRow } from '../../support/in-memory-stores';

jest.setTimeout(60_000);

describe.each(eachDatabase())('migration 007 on %s', (database) => {
  let scratch: ScratchDatabase | undefined;
  let db: Database;
  let before: string;
  beforeEach(async () => {
    scratch = database === 'postgres' ? await createScratchDatabase() : undefined;
    db = scratch
      ? await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' })
      : await openEmptyPglite();
    // The migrations before 007 alone, as a database made before it has them.
    before = await mkdtemp(path.join(tmpdir(), 'before-007-'));
    for (const name of await readdir(MIGRATIONS_DIR)) {
      if (/^00[1-6]_.*\.sql$/.test(name)) {
        await copyFile(path.join(MIGRATIONS_DIR, name), path.join(before, name));
      }
    }
  });
  afterEach(async () => {
    await db.close();
    await scratch?.drop();
    await rm(before, { recursive: true, force: true });
  });

  it('gives existing payments the gateway they were made with', async () => {
    await migrate(db, before);
    const member = aMemberRow();
    await postgresStoresOver(db).members.insert(member);
    const insert = (id: string, ref: string | null) =>
      db.query(
        `INSERT INTO transactions
           (id, member_id, amount_sen, payment_method, status, created_at, updated_at, gateway_ref)
         VALUES ($1, $2, 12345, 'qr', 'pending', now(), now(), $3)`,
        [id, member.id, ref],
      );
    await insert('TXNAAAAAAAAAAAAAAAAAAAAAAAA', 'billA');
    await insert('TXNBBBBBBBBBBBBBBBBBBBBBBBB', null);

    expect(await migrate(db)).toContain('007_transactions_gateway.sql');
    const rows = await db.query<{ id: string; gateway: string }>(
      'SELECT id, gateway FROM transactions ORDER BY id',
    );
    expect(rows).toEqual([
      { id: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA', gateway: 'billplz' },
      { id: 'TXNBBBBBBBBBBBBBBBBBBBBBBBB', gateway: 'sandbox' },
    ]);
    const pending = await postgresStoresOver(db).transactions.countPendingByGateway();
    expect(Object.fromEntries(pending)).toEqual({ billplz: 1, sandbox: 1 });
  });
});
