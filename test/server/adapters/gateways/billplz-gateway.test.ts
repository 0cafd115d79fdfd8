import { BillplzGatewayAdapter } from '../../../../server/adapters/gateways/billplz-gateway.adapter';
import {
  billplzRedirectParams,
  billplzSign,
  billplzSourceString,
  billplzVerify,
} from '../../../../server/adapters/gateways/billplz-signature';
import { type PaymentStartRequest } from '../../../../server/ports/payment-gateway.port';
import { FakeBillplz } from '../../support/fake-billplz';

/** Our books: every bill is one of our payments' (Billplz never asks; its callbacks are signed). */
const ours = async () => true;

/**
 * Billplz's documented X Signature example bill (W_79pJDk, RM 2.00, MICHAEL API), with the
 * signatures the Billplz PHP client's test suite pins for it: key 'foobar' for the callback,
 * key 'secret' for the redirect and for the callback paid in full.
 */
const EXAMPLE_CALLBACK = {
  id: 'W_79pJDk',
  collection_id: '599',
  paid: 'true',
  state: 'paid',
  amount: '200',
  paid_amount: '0',
  due_at: '2020-12-31',
  email: 'api@billplz.com',
  mobile: '+60112223333',
  name: 'MICHAEL API',
  url: 'http://billplz.dev/bills/W_79pJDk',
  paid_at: '2015-03-09 16:23:59 +0800',
};

describe('Billplz X Signature', () => {
  it('builds the source string: key+value pairs sorted case-insensitively, joined by |', () => {
    expect(billplzSourceString({ ...EXAMPLE_CALLBACK, x_signature: 'ignored' })).toBe(
      'amount200|collection_id599|due_at2020-12-31|emailapi@billplz.com|idW_79pJDk|' +
        'mobile+60112223333|nameMICHAEL API|paid_amount0|paid_at2015-03-09 16:23:59 +0800|' +
        'paidtrue|statepaid|urlhttp://billplz.dev/bills/W_79pJDk',
    );
  });

  it("matches the published callback example's signature", () => {
    const signature = '01bdc1167f8b4dd1f591d8af7ada00061d39ca2b63e66c6588474a918a04796c';
    expect(billplzSign(EXAMPLE_CALLBACK, 'foobar')).toBe(signature);
    expect(billplzVerify(EXAMPLE_CALLBACK, signature, 'foobar')).toBe(true);
    expect(billplzVerify({ ...EXAMPLE_CALLBACK, amount: '100' }, signature, 'foobar')).toBe(false);
    expect(billplzVerify(EXAMPLE_CALLBACK, signature, 'another key')).toBe(false);
    expect(billplzVerify(EXAMPLE_CALLBACK, 'not hex', 'foobar')).toBe(false);
    expect(billplzSign({ ...EXAMPLE_CALLBACK, paid_amount: '200' }, 'secret')).toBe(
      '6c52a7cd8212cbed06ed0022f6c148cf2ce8bca2e092391b73d76c19fb45e73f',
    );
  });

  it('signs extra payment fields too (transaction_id, transaction_status)', () => {
    const extra = {
      ...EXAMPLE_CALLBACK,
      transaction_id: 'AC4GC031F42H',
      transaction_status: 'completed',
    };
    expect(billplzSign(extra, 'foobar')).toBe(
      'c0041545dca8ceb082b29f544559465a0757b4208fe1ca74351128bc74402cf5',
    );
  });

  it("matches the published redirect example's signature (keys billplzid, billplzpaid, ...)", () => {
    const redirect = { id: 'W_79pJDk', paid: 'true', paid_at: '2015-03-09 16:23:59 +0800' };
    const params = billplzRedirectParams({ ...redirect, x_signature: 'dropped' });
    expect(billplzSourceString(params)).toBe(
      'billplzidW_79pJDk|billplzpaid_at2015-03-09 16:23:59 +0800|billplzpaidtrue',
    );
    expect(billplzSign(params, 'secret')).toBe(
      '3ea529e9897e7225cc443510c44077741b03eff448fd033d58ec5a6302c722e4',
    );
  });
});

