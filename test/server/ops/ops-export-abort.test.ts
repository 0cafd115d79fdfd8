import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { type FastifyInstance } from 'fastify';
import { buildOpsApp } from '../../../server/ops-http/app';
import { eachDatabase } from '../../../scripts/support/databases';
import { CSRF_HEADER } from '../../../src/contract/ops-api';
import { OpsPaymentPaths } from '../../../src/contract/ops-payments-api';
import { registerAndLogin } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { type OpsHarness, operatorSignedIn } from './ops-support';

jest.setTimeout(90_000);

const PAYMENTS = 30_000;

/**
 * The CSV export over real HTTP on PostgreSQL: a client that cuts the connection after the first
 * bytes leaves no query running and no connection held, and the export is audited with the rows
 * it sent.
 */
for (const database of eachDatabase().filter((name) => name === 'postgres')) {
  describe(`the payments export cut off by the client on ${database}`, () => {
    let t: TestApp;
    let ops: FastifyInstance;
    let url: string;
    beforeAll(async () => {
      t = await startTestApp({ database });
      ops = await buildOpsApp(t.container, t.config, { distDir: '/nonexistent' });
      await ops.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(ops.server.address() as AddressInfo).port}/api`;
      const member = await registerAndLogin(t.baseUrl);
      await t.container.db.query(
        `INSERT INTO transactions
           (id, member_id, amount_sen, payment_method, status, created_at, updated_at, gateway)
         SELECT 'TXN' || translate(lpad(i::text, 24, '0'), '0123456789', 'ABCDEFGHIJ'), $1,
                5000 + i, 'qr', 'pending', $2::timestamptz - i * interval '1 second',
                $2::timestamptz, 'sandbox'
           FROM generate_series(1, $3::int) AS i`,
        [member.user_id, new Date(t.clock.now()), PAYMENTS],
      );
    });
    afterAll(async () => {
      await ops?.close();
      await t?.close();
    });

    /** Backends of this database running or holding the export's cursor, but this one. */
    const exportBackends = () =>
      t.container.db.query<{ state: string; query: string }>(
        `SELECT state, query FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND (state <> 'idle' AND query ILIKE '%batches_cursor%'
                 OR state LIKE 'idle in transaction%')`,
      );

    it('closes the cursor and frees the connection, and audits the rows sent', async () => {
      const h = { server: { container: t.container, clock: t.clock }, app: ops } as OpsHarness;
      const finance = await operatorSignedIn(h, 'finance');
      let received = 0;
      await new Promise<void>((resolve, reject) => {
        const request = http.get(
          `${url}${OpsPaymentPaths.paymentsExport}`,
          { headers: { cookie: finance.cookie, [CSRF_HEADER]: finance.csrf } },
          (response) => {
            expect(response.statusCode).toBe(200);
            response.on('data', (chunk: Buffer) => {
              received += chunk.length;
              // Mid-stream: a few batches in, far from the end.
              if (received > 200_000) {
                request.destroy();
                resolve();
              }
            });
            response.on('end', () => reject(new Error('the export ended before the cut')));
          },
        );
        request.on('error', () => undefined);
      });
      const settled = async () => {
        for (let waited = 0; waited < 5000; waited += 50) {
          const entries = await t.container.audit.list({ action: 'payments.export', limit: 1 });
          if (entries.length === 1) return entries[0];
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error('the export was never audited');
      };
      const entry = await settled();
      const rows = entry.changes?.rows.after as number;
      expect(entry.changes?.complete).toEqual({ before: null, after: false });
      expect(rows).toBeGreaterThan(0);
      expect(rows).toBeLessThan(PAYMENTS);
      expect(await exportBackends()).toEqual([]);
      const pool = t.container.db.poolStats?.();
      expect(pool).toBeDefined();
      expect(pool?.idle).toBe(pool?.total);
      expect(pool?.waiting).toBe(0);
    });
  });
}
