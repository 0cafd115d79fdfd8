import { BILL_UNPAID_NOTE } from '../../../../server/adapters/gateways/billplz-gateway.adapter';
import { loadConfig } from '../../../../server/config';
import { type CreatePaymentResponse } from '../../../../src/contract/api';
import { eachDatabase } from '../../../../scripts/support/databases';
import { FakeBillplz } from '../../support/fake-billplz';
import { registerAndLogin, type LoggedInMember } from '../../support/members';
import { newPayment, paymentStatus, requestPayment } from '../../support/payments';
import { startTestApp, type TestApp } from '../../support/test-app';

const KEYS = { apiKey: 'test-api-key', collectionId: 'inbmmepb', xSignatureKey: 'S-billplz-test' };
const FORM = 'application/x-www-form-urlencoded';

describe.each(eachDatabase())('payments through Billplz on %s', (database) => {
  let fake: FakeBillplz;
  let t: TestApp;
  let alice: LoggedInMember;

  beforeAll(async () => {
    fake = await new FakeBillplz(KEYS).start();
    const billplz = loadConfig({ GATEWAY: 'billplz', ...billplzEnv(fake.url) }).billplz;
    t = await startTestApp({ database, config: { gateway: 'billplz', billplz } });
    alice = await registerAndLogin(t.baseUrl, { name: 'Alice Tan' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.failWith = null;
  });

  const billOf = (payment: CreatePaymentResponse) => {
    const id = new URL(payment.gateway.url).pathname.split('/').pop() ?? '';
    const bill = fake.bills.get(id);
    if (!bill) throw new Error(`no bill behind ${payment.gateway.url}`);
    return bill;
  };

  const callback = (body: string) =>
    fetch(`${t.baseUrl}/api/payment/callback`, {
      method: 'POST',
      headers: { 'Content-Type': FORM, Accept: 'application/json' },
      body,
    });

  const redirect = (query: string) =>
    fetch(`${t.baseUrl}/api/payment/redirect?${query}`, {
      redirect: 'manual',
      headers: { Accept: 'text/html,application/xhtml+xml' },
    });

  const records = (transactionId: string) =>
    t.container.db.query<{ source: string; result: string; reason: string | null }>(
      'SELECT source, result, reason FROM payment_callbacks WHERE transaction_id = $1 ORDER BY id',
      [transactionId],
    );

  it('answers a GET hand-off to a new bill that carries our id, amount and URLs', async () => {
    const payment = await newPayment(t.baseUrl, alice, '123.45');
    const bill = billOf(payment);
    expect(payment.gateway).toEqual({ url: bill.url, method: 'GET', fields: {} });
    expect(bill).toMatchObject({
      amount: 12345,
      reference_1: payment.transactionId,
      mobile: alice.phone_no,
      name: 'Alice Tan',
      callback_url: `${t.baseUrl}/api/payment/callback/billplz`,
      redirect_url: `${t.baseUrl}/api/payment/redirect/billplz`,
    });
    // The hand-off fields of docs/spec/product-spec.md stay in the answer for compatibility.
    expect(payment).toMatchObject({ transactionId: payment.payment_id, amount: '123.45' });
    const rows = await t.container.db.query<{ gateway_ref: string }>(
      'SELECT gateway_ref FROM transactions WHERE id = $1',
      [payment.transactionId],
    );
    expect(rows).toEqual([{ gateway_ref: bill.id }]);
  });

  it('hands a repeated idempotent request to the same bill', async () => {
    const body = { amount: '80.00', payment_method: 'qr' };
    const first = await requestPayment(t.baseUrl, alice, body, 'billplz-key-1');
    const billsBefore = fake.bills.size;
    const second = await requestPayment(t.baseUrl, alice, body, 'billplz-key-1');
    expect(second.body.data?.gateway).toEqual(first.body.data?.gateway);
    expect(fake.bills.size).toBe(billsBefore);
  });

  it('answers 502 while Billplz is down, and the same key makes the bill once it is back', async () => {
    const body = { amount: '90.00', payment_method: 'qr' };
    fake.failWith = 503;
    const down = await requestPayment(t.baseUrl, alice, body, 'billplz-key-2');
    expect(down.status).toBe(502);
    expect(down.body.message).toMatch(/gateway is not available/);
    fake.failWith = null;
    const back = await requestPayment(t.baseUrl, alice, body, 'billplz-key-2');
    expect(back.status).toBe(200);
    expect(back.body.data?.gateway.method).toBe('GET');
  });

  it('applies a signed paid callback once, and acknowledges its repeats', async () => {
    const payment = await newPayment(t.baseUrl, alice, '60.00');
    const paid = fake.pay(billOf(payment).id, true);
    const first = await paid.deliverCallback();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      status: 1,
      message: 'Callback applied.',
      data: { status: 'completed' },
    });
    const repeat = await paid.deliverCallback();
    expect(repeat.status).toBe(200);
    expect(await paymentStatus(t.baseUrl, payment.transactionId, alice)).toBe('completed');
    expect((await records(payment.transactionId)).map((r) => r.result)).toEqual([
      'applied',
      'duplicate',
    ]);
  });

  it('keeps a payment pending on an unpaid callback: the bill can still be paid', async () => {
    const payment = await newPayment(t.baseUrl, alice, '70.00');
    const unpaid = await fake.pay(billOf(payment).id, false).deliverCallback();
    expect(unpaid.status).toBe(200);
    expect(await paymentStatus(t.baseUrl, payment.transactionId, alice)).toBe('pending');
    const paid = await fake.pay(billOf(payment).id, true).deliverCallback();
    expect(paid.status).toBe(200);
    expect(await paymentStatus(t.baseUrl, payment.transactionId, alice)).toBe('completed');
    expect(await records(payment.transactionId)).toEqual([
      {
        source: 'callback',
        result: 'ignored',
        reason: `not_final: ${BILL_UNPAID_NOTE}`,
      },
      { source: 'callback', result: 'applied', reason: null },
    ]);
  });

  it('refuses tampered (401), unsigned (400) and JSON (400) callbacks, and records them', async () => {
    const payment = await newPayment(t.baseUrl, alice, '75.00');
    const genuine = new URLSearchParams(fake.pay(billOf(payment).id, true).callbackBody);
    const tampered = new URLSearchParams(genuine);
    tampered.set('amount', '100');
    expect((await callback(tampered.toString())).status).toBe(401);
    const unsigned = new URLSearchParams(genuine);
    unsigned.delete('x_signature');
    expect((await callback(unsigned.toString())).status).toBe(400);
    const json = await fetch(`${t.baseUrl}/api/payment/callback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(genuine)),
    });
    expect(json.status).toBe(400);
    expect(await paymentStatus(t.baseUrl, payment.transactionId, alice)).toBe('pending');
    // Billplz names the bill, not our payment: a rejected message is kept without an id.
    const rejected = await t.container.db.query<{ reason: string }>(
      `SELECT reason FROM payment_callbacks WHERE payload LIKE $1 ORDER BY id`,
      [`%${billOf(payment).id}%`],
    );
    expect(rejected.map((r) => r.reason.split(':')[0])).toEqual([
      'bad_signature',
      'malformed',
      'malformed',
    ]);
  });

  it('sends the returning tab to /return after checking the signed redirect, and reads the bill at once', async () => {
    const payment = await newPayment(t.baseUrl, alice, '85.00');
    // The callback is late: only the redirect has arrived.
    const { redirectQuery } = fake.pay(billOf(payment).id, true);
    const res = await redirect(redirectQuery);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/return?transactionId=${payment.transactionId}`);
    expect(await paymentStatus(t.baseUrl, payment.transactionId, alice)).toBe('completed');
    expect(await records(payment.transactionId)).toEqual([
      {
        source: 'redirect',
        result: 'ignored',
        reason: 'not_final: the payer came back saying paid; a redirect states no amount',
      },
      { source: 'reconcile', result: 'applied', reason: null },
    ]);
  });

  it('refuses a forged redirect without moving anything', async () => {
    const payment = await newPayment(t.baseUrl, alice, '95.00');
    const { redirectQuery } = fake.pay(billOf(payment).id, false);
    const forged = redirectQuery.replace('billplz%5Bpaid%5D=false', 'billplz%5Bpaid%5D=true');
    expect(forged).not.toBe(redirectQuery);
    const res = await redirect(forged);
    expect(res.status).toBe(401);
    // The payer's tab gets a page, not the API's JSON, in the member's language.
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('href="/payment-status"');
    const named = await fetch(`${t.baseUrl}/api/payment/redirect/billplz?${forged}`, {
      redirect: 'manual',
      headers: { Accept: 'text/html', 'Accept-Language': 'fr-MY,fr;q=0.9' },
    });
    expect(named.status).toBe(401);
    expect(await named.text()).toContain('Paiement non confirmé');
    const malformed = await redirect('billplz%5Bid%5D=x');
    expect(malformed.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await paymentStatus(t.baseUrl, payment.transactionId, alice)).toBe('pending');
  });

  it('reconciles a stale payment whose callback was lost by reading its bill', async () => {
    const payment = await newPayment(t.baseUrl, alice, '65.00');
    fake.pay(billOf(payment).id, true); // paid, but the callback never arrives
    await t.clock.advance((t.config.reconcileAfterS + 1) * 1000);
    const report = await t.container.reconcilePendingPayments.execute();
    expect(report.completed).toBeGreaterThanOrEqual(1);
    expect(await paymentStatus(t.baseUrl, payment.transactionId, alice)).toBe('completed');
  });

  it("allows Billplz's origin as the CSP form-action of pages", async () => {
    const res = await fetch(`${t.baseUrl}/login`);
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${fake.url}`);
  });
});

function billplzEnv(url: string): NodeJS.ProcessEnv {
  return {
    BILLPLZ_API_KEY: KEYS.apiKey,
    BILLPLZ_COLLECTION_ID: KEYS.collectionId,
    BILLPLZ_X_SIGNATURE_KEY: KEYS.xSignatureKey,
    // PUBLIC_URL defaults to 127.0.0.1, a staging host: the staging URL is the one picked.
    BILLPLZ_STAGING_URL: url,
  };
}