describe('Billplz gateway adapter', () => {
  const keys = { apiKey: 'test-api-key', collectionId: 'inbmmepb', xSignatureKey: 'S-adapter' };
  let fake: FakeBillplz;
  let adapter: BillplzGatewayAdapter;
  beforeAll(async () => {
    fake = await new FakeBillplz(keys).start();
    adapter = new BillplzGatewayAdapter({ ...keys, baseUrl: `${fake.url}/` });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.failWith = null;
  });

  const request: PaymentStartRequest = {
    transactionId: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
    amountSen: 5000,
    paymentMethod: 'qr',
    customer: { name: 'Siti Aminah', mobile: '60123456789', email: '' },
    returnUrl: 'https://portal.test/return?transactionId=TXNAAAAAAAAAAAAAAAAAAAAAAAA',
    callbackUrl: 'https://portal.test/api/payment/callback',
    redirectUrl: 'https://portal.test/api/payment/redirect',
    existingRef: null,
  };

  it('creates a bill over API v3 with Basic auth, amount in sen and our id as reference_1', async () => {
    const start = await adapter.startPayment(request);
    const sent = fake.requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/api/v3/bills');
    expect(sent?.authorization).toBe(`Basic ${Buffer.from('test-api-key:').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      collection_id: 'inbmmepb',
      name: 'Siti Aminah',
      mobile: '60123456789',
      amount: '5000',
      callback_url: 'https://portal.test/api/payment/callback',
      redirect_url: 'https://portal.test/api/payment/redirect',
      description: 'Payment TXNAAAAAAAAAAAAAAAAAAAAAAAA',
      reference_1_label: 'Transaction ID',
      reference_1: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    const bill = fake.bills.get(start.gatewayRef ?? '');
    expect(start).toEqual({
      handOff: { url: bill?.url, method: 'GET', fields: {} },
      gatewayRef: bill?.id,
    });
  });

  it('throws when Billplz refuses or is down, so nothing is handed off', async () => {
    fake.failWith = 503;
    await expect(adapter.startPayment(request)).rejects.toThrow(/HTTP 503/);
    await expect(
      adapter.queryStatus({ transactionId: request.transactionId, gatewayRef: 'anything' }),
    ).rejects.toThrow(/HTTP 503/);
    const wrongKey = new BillplzGatewayAdapter({ ...keys, apiKey: 'wrong', baseUrl: fake.url });
    await expect(wrongKey.startPayment(request)).rejects.toThrow(/HTTP 401/);
  });

  it('refuses a signed callback about a bill of another collection', async () => {
    const params = { ...EXAMPLE_CALLBACK };
    const body = new URLSearchParams({ ...params, x_signature: billplzSign(params, 'S-adapter') });
    const message = await adapter.verifyCallback(
      {
        contentType: 'application/x-www-form-urlencoded',
        body: body.toString(),
        headers: {},
      },
      ours,
    );
    expect(message.verdict).toEqual({
      ok: false,
      error: {
        kind: 'malformed',
        message: expect.stringMatching(/collection/),
        transactionId: null,
      },
    });
  });

  it('refuses a callback repeating a field, which could be read two ways', async () => {
    const start = await adapter.startPayment(request);
    const genuine = fake.pay(start.gatewayRef ?? '', true).callbackBody;
    const message = await adapter.verifyCallback(
      {
        contentType: 'application/x-www-form-urlencoded',
        body: `${genuine}&paid=false`,
        headers: {},
      },
      ours,
    );
    expect(message.verdict.ok).toBe(false);
  });

  it('verifies the signed redirect, bracketed or nested, and refuses a forged one', async () => {
    const start = await adapter.startPayment(request);
    const { redirectQuery } = fake.pay(start.gatewayRef ?? '', true);
    const flat = Object.fromEntries(new URLSearchParams(redirectQuery));
    const verified = await adapter.verifyRedirect(flat);
    expect(verified.verdict).toEqual({
      ok: true,
      value: {
        transactionId: null,
        gatewayRef: start.gatewayRef,
        status: 'completed',
        amountSen: null,
      },
    });
    const nested = Object.fromEntries(
      Object.entries(flat).map(([key, value]) => [key.slice('billplz['.length, -1), value]),
    );
    expect((await adapter.verifyRedirect({ billplz: nested })).verdict.ok).toBe(true);

    const forged = await adapter.verifyRedirect({ ...flat, 'billplz[paid]': 'false' });
    expect(forged.verdict).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'bad_signature' }),
    });
    const unsigned = await adapter.verifyRedirect({ 'billplz[id]': start.gatewayRef });
    expect(unsigned.verdict).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'malformed' }),
    });
  });

  it('reads a deleted bill as failed: it can no longer be paid', async () => {
    const start = await adapter.startPayment(request);
    const bill = fake.bills.get(start.gatewayRef ?? '');
    if (!bill) throw new Error('no bill');
    bill.state = 'deleted';
    const answer = await adapter.queryStatus({
      transactionId: request.transactionId,
      gatewayRef: bill.id,
    });
    expect(answer).toMatchObject({
      kind: 'found',
      message: {
        verdict: {
          ok: true,
          value: { status: 'failed', transactionId: request.transactionId, amountSen: 5000 },
        },
      },
    });
  });

  it('knows no payment it never made a bill for', async () => {
    expect(
      await adapter.queryStatus({ transactionId: request.transactionId, gatewayRef: null }),
    ).toEqual({ kind: 'not_found' });
    expect(
      await adapter.queryStatus({ transactionId: request.transactionId, gatewayRef: 'nosuch' }),
    ).toEqual({ kind: 'not_found' });
  });
});
