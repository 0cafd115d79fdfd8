import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../../../server/config';
import { type CreatePaymentResponse } from '../../../../src/contract/api';
import { FakeToyyibPay } from '../../support/fake-toyyibpay';
import { registerAndLogin, type LoggedInMember } from '../../support/members';
import { newPayment, paymentStatus } from '../../support/payments';
import { startTestApp, type TestApp } from '../../support/test-app';

const KEYS = { userSecretKey: 'tp-costs-secret', categoryCode: 'tpcost01' };
const FORM = 'application/x-www-form-urlencoded';

/**
 * ToyyibPay signs nothing, so a callback is believed only once ToyyibPay confirms it: what a
 * forger can make us ask ToyyibPay, counted at the simulator (PGlite, over HTTP).
 */
describe('forged ToyyibPay callbacks', () => {
  let fake: FakeToyyibPay;
  let t: TestApp;
  let alice: LoggedInMember;

  beforeAll(async () => {
    fake = await new FakeToyyibPay(KEYS).start();
    const gateways = loadConfig({
      GATEWAY: 'toyyibpay',
      TOYYIBPAY_USER_SECRET_KEY: KEYS.userSecretKey,
      TOYYIBPAY_CATEGORY_CODE: KEYS.categoryCode,
      TOYYIBPAY_STAGING_URL: fake.url,
    }).gateways;
    t = await startTestApp({ database: 'pglite', config: { gateway: 'toyyibpay', gateways } });
    alice = await registerAndLogin(t.baseUrl, { name: 'Alice Tan' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const billOf = (payment: CreatePaymentResponse) =>
    new URL(payment.gateway.url).pathname.split('/').pop() ?? '';
  const callback = async (fields: Record<string, string> | string) => {
    const response = await fetch(`${t.baseUrl}/api/payment/callback/toyyibpay`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    });
    const body = (await response.json()) as { code?: string };
    return { status: response.status, code: body.code };
  };
  const forgedPaid = (billcode: string) => ({ billcode, status: '1', amount: '50.00' });
  /** `count` callbacks, `batch` at a time. */
  const flood = async (
    count: number,
    batch: number,
    make: (i: number) => Record<string, string>,
  ) => {
    const answers: { status: number; code?: string }[] = [];
    for (let i = 0; i < count; i += batch) {
      const size = Math.min(batch, count - i);
      answers.push(
        ...(await Promise.all(Array.from({ length: size }, (_, j) => callback(make(i + j))))),
      );
    }
    return answers;
  };
  const queriesFor = (code: string) => fake.statusQueries.filter((c) => c === code).length;

  it('refuses 300 callbacks naming bills that are not ours from our books, asking ToyyibPay nothing', async () => {
    // A bill that does exist at ToyyibPay, made outside this portal: not ours either.
    const made = await fetch(`${fake.url}/index.php/api/createBill`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: new URLSearchParams({ ...KEYS, billAmount: '5000', billExternalReferenceNo: 'x-1' }),
    });
    const [{ BillCode: foreign }] = (await made.json()) as [{ BillCode: string }];
    fake.pay(foreign, true);
    const before = fake.statusQueries.length;
    const answers = await flood(300, 50, (i) =>
      forgedPaid(i % 10 === 0 ? foreign : randomBytes(6).toString('hex')),
    );
    expect(answers.filter((a) => a.status !== 404)).toEqual([]);
    expect(answers.every((a) => a.code === 'CALLBACK_UNKNOWN_TRANSACTION')).toBe(true);
    expect(fake.statusQueries.length - before).toBe(0);
  });

  it('asks ToyyibPay at most once a second about one of our bills, however many callbacks name it', async () => {
    const payment = await newPayment(t.baseUrl, alice, '50.00');
    const code = billOf(payment);
    // 50 at once (under the connections per address): the first asks, every later one shares
    // the next read, a second on (a burst slowed past a second by a busy machine, one more).
    const burstBegan = Date.now();
    const burst = await flood(50, 50, () => forgedPaid(code));
    const burstSeconds = (Date.now() - burstBegan) / 1000;
    expect(burst.every((a) => a.status === 401 && a.code === 'CALLBACK_BAD_SIGNATURE')).toBe(true);
    expect(queriesFor(code)).toBeGreaterThanOrEqual(1);
    expect(queriesFor(code)).toBeLessThanOrEqual(Math.max(2, Math.ceil(burstSeconds) + 1));

    // Then ten senders, each one callback after another, for 2.5 s: one more read a second.
    const asked = queriesFor(code);
    const began = Date.now();
    const answers: { status: number; code?: string }[] = [];
    const sender = async () => {
      while (Date.now() - began < 2500) answers.push(await callback(forgedPaid(code)));
    };
    await Promise.all(Array.from({ length: 10 }, sender));
    const seconds = (Date.now() - began) / 1000;
    expect(answers.length).toBeGreaterThanOrEqual(20);
    expect(answers.every((a) => a.status === 401 && a.code === 'CALLBACK_BAD_SIGNATURE')).toBe(
      true,
    );
    expect(queriesFor(code) - asked).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(await paymentStatus(t.baseUrl, payment.payment_id, alice)).toBe('pending');
  });

  it('still applies the real callback that comes in the middle of a flood of forged ones', async () => {
    const payment = await newPayment(t.baseUrl, alice, '50.00');
    const code = billOf(payment);
    const forged = flood(60, 20, () => forgedPaid(code));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Paid now, and its callback asks after the forged ones' read: it waits for a fresh one.
    const real = callback(fake.pay(code, true).callbackBody);
    expect(await real).toEqual({ status: 200, code: undefined });
    await forged;
    expect(await paymentStatus(t.baseUrl, payment.payment_id, alice)).toBe('completed');
  });
});
