import { OpsPaymentPaths } from '../../../src/contract/ops-payments-api';
import { get, opsHarness, type OpsHarness, operatorSignedIn } from './ops-support';

/**
 * Each console route keeps a budget per operator beside the app's per-address limit: spent on one
 * route, it answers 429 with Retry-After there, for that operator only.
 */
describe('the console: per-operator budgets', () => {
  let h: OpsHarness;
  beforeAll(async () => {
    h = await opsHarness();
  });
  afterAll(() => h.close());

  it('refuses the sixth export in a minute to one operator, not to another or elsewhere', async () => {
    const first = await operatorSignedIn(h, 'finance', 'First Finance');
    const second = await operatorSignedIn(h, 'finance', 'Second Finance');
    const exportPath = `${OpsPaymentPaths.paymentsExport}?status=completed`;
    for (let i = 0; i < 5; i += 1) {
      expect((await get(h, exportPath, first)).statusCode).toBe(200);
    }
    const refused = await get(h, exportPath, first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 0, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    expect((await get(h, exportPath, second)).statusCode).toBe(200);
    const summary = `${OpsPaymentPaths.reportSummary}?from=2026-03-01&to=2026-03-02`;
    expect((await get(h, summary, first)).statusCode).toBe(200);
  });
});
