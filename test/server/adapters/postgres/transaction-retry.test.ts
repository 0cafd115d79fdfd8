import {
  type Database,
  DatabaseContentionError,
  openDatabase,
  TRANSACTION_ATTEMPTS,
} from '../../../../server/adapters/postgres/database';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../../scripts/support/databases';
import { ApiPaths } from '../../../../src/contract/api';
import { postJson } from '../../support/http';
import { registerAndLogin } from '../../support/members';
import { startTestApp } from '../../support/test-app';

jest.setTimeout(60_000);

/**
 * Two transactions that lock two rows in opposite orders deadlock; PostgreSQL breaks the cycle by
 * aborting one (40P01). The aborted one is run again from the start and both succeed; one that
 * keeps colliding fails as DatabaseContentionError, which the API answers as a coded 503.
 */
for (const database of eachDatabase().filter((name) => name === 'postgres')) {
  describe(`transactions that collide on ${database}`, () => {
    let scratch: ScratchDatabase;
    let db: Database;
    beforeAll(async () => {
      scratch = await createScratchDatabase();
      db = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
      await db.exec(`CREATE TABLE pair (id int PRIMARY KEY, n int NOT NULL);
                     INSERT INTO pair VALUES (1, 0), (2, 0);
                     SET deadlock_timeout = '100ms';`);
    });
    afterAll(async () => {
      await db?.close();
      await scratch?.drop();
    });

    it('runs the transaction the server aborted for a deadlock again, and both commit', async () => {
      let runs = 0;
      const bothLocked = barrier(2);
      const crossing = (first: number, second: number) =>
        db.transaction(async (tx) => {
          runs += 1;
          await tx.query("SET LOCAL deadlock_timeout = '100ms'");
          await tx.query('UPDATE pair SET n = n + 1 WHERE id = $1', [first]);
          await bothLocked();
          await tx.query('UPDATE pair SET n = n + 1 WHERE id = $1', [second]);
        });
      await Promise.all([crossing(1, 2), crossing(2, 1)]);

      expect(runs).toBe(3);
      expect(await db.query('SELECT id, n FROM pair ORDER BY id')).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ]);
    });

    it('gives up after its attempts with DatabaseContentionError', async () => {
      let runs = 0;
      const always = db.transaction(async () => {
        runs += 1;
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      });
      await expect(always).rejects.toBeInstanceOf(DatabaseContentionError);
      expect(runs).toBe(TRANSACTION_ATTEMPTS);
    });

    it('answers a request whose transaction kept colliding with a coded 503, never 500', async () => {
      const t = await startTestApp({ database });
      try {
        const member = await registerAndLogin(t.baseUrl);
        await t.container.db.exec(`
          CREATE FUNCTION test_collide() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END $$;
          CREATE TRIGGER test_collide BEFORE UPDATE ON members
            FOR EACH ROW EXECUTE FUNCTION test_collide();`);
        const res = await postJson(
          t.baseUrl,
          ApiPaths.updateProfile,
          { password: 'another password' },
          { token: member.token },
        );
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('1');
        expect(res.body).toMatchObject({ status: 0, code: 'SERVICE_UNAVAILABLE' });
      } finally {
        await t.close();
      }
    });
  });
}

/** A promise each of `parties` callers awaits until all of them have arrived. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived === parties) open();
    return opened;
  };
}
