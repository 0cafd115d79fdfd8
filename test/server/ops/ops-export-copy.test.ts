import { PostgresPaymentReports } from '../../../server/adapters/postgres/postgres-payment-reports.adapter';
import { CLI } from '../../../server/use-cases/ops/actor';
import { CsvRecordCounter } from '../../../server/use-cases/ops/payment-export-csv';
import { PAYMENT_EXPORT_COLUMNS } from '../../../src/contract/ops-payments-api';
import { eachDatabase } from '../../../scripts/support/databases';
import { registerAndLogin } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

describe('the export counts the CSV records it hands out', () => {
  it('counts newlines outside quoted cells, across chunks', () => {
    const counter = new CsvRecordCounter();
    expect(counter.count('a,b\nc,d\n')).toBe(2);
    // A quoted cell with a newline and an escaped quote, cut in the middle.
    expect(counter.count('"two\nli')).toBe(0);
    expect(counter.count(Buffer.from('nes ""x""",e\n'))).toBe(1);
    expect(counter.count(new Uint8Array(Buffer.from('f\n"\n"\n')))).toBe(2);
    expect(counter.count('no end')).toBe(0);
  });
});

// About 10 MB of CSV: more than the socket buffers hold, so the COPY is still running mid-read.
const PAYMENTS = 100_000;
const PART = 20_000;

/**
 * PostgreSQL writes the export's CSV itself (COPY ... TO STDOUT) on a connection of its own;
 * a reader that stops mid-stream cancels it, and nothing stays running or held.
 */
for (const database of eachDatabase().filter((name) => name === 'postgres')) {
  describe(`the payments export through COPY on ${database}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database });
      const member = await registerAndLogin(t.baseUrl);
      // In parts, each well within the pool's statement timeout.
      for (let first = 1; first <= PAYMENTS; first += PART) {
        await t.container.db.query(
          `INSERT INTO transactions
             (id, member_id, amount_sen, payment_method, status, created_at, updated_at, gateway)
           SELECT 'TXN' || translate(lpad(i::text, 24, '0'), '0123456789', 'ABCDEFGHIJ'), $1,
                  5000 + i, 'qr', 'pending', $2::timestamptz - i * interval '1 second',
                  $2::timestamptz, 'sandbox'
             FROM generate_series($3::int, $4::int) AS i`,
          [member.user_id, new Date(t.clock.now()), first, first + PART - 1],
        );
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    const copyBackends = (state: string) =>
      t.container.db.query<{ query: string }>(
        `SELECT query FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND state = $1 AND query LIKE 'COPY (%'`,
        [state],
      );

    it('streams from a running COPY and cancels it when the reader stops', async () => {
      const reports = new PostgresPaymentReports(t.container.db);
      const chunks = reports.exportCsv({});
      expect(chunks).not.toBeNull();
      const first = await chunks?.next();
      expect(first?.done).toBe(false);
      // The server waits on the reader: a million rows never pile up in this process.
      expect(await copyBackends('active')).toHaveLength(1);
      await chunks?.return(undefined);
      expect(await copyBackends('active')).toEqual([]);
      const pool = t.container.db.poolStats?.();
      expect(pool?.idle).toBe(pool?.total);
      // The whole export still runs afterwards, every row once.
      const counter = new CsvRecordCounter();
      let records = 0;
      for await (const chunk of reports.exportCsv({}) ?? []) records += counter.count(chunk);
      expect(records).toBe(PAYMENTS);
    });

    it('makes the whole file of it, audited with every record sent', async () => {
      const answer = t.container.paymentReporting.exportCsv(CLI, { status: 'pending' });
      if (!answer.ok) throw new Error('the export was refused');
      const parts: Buffer[] = [];
      for await (const chunk of answer.value.body) parts.push(Buffer.from(chunk));
      const lines = Buffer.concat(parts).toString('utf8').split('\n');
      expect(lines[0]).toBe(`\uFEFF${PAYMENT_EXPORT_COLUMNS.join(',')}`);
      expect(lines).toHaveLength(PAYMENTS + 2);
      expect(lines[PAYMENTS + 1]).toBe('');
      expect(lines[1]).toMatch(/^,TXN[A-J]{24},sandbox,,[0-9a-f-]{36},50\.01,0\.00,pending,\d{4}-/);
      const [entry] = await t.container.audit.list({ action: 'payments.export', limit: 1 });
      expect(entry.changes).toEqual({
        filters: { before: null, after: { status: 'pending' } },
        rows: { before: null, after: PAYMENTS },
        complete: { before: null, after: true },
      });
    });
  });
}
