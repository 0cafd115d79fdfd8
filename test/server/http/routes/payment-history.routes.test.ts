import { HmacSha256PaymentSigner } from '../../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { type CreatePaymentResponse, ApiPaths } from '../../../../src/contract/api';
import { type PaymentStatus } from '../../../../src/contract/payment';
import {
  type PaymentHistoryResponse,
  receiptPdfPath,
} from '../../../../src/contract/payment-history';
import { gatewayOutcomeCanonical } from '../../../../src/contract/sandbox-gateway';
import { injectedApp, type InjectedApp, logIn, seedMember } from '../../support/in-memory-server';
import { pdfText } from '../../support/pdf-tools';
import { aRefundRow } from '../../support/refund-rows';

jest.setTimeout(30_000);

describe('payment history and receipt routes on the in-memory container (app.inject)', () => {
  let t: InjectedApp;
  let token: string;
  let signer: HmacSha256PaymentSigner;
  beforeEach(async () => {
    t = await injectedApp();
    token = (await logIn(t, await seedMember(t))).token;
    signer = new HmacSha256PaymentSigner(t.config.gatewaySecret);
  });
  afterEach(() => t.close());

  const newPayment = async (amount: string, as = token) => {
    const created = await t.post(
      ApiPaths.createPayment,
      { amount, payment_method: 'qr' },
      { token: as },
    );
    expect(created.status).toBe(200);
    await t.clock.advance(1000);
    return (created.body.data as CreatePaymentResponse).payment_id;
  };
  const settle = async (transactionId: string, amount: string, status: PaymentStatus) => {
    const message = {
      transactionId,
      status,
      amount,
      timestamp: Math.floor(t.clock.now() / 1000),
    };
    const signature = signer.sign(gatewayOutcomeCanonical(message));
    const applied = await t.post(ApiPaths.paymentCallback, { ...message, signature });
    expect(applied.status).toBe(200);
  };
  const history = async (query = '', as = token) => {
    const answer = await t.get(`${ApiPaths.paymentHistory}${query}`, { token: as });
    return { ...answer, data: answer.body.data as PaymentHistoryResponse };
  };
  const receipt = (transactionId: string, query = '', as = token) =>
    t.app.inject({
      method: 'GET',
      url: `/api${receiptPdfPath(transactionId)}${query}`,
      headers: { authorization: `Bearer ${as}` },
    });

  it('lists the member’s payments newest first, filtered, with receipt numbers once paid', async () => {
    const paid = await newPayment('123.45');
    const waiting = await newPayment('60.00');
    await settle(paid, '123.45', 'completed');

    const all = await history();
    expect(all.status).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.data.nextCursor).toBeNull();
    expect(all.data.payments).toEqual([
      expect.objectContaining({ transactionId: waiting, status: 'pending', receiptNumber: null }),
      expect.objectContaining({
        transactionId: paid,
        amount: '123.45',
        status: 'completed',
        receiptNumber: 'R-2026-000001',
        paidAt: new Date(t.clock.now()).toISOString(),
      }),
    ]);
    const completed = await history('?status=completed&limit=1');
    expect(completed.data.payments.map((row) => row.transactionId)).toEqual([paid]);

    const page = await history('?limit=1');
    expect(page.data.payments.map((row) => row.transactionId)).toEqual([waiting]);
    const next = await history(`?limit=1&cursor=${page.data.nextCursor}`);
    expect(next.data.payments.map((row) => row.transactionId)).toEqual([paid]);
    expect(next.data.nextCursor).toBeNull();
  });

  it('names the receipt number in the transaction details once the payment completed', async () => {
    const paid = await newPayment('123.45');
    const details = async () =>
      (await t.get(`${ApiPaths.transactionDetails}?transactionId=${paid}`, { token })).body.data;
    expect(await details()).not.toHaveProperty('receiptNumber');
    await settle(paid, '123.45', 'completed');
    expect(await details()).toEqual({
      transactionId: paid,
      status: 'completed',
      amount: '123.45',
      receiptNumber: 'R-2026-000001',
      refundedAmount: '0.00',
    });
  });

  it('shows what refunds done gave back beside the status, in the history and the details', async () => {
    const paid = await newPayment('123.45');
    const other = await newPayment('80.00');
    await settle(paid, '123.45', 'completed');
    await settle(other, '80.00', 'completed');
    for (const [amountSen, status] of [
      [2_000, 'refunded'],
      [345, 'refunded'],
      [1_000, 'approved'],
      [5_000, 'rejected'],
    ] as const) {
      t.container.tables.refunds.insert(
        String(amountSen),
        aRefundRow({ transactionId: paid, requestedBy: 'op-1', amountSen, status }),
      );
    }
    const rows = (await history()).data.payments;
    expect(rows.map((row) => [row.transactionId, row.status, row.refundedAmount])).toEqual([
      [other, 'completed', '0.00'],
      [paid, 'completed', '23.45'],
    ]);
    const details = await t.get(`${ApiPaths.transactionDetails}?transactionId=${paid}`, { token });
    expect(details.body.data).toMatchObject({ status: 'completed', refundedAmount: '23.45' });
  });

  it('answers 400 naming the field (code VALIDATION_FAILED), and 401 without a session', async () => {
    for (const [query, field, words] of [
      ['?status=paid', 'status', 'Status filter'],
      ['?limit=51', 'limit', 'Page size'],
      ['?limit=abc', 'limit', 'Page size'],
      ['?cursor=%7Bnot-mine%7D', 'cursor', 'Page position'],
    ]) {
      const answer = await history(query);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: 0, code: 'VALIDATION_FAILED', field });
      expect(answer.body.message).toMatch(new RegExp(`^${words}: `));
    }
    expect((await history('?page=2')).status).toBe(400);
    expect((await t.get(ApiPaths.paymentHistory)).status).toBe(401);
    expect((await t.get(receiptPdfPath('TXN' + 'A'.repeat(24)))).status).toBe(401);
  });

  it('hands the owner a completed payment’s receipt as a private, uncached PDF attachment', async () => {
    const paid = await newPayment('123.45');
    await settle(paid, '123.45', 'completed');
    const answer = await receipt(paid, '?lang=zn');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="receipt-R-2026-000001.pdf"',
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(answer.rawPayload);
    expect(text).toContain(paid);
    expect(text).toContain('MYR 123.45');
    expect(text).toContain('付款收据');
    expect((await receipt(paid)).statusCode).toBe(200);
  });

  it('asks the gateway about a payment left pending too long, and numbers it on completion', async () => {
    const first = await newPayment('90.00');
    const late = await newPayment('95.00');
    await settle(first, '90.00', 'completed');
    await t.clock.advance(t.config.reconcileAfterS * 1000);
    const message = {
      transactionId: late,
      status: 'completed' as const,
      amount: '95.00',
      timestamp: Math.floor(t.clock.now() / 1000),
    };
    t.gateway.answer(late, {
      ...message,
      signature: signer.sign(gatewayOutcomeCanonical(message)),
    });
    const answer = await receipt(late);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="receipt-R-2026-000002.pdf"',
    );
    expect(t.gateway.queries).toEqual([late]);
  });

  it('answers 409 RECEIPT_NOT_AVAILABLE for a pending or failed payment, 400 for a bad lang', async () => {
    const pending = await newPayment('70.00');
    const failed = await newPayment('80.00');
    await settle(failed, '80.00', 'failed');
    for (const id of [pending, failed]) {
      const answer = await receipt(id);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ status: 0, code: 'RECEIPT_NOT_AVAILABLE' });
    }
    const badLang = await receipt(pending, '?lang=de');
    expect(badLang.statusCode).toBe(400);
    expect(badLang.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'lang' });
  });

  it("prints the receipt's times in the member's zone (tz), naming it; 400 for an unknown zone", async () => {
    const paid = await newPayment('123.45');
    await settle(paid, '123.45', 'completed');
    const london = pdfText((await receipt(paid, '?tz=Europe/London')).rawPayload);
    // The in-memory clock starts at 09:00 UTC on 1 January 2026: London keeps UTC then.
    expect(london).toMatch(/2026-01-01 09:00:0\d \(Europe\/London time, UTC\+0\)/);
    expect(london).not.toContain('Malaysia time');
    const kolkata = pdfText((await receipt(paid, '?tz=Asia/Kolkata')).rawPayload);
    expect(kolkata).toMatch(/2026-01-01 14:30:0\d \(Asia\/Kolkata time, UTC\+5:30\)/);
    const fallback = pdfText((await receipt(paid)).rawPayload);
    expect(fallback).toMatch(/2026-01-01 17:00:0\d \(Malaysia time, UTC\+8\)/);
    for (const tz of ['Mars/Olympus', '../etc/passwd', 'A'.repeat(65)]) {
      const refused = await receipt(paid, `?tz=${encodeURIComponent(tz)}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('answers another member’s payment with the very 404 of an unknown one', async () => {
    const paid = await newPayment('123.45');
    await settle(paid, '123.45', 'completed');
    const stranger = (await logIn(t, await seedMember(t))).token;
    const theirs = await receipt(paid, '', stranger);
    const unknown = await receipt('TXN' + 'A'.repeat(24), '', stranger);
    const malformed = await receipt('nope', '', stranger);
    for (const answer of [theirs, unknown, malformed]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        status: 0,
        message: 'Payment not found.',
        code: 'PAYMENT_NOT_FOUND',
      });
    }
    expect((await history('', stranger)).data.payments).toEqual([]);
  });

  it('limits receipts per member: the 21st in a minute is 429, another member is not held up', async () => {
    const pending = await newPayment('70.00');
    for (let i = 0; i < 20; i += 1) expect((await receipt(pending)).statusCode).toBe(409);
    const limited = await receipt(pending);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const other = (await logIn(t, await seedMember(t))).token;
    expect((await receipt(pending, '', other)).statusCode).toBe(404);
  });

  it('limits history reads per session: the 61st in a minute is 429', async () => {
    for (let i = 0; i < 60; i += 1) expect((await history()).status).toBe(200);
    expect((await history()).status).toBe(429);
  });
});
