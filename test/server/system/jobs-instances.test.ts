import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { type Config } from '../../../server/config';
import { JOBS } from '../../../server/wiring/scheduled-jobs';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../scripts/support/databases';
import { eventually } from '../support/instances';
import { registerAndLogin } from '../support/members';
import { newPayment, signOutcome } from '../support/payments';
import { startInstance, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const MINUTE = 60_000;

/**
 * The gateway's status endpoint: counts every query, and answers 404 (never seen), a signed
 * `completed`, or nothing until released (a sweep held in flight).
 */
class StatusEndpoint {
  readonly queries: string[] = [];
  mode: 'not_found' | 'complete' | 'complete_first_then_hang' = 'not_found';
  private readonly amounts = new Map<string, string>();
  private readonly held: ServerResponse[] = [];
  private server: Server | undefined;
  url = '';

  constructor(
    private readonly signer: () => HmacSha256PaymentSigner,
    /** The gateway's clock: the instances' (fake) one, which checks the answer's freshness. */
    private readonly now: () => number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const id = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
      this.queries.push(id);
      const amount = this.amounts.get(id);
      const hang = this.mode === 'complete_first_then_hang' && this.queries.length > 1;
      if (hang) return void this.held.push(res);
      if (this.mode === 'not_found' || amount === undefined) return void res.writeHead(404).end();
      const message = signOutcome(this.signer(), {
        transactionId: id,
        status: 'completed',
        amount,
        timestamp: Math.floor(this.now() / 1000),
      });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(message));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/status`;
  }

  knows(transactionId: string, amount: string): void {
    this.amounts.set(transactionId, amount);
  }

  async close(): Promise<void> {
    for (const res of this.held.splice(0)) res.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const onPostgres = eachDatabase().includes('postgres');

(onPostgres ? describe : describe.skip)('scheduled jobs over two instances on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let first: TestApp;
  let second: TestApp | undefined;
  let gateway: StatusEndpoint;

  const settings = (): Partial<Config> => ({
    gatewayStatusUrl: gateway.url,
    reconcileIntervalS: 1,
    reconcileAfterS: 60,
    purgeIntervalS: 0,
    shutdownGraceMs: 300,
    jobTiming: {
      retryLimit: 2,
      retryDelayMs: 1000,
      expireAfterMs: 2000,
      pollMs: 200,
      maintenanceIntervalS: 1,
    },
  });

  beforeEach(async () => {
    gateway = new StatusEndpoint(
      () => new HmacSha256PaymentSigner(first.config.gatewaySecret),
      () => first.clock.now(),
    );
    await gateway.start();
    scratch = await createScratchDatabase({ migrated: true });
    first = await startInstance({ databaseUrl: scratch.url, config: settings() });
    second = await startInstance({
      clock: first.clock,
      databaseUrl: scratch.url,
      config: settings(),
    });
  });
  afterEach(async () => {
    await second?.close();
    await first.close();
    await gateway.close();
    await scratch.drop();
  });

  /** Pending payments of one member, made stale by moving the instances' shared clock on. */
  async function stalePayments(count: number) {
    const member = await registerAndLogin(first.baseUrl);
    const payments = [];
    for (let i = 0; i < count; i += 1) payments.push(await newPayment(first.baseUrl, member));
    for (const p of payments) gateway.knows(p.transactionId, p.amount);
    await first.clock.advance(10 * MINUTE);
    return payments.map((p) => p.transactionId);
  }

  /** Successful sweeps on one instance, from its metrics. */
  async function sweeps(t: TestApp): Promise<number> {
    const { body } = await t.container.metrics.scrape();
    const line = body
      .split('\n')
      .find((each) =>
        each.startsWith(`jobs_runs_total{job="${JOBS.reconcile}",outcome="success"}`),
      );
    return line === undefined ? 0 : Number(line.split(' ')[1]);
  }

  it('asks the gateway once per stale payment per sweep, not once per instance', async () => {
    const ids = await stalePayments(3);
    await first.container.scheduler.start();
    await second?.container.scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 4500));
    await first.container.scheduler.stop();
    await second?.container.scheduler.stop();

    const runs = (await sweeps(first)) + (await sweeps(second as TestApp));
    // 4.5 s of 1-s slots: one sweep per slot in all (two instances each sweeping would be ~9).
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(6);
    for (const id of ids) expect(gateway.queries.filter((q) => q === id)).toHaveLength(runs);
    expect(gateway.queries).toHaveLength(3 * runs);
  });

  it('applies each payment once when an instance is stopped in the middle of a sweep', async () => {
    const ids = await stalePayments(2);
    gateway.mode = 'complete_first_then_hang';
    // Only the first instance sweeps: it completes one payment and hangs on the next.
    await first.container.scheduler.start();
    await eventually(async () => gateway.queries.length >= 2);
    await first.close();

    // The other instance retries the run left behind once it expires, and finishes it.
    gateway.mode = 'complete';
    await second?.container.scheduler.start();
    const db = second?.container.db;
    if (!db) throw new Error('no second instance');
    await eventually(async () => {
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM transactions WHERE status = 'completed'`,
      );
      return rows[0]?.n === 2;
    });
    const applied = await db.query<{ transaction_id: string; n: number }>(
      `SELECT transaction_id, count(*)::int AS n FROM payment_callbacks
        WHERE result = 'applied' GROUP BY transaction_id ORDER BY transaction_id`,
    );
    expect(applied).toEqual([...ids].sort().map((id) => ({ transaction_id: id, n: 1 })));
    // The payment completed before the stop was never asked about again.
    const firstAsked = gateway.queries[0];
    expect(gateway.queries.filter((q) => q === firstAsked)).toHaveLength(1);
  });
});

