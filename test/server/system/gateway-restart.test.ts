import { rmSync } from 'node:fs';
import { FakeBillplz } from '../support/fake-billplz';
import { FakeToyyibPay } from '../support/fake-toyyibpay';
import { login, registerMember, aMember } from '../support/members';
import { newPayment, paymentStatus } from '../support/payments';
import { migratedDataDir, type ServerProcess, startServerProcess } from '../support/server-process';

jest.setTimeout(240_000);

const BILLPLZ = { apiKey: 'restart-api-key', collectionId: 'restartc', xSignatureKey: 'S-restart' };
const TOYYIBPAY = { userSecretKey: 'restart-secret-key', categoryCode: 'restartcat' };

async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

/**
 * The server is started with GATEWAY=billplz and a payment is left pending; it is restarted with
 * new payments going to ToyyibPay (and Billplz still among GATEWAYS). The Billplz payment still
 * completes: by its callback in one run, by reconciliation in the other. Between the two starts
 * of the reconciliation run, a start that leaves Billplz out warns how many payments wait on it.
 */
describe.each(['callback', 'reconciliation'] as const)(
  'a pending Billplz payment across a gateway switch completes by %s',
  (how) => {
    let billplz: FakeBillplz;
    let toyyibpay: FakeToyyibPay;
    let dataDir: string;
    let server: ServerProcess | undefined;

    beforeAll(async () => {
      billplz = await new FakeBillplz(BILLPLZ).start();
      toyyibpay = await new FakeToyyibPay(TOYYIBPAY).start();
      // One PGlite directory across the restarts, migrated already (no initdb in the first).
      dataDir = await migratedDataDir();
    });
    afterAll(async () => {
      if (server) await stop(server);
      await billplz?.close();
      await toyyibpay?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const env = (gateway: string, gateways: string) => ({
      DATA_DIR: dataDir,
      GATEWAY: gateway,
      GATEWAYS: gateways,
      BILLPLZ_API_KEY: BILLPLZ.apiKey,
      BILLPLZ_COLLECTION_ID: BILLPLZ.collectionId,
      BILLPLZ_X_SIGNATURE_KEY: BILLPLZ.xSignatureKey,
      BILLPLZ_STAGING_URL: billplz.url,
      TOYYIBPAY_USER_SECRET_KEY: TOYYIBPAY.userSecretKey,
      TOYYIBPAY_CATEGORY_CODE: TOYYIBPAY.categoryCode,
      TOYYIBPAY_STAGING_URL: toyyibpay.url,
      RECONCILE_INTERVAL_S: '0',
      RECONCILE_AFTER_S: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    });

    it('completes, while new payments go to ToyyibPay', async () => {
      server = await startServerProcess(env('billplz', 'billplz'));
      const member = aMember();
      await registerMember(server.baseUrl, member);
      let who = await login(server.baseUrl, member);
      const pending = await newPayment(server.baseUrl, who, '123.45');
      const staleAt = Date.now() + 1100;
      const billId = new URL(pending.gateway.url).pathname.split('/').pop() ?? '';
      expect(billplz.bills.has(billId)).toBe(true);
      await stop(server);

      if (how === 'reconciliation') {
        server = await startServerProcess(env('toyyibpay', 'toyyibpay'));
        expect(server.output()).toMatch(/1 pending payment\(s\) wait on gateway billplz/);
        await stop(server);
      }

      server = await startServerProcess(env('toyyibpay', 'toyyibpay,billplz'));
      who = await login(server.baseUrl, member);
      const next = await newPayment(server.baseUrl, who, '50.00');
      expect(new URL(next.gateway.url).origin).toBe(toyyibpay.url);
      expect(next.callbackUrl).toMatch(/\/api\/payment\/callback\/toyyibpay$/);

      const paid = billplz.pay(billId, true);
      if (how === 'callback') {
        // Billplz posts to the callback address the bill was made with: the bare path's alias
        // and the named path both reach the payment's own gateway.
        const res = await fetch(`${server.baseUrl}/api/payment/callback/billplz`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: paid.callbackBody,
        });
        expect(res.status).toBe(200);
      } else {
        // Stale after RECONCILE_AFTER_S: the status read asks the payment's own gateway. The
        // restarts have mostly taken longer already; what is left of the second is waited for.
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, staleAt - Date.now())));
      }
      expect(await paymentStatus(server.baseUrl, pending.payment_id, who)).toBe('completed');
      expect(await paymentStatus(server.baseUrl, next.payment_id, who)).toBe('pending');
    });
  },
);
