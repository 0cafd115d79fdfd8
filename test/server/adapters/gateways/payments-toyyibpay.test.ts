import { loadConfig } from '../../../../server/config';
import { type CreatePaymentResponse } from '../../../../src/contract/api';
import { FakeToyyibPay } from '../../support/fake-toyyibpay';
import { registerAndLogin, type LoggedInMember } from '../../support/members';
import { newPayment, paymentStatus } from '../../support/payments';
import { startTestApp, type TestApp } from '../../support/test-app';

const KEYS = { userSecretKey: 'tp-http-secret', categoryCode: 'tpcat001' };
const FORM = 'application/x-www-form-urlencoded';

/** ToyyibPay end to end over HTTP: the API, and the simulator as the gateway (PGlite). */
describe('payments through ToyyibPay', () => {
  let fake: FakeToyyibPay;
  let t: TestApp;
  let alice: LoggedInMember;

  beforeAll(async () => {
    fake = await new FakeToyyibPay(KEYS).start();
    const env = {
      GATEWAY: 'toyyibpay',
      TOYYIBPAY_USER_SECRET_KEY: KEYS.userSecretKey,
      TOYYIBPAY_CATEGORY_CODE: KEYS.categoryCode,
      TOYYIBPAY_STAGING_URL: fake.url,
    };
    const gateways = loadConfig(env).gateways;
    t = await startTestApp({ database: 'pglite', config: { gateway: 'toyyibpay', gateways } });
    alice = await registerAndLogin(t.baseUrl, { name: 'Alice Tan' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const billOf = (payment: CreatePaymentResponse) =>
    new URL(payment.gateway.url).pathname.split('/').pop() ?? '';
  const callback = (body: string) =>
    fetch(`${t.baseUrl}/api/payment/callback/toyyibpay`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body,
    });

  it('creates a bill carrying our id, amount and named paths, and hands the payer to it', async () => {
    const payment = await newPayment(t.baseUrl, alice, '123.45');
    const bill = fake.bills.get(billOf(payment));
    expect(bill).toMatchObject({
      amountSen: 12_345,
      externalReference: payment.payment_id,
      callbackUrl: `${t.baseUrl}/api/payment/callback/toyyibpay`,
      returnUrl: `${t.baseUrl}/api/payment/redirect/toyyibpay`,
    });
    expect(payment.gateway).toEqual({
      url: `${fake.url}/${billOf(payment)}`,
      method: 'GET',
      fields: {},
    });
  });

  it('applies a callback ToyyibPay confirms, and refuses one it does not', async () => {
    const payment = await newPayment(t.baseUrl, alice, '60.00');
    const code = billOf(payment);
    // Claimed paid before any payment: ToyyibPay's answer does not confirm it.
    const forged = new URLSearchParams({ billcode: code, status: '1', amount: '60.00' });
    expect((await callback(forged.toString())).status).toBe(401);
    expect(await paymentStatus(t.baseUrl, payment.payment_id, alice)).toBe('pending');
    const declined = await callback(fake.pay(code, false).callbackBody);
    expect(declined.status).toBe(200);
    expect(await paymentStatus(t.baseUrl, payment.payment_id, alice)).toBe('pending');
    const paid = await callback(fake.pay(code, true).callbackBody);
    expect(paid.status).toBe(200);
    expect(await paymentStatus(t.baseUrl, payment.payment_id, alice)).toBe('completed');
  });

  it('sends the payer back to the return page, and a refused return to a page', async () => {
    const payment = await newPayment(t.baseUrl, alice, '75.00');
    const back = await fetch(
      `${t.baseUrl}/api/payment/redirect/toyyibpay?${fake.pay(billOf(payment), true).redirectQuery}`,
      { redirect: 'manual' },
    );
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/return?transactionId=${payment.payment_id}`);
    // The redirect only made the server ask ToyyibPay, which confirms the payment.
    expect(await paymentStatus(t.baseUrl, payment.payment_id, alice)).toBe('completed');
    const refused = await fetch(`${t.baseUrl}/api/payment/redirect/toyyibpay?billcode=not-a-bill`, {
      headers: { Accept: 'text/html' },
    });
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
