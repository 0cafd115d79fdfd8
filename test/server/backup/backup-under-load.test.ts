import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { restoreBackup, targetOf } from '../../../server/backup/restore';
import { restoreDrill } from '../../../server/backup/restore-drill';
import { takeBackup } from '../../../server/backup/take-backup';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../scripts/support/databases';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { postJson } from '../support/http';
import { signOutcome } from '../support/payments';
import { startSecondInstance } from '../support/second-instance';
import { startTestApp, type TestApp } from '../support/test-app';
import { storeMembers } from './backup-support';

jest.setTimeout(180_000);

const onPostgres = eachDatabase().includes('postgres') ? describe : describe.skip;

/**
 * A backup taken on PostgreSQL while members sign up and pay through two instances: restored,
 * every payment committed before the backup began is there, the counts match the manifest, and
 * the drill passes.
 */
onPostgres('backup while two instances take sign-ups and payments', () => {
  let first: TestApp;
  let second: TestApp;
  let dir: string;
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'backup-load-'));
    first = await startTestApp({ database: 'postgres' });
    second = await startSecondInstance(first);
    scratch = await createScratchDatabase();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await scratch?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('restores every payment committed before it, and the drill passes', async () => {
    const committed: string[] = [];
    const completed: string[] = [];
    const signer = new HmacSha256PaymentSigner(first.config.gatewaySecret);
    let running = true;
    const load = async (instance: TestApp) => {
      while (running) {
        const [memberId] = await storeMembers(instance.container, 1);
        const paid = await instance.container.createPaymentRequest.execute({
          memberId,
          amount: '123.45',
          paymentMethod: 'qr',
        });
        if (!paid.ok) throw new Error('payment not created');
        const id = paid.value.transactionId;
        committed.push(id);
        if (committed.length % 2 === 0) continue;
        // Every other one is paid: the gateway's signed callback, to the instance that took it.
        const message = signOutcome(signer, {
          transactionId: id,
          status: 'completed',
          amount: '123.45',
          timestamp: Math.floor(instance.clock.now() / 1000),
        });
        const answer = await postJson(instance.baseUrl, '/payment/callback', message);
        if (answer.status !== 200) throw new Error(`callback answered ${answer.status}`);
        completed.push(id);
      }
    };
    const loads = [load(first), load(second), load(first), load(second)];
    while (committed.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    const before = [...committed];
    const paidBefore = [...completed];
    const file = path.join(dir, 'load.backup');
    const manifest = await takeBackup(
      { db: first.container.db, databaseUrl: first.config.databaseUrl },
      file,
    );
    // Sign-ups and payments go on while it copies, and after.
    const during = committed.length;
    while (committed.length < during + 10) await new Promise((resolve) => setTimeout(resolve, 20));
    running = false;
    await Promise.all(loads);

    await restoreBackup(file, targetOf(scratch.url));
    const client = new Client({ connectionString: scratch.url });
    await client.connect();
    const restored = await client
      .query<{ id: string; status: string }>('SELECT id, status FROM transactions')
      .finally(() => client.end());
    const ids = new Set(restored.rows.map((row) => row.id));
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    const paidThere = new Set(
      restored.rows.filter((row) => row.status === 'completed').map((row) => row.id),
    );
    expect(paidBefore.filter((id) => !paidThere.has(id))).toEqual([]);
    expect(ids.size).toBe(manifest.rowCounts.transactions);
    // A member is stored before its payment: at most one per load between the two.
    expect(manifest.rowCounts.members - ids.size).toBeGreaterThanOrEqual(0);
    expect(manifest.rowCounts.members - ids.size).toBeLessThanOrEqual(loads.length);
    expect(ids.size).toBeLessThan(committed.length);

    const report = await restoreDrill(file, first.config);
    const pending = ids.size - paidThere.size;
    expect(report.out.join('\n')).toMatch(
      new RegExp(`${pending} payment\\(s\\) pending at the backup’s time`),
    );
    expect(report.code).toBe(0);
  });
});
