import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { restoreDrill } from '../../../server/backup/restore-drill';
import { takeBackup } from '../../../server/backup/take-backup';
import { signOutcome } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';
import { storeMembers } from './backup-support';

jest.setTimeout(120_000);

/**
 * `restore-drill --reconcile`: each payment pending at the backup's time is asked of the gateway
 * (here a status endpoint that answers "completed", signed), and the answer applied and printed.
 */
describe('restore drill with --reconcile', () => {
  let t: TestApp;
  let dir: string;
  let gateway: Server;
  const asked: string[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'drill-reconcile-'));
    t = await startTestApp({ database: 'pglite' });
    const signer = new HmacSha256PaymentSigner(t.config.gatewaySecret);
    gateway = createServer((request, response) => {
      const id = decodeURIComponent((request.url ?? '').split('/').pop() ?? '');
      asked.push(id);
      const body = signOutcome(signer, {
        transactionId: id,
        status: 'completed',
        amount: '123.45',
        timestamp: Math.floor(Date.now() / 1000),
      });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => gateway?.close(resolve));
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('asks the gateway about each pending payment and applies its answer', async () => {
    const ids: string[] = [];
    for (const memberId of await storeMembers(t.container, 2)) {
      const paid = await t.container.createPaymentRequest.execute({
        memberId,
        amount: '123.45',
        paymentMethod: 'qr',
      });
      if (!paid.ok) throw new Error('payment not created');
      ids.push(paid.value.transactionId);
    }
    const file = path.join(dir, 'pending.backup');
    await takeBackup({ db: t.container.db }, file);
    const { port } = gateway.address() as AddressInfo;
    const config = { ...t.config, gatewayStatusUrl: `http://127.0.0.1:${port}/status` };

    const listed = await restoreDrill(file, config);
    expect(listed.out).toContain(
      '2 payment(s) pending at the backup’s time, to re-query from the gateway once restored:',
    );
    expect(asked).toEqual([]);

    const reconciled = await restoreDrill(file, config, { reconcile: true });
    expect(reconciled.code).toBe(0);
    expect(asked.sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(reconciled.out.some((line) => line.includes(id) && line.endsWith(': completed'))).toBe(
        true,
      );
    }
  });
});