(onPostgres ? describe : describe.skip)('a sweep whose instance was killed, on PostgreSQL', () => {
  const INTERVAL_S = 8;
  let scratch: ScratchDatabase;
  let first: TestApp;
  let second: TestApp;
  let gateway: StatusEndpoint;

  // The engine's own timing as in production but quicker maintenance and retries; the sweep's
  // expiry is what the portal gives it (a quarter of its interval), not a test's figure.
  const settings = (): Partial<Config> => ({
    gatewayStatusUrl: gateway.url,
    reconcileIntervalS: INTERVAL_S,
    reconcileAfterS: 60,
    purgeIntervalS: 0,
    shutdownGraceMs: 100,
    jobTiming: {
      retryLimit: 2,
      retryDelayMs: 1000,
      expireAfterMs: 15 * MINUTE,
      pollMs: 200,
      maintenanceIntervalS: 1,
    },
  });

  beforeAll(async () => {
    gateway = new StatusEndpoint(
      () => new HmacSha256PaymentSigner(first.config.gatewaySecret),
      () => first.clock.now(),
    );
    await gateway.start();
    scratch = await createScratchDatabase({ migrated: true });
    first = await startInstance({ databaseUrl: scratch.url, config: settings() });
    second = await startInstance({
      clock: first.clock,
      databaseUrl: scratch.url,
      config: settings(),
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await gateway?.close();
    await scratch?.drop();
  });

  it('is run again by another instance within its interval, not after 15 minutes', async () => {
    const member = await registerAndLogin(first.baseUrl);
    for (let i = 0; i < 2; i += 1) {
      const payment = await newPayment(first.baseUrl, member);
      gateway.knows(payment.transactionId, payment.amount);
    }
    await first.clock.advance(10 * MINUTE);
    gateway.mode = 'complete_first_then_hang';
    // The first instance sweeps, completes one payment, hangs on the next, and is killed.
    await first.container.scheduler.start();
    await eventually(async () => gateway.queries.length >= 2);
    const killedAt = Date.now();
    await first.close();

    gateway.mode = 'complete';
    await second.container.scheduler.start();
    const completed = async () => {
      const rows = await second.container.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM transactions WHERE status = 'completed'`,
      );
      return rows[0]?.n ?? 0;
    };
    while ((await completed()) < 2 && Date.now() - killedAt < 2 * INTERVAL_S * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await completed()).toBe(2);
    expect(Date.now() - killedAt).toBeLessThan(INTERVAL_S * 1000);
  });
});
