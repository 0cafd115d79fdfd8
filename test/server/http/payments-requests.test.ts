import { TRANSACTION_ID_PATTERN } from '../../../server/domain/transaction';
import { handOffCanonical } from '../../../src/contract/sandbox-gateway';
import { type CreatePaymentResponse } from '../../../src/contract/api';
import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { type LoggedInMember } from '../support/members';
import { CREATE_PAYMENT as CREATE, requestPayment } from '../support/payments';
import { paymentsApiOn } from './payments-api.support';

describe.each(eachDatabase())('payments API on %s: requests, idempotency and reads', (database) => {
  const api = paymentsApiOn(database);
  const { newPayment, statusOf } = api;

  const create = (who: LoggedInMember, body: unknown, key?: string) =>
    requestPayment(api.t.baseUrl, who, body, key);

  describe('generate-payment-request-body', () => {
    it('creates a pending transaction and returns the signed hand-off fields of the product spec', async () => {
      const res = await create(api.alice, { amount: '123.45', payment_method: 'qr' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(1);
      const data = res.body.data as CreatePaymentResponse;
      expect(data.transactionId).toMatch(TRANSACTION_ID_PATTERN);
      expect(data).toEqual({
        payment_id: data.transactionId,
        status: 'pending',
        transactionId: data.transactionId,
        clientId: api.t.config.gatewayClientId,
        clientSecret: '',
        custName: 'Alice Tan',
        custMobile: api.alice.phone_no,
        custEmail: '',
        amount: '123.45',
        returnUrl: `${api.t.baseUrl}/return?transactionId=${data.transactionId}`,
        callbackUrl: `${api.t.baseUrl}/api/payment/callback/sandbox`,
        paymentMethod: 'qr',
        hashVal: expect.stringMatching(/^[0-9a-f]{64}$/),
        gateway: expect.any(Object),
      });
      expect(api.signer.verify(handOffCanonical(data), data.hashVal)).toBe(true);
      // The sandbox-style gateway takes exactly the product spec's fields (docs/spec/product-spec.md), posted as a form.
      const { payment_id: _id, status: _status, gateway, ...handOffFields } = data;
      expect(gateway).toEqual({
        url: api.t.config.gatewayUrl,
        method: 'POST',
        fields: handOffFields,
      });
      expect(JSON.stringify(res.body)).not.toContain(api.t.config.gatewaySecret);

      const rows = await api.t.container.db.query<{
        amount_sen: number;
        status: string;
        member_id: string;
      }>('SELECT amount_sen, status, member_id FROM transactions WHERE id = $1', [
        data.transactionId,
      ]);
      expect(rows).toEqual([
        { amount_sen: 12345, status: 'pending', member_id: api.alice.user_id },
      ]);
    });

    it('accepts the amount as a number and answers it with two decimals', async () => {
      const data = await newPayment(api.alice, 50);
      expect(data.amount).toBe('50.00');
    });

    it('gives every request its own unguessable id', async () => {
      const a = await newPayment();
      const b = await newPayment();
      expect(a.transactionId).not.toBe(b.transactionId);
    });

    it.each([
      [{ amount: '49.99', payment_method: 'qr' }, 'amount'],
      [{ amount: 49.99, payment_method: 'qr' }, 'amount'],
      [{ amount: '1.234', payment_method: 'qr' }, 'amount'],
      [{ amount: '100.123', payment_method: 'qr' }, 'amount'],
      [{ amount: 'abc', payment_method: 'qr' }, 'amount'],
      [{ amount: '-60', payment_method: 'qr' }, 'amount'],
      [{ amount: '1000000.01', payment_method: 'qr' }, 'amount'],
      [{ amount: true, payment_method: 'qr' }, 'amount'],
      [{ payment_method: 'qr' }, 'amount'],
      [{ amount: '60.00' }, 'payment_method'],
      [{ amount: '60.00', payment_method: 'eWallet' }, 'payment_method'],
      [{ amount: '60.00', payment_method: 'bankTransfer' }, 'payment_method'],
      [{ amount: '60.00', payment_method: 'qr', currency: 'USD' }, 'currency'],
    ])('refuses %j with 400 naming %s', async (body, field) => {
      const res = await create(api.alice, body);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(0);
      expect(res.body.message).toContain(field);
    });

    it('refuses a request without a session (401)', async () => {
      const res = await postJson(api.t.baseUrl, CREATE, { amount: '60.00', payment_method: 'qr' });
      expect(res.status).toBe(401);
    });
  });

  describe('Idempotency-Key', () => {
    it('returns the same transaction for the same member and key', async () => {
      const first = await create(api.alice, { amount: '75.00', payment_method: 'qr' }, 'key-seq-1');
      const second = await create(api.alice, { amount: 75, payment_method: 'qr' }, 'key-seq-1');
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body.data?.transactionId).toBe(first.body.data?.transactionId);
      expect(second.body.data?.hashVal).toBe(first.body.data?.hashVal);
    });

    it('answers 409 when the key is reused for a different amount', async () => {
      await create(api.alice, { amount: '80.00', payment_method: 'qr' }, 'key-seq-2');
      const res = await create(api.alice, { amount: '81.00', payment_method: 'qr' }, 'key-seq-2');
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('Idempotency-Key');
    });

    it('scopes keys per member', async () => {
      const a = await create(api.alice, { amount: '90.00', payment_method: 'qr' }, 'shared-key');
      const b = await create(api.bob, { amount: '90.00', payment_method: 'qr' }, 'shared-key');
      expect(b.status).toBe(200);
      expect(b.body.data?.transactionId).not.toBe(a.body.data?.transactionId);
      expect(b.body.data?.custName).toBe('Bob Lim');
    });

    it('creates exactly one transaction for concurrent requests with the same key', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          create(api.bob, { amount: '99.00', payment_method: 'qr' }, 'key-concurrent'),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      const ids = new Set(answers.map((a) => a.body.data?.transactionId));
      expect(ids.size).toBe(1);
      const rows = await api.t.container.db.query(
        'SELECT id FROM transactions WHERE member_id = $1 AND amount_sen = 9900',
        [api.bob.user_id],
      );
      expect(rows).toHaveLength(1);
    });

    it('refuses a malformed key with 400', async () => {
      const res = await create(
        api.alice,
        { amount: '60.00', payment_method: 'qr' },
        'x'.repeat(129),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Idempotency-Key');
    });
  });

  describe('status and details', () => {
    it('show the owner the status and the details', async () => {
      const p = await newPayment(api.alice, '123.45');
      expect(await statusOf(p.payment_id)).toBe('pending');
      const details = await getJson(
        api.t.baseUrl,
        `/transaction/details?transactionId=${p.transactionId}`,
        {
          token: api.alice.token,
        },
      );
      expect(details.status).toBe(200);
      expect(details.body.data).toEqual({
        transactionId: p.transactionId,
        status: 'pending',
        amount: '123.45',
        refundedAmount: '0.00',
      });
    });

    it("answer another member's payment exactly like an unknown one: 404, same body", async () => {
      const p = await newPayment(api.alice);
      const unknownId = `TXN${'A'.repeat(24)}`;
      const read = (path: string, token: string) =>
        getJson(api.t.baseUrl, path, { token }).then((res) => ({
          status: res.status,
          body: res.body,
        }));

      const theirs = await read(`/payment/status/${p.payment_id}`, api.bob.token);
      expect(theirs).toEqual({
        status: 404,
        body: { status: 0, message: 'Payment not found.', code: 'PAYMENT_NOT_FOUND' },
      });
      expect(await read(`/payment/status/${unknownId}`, api.bob.token)).toEqual(theirs);
      expect(await read(`/payment/status/not-an-id`, api.bob.token)).toEqual(theirs);

      const theirDetails = await read(
        `/transaction/details?transactionId=${p.transactionId}`,
        api.bob.token,
      );
      expect(theirDetails).toEqual({
        status: 404,
        body: { status: 0, message: 'Transaction not found.', code: 'PAYMENT_NOT_FOUND' },
      });
      expect(await read(`/transaction/details?transactionId=${unknownId}`, api.bob.token)).toEqual(
        theirDetails,
      );
      expect(await read(`/transaction/details?transactionId=nope`, api.bob.token)).toEqual(
        theirDetails,
      );
      // The owner still sees it.
      expect((await read(`/payment/status/${p.payment_id}`, api.alice.token)).status).toBe(200);
    });

    it('need a session (401) and a transactionId (400)', async () => {
      const p = await newPayment(api.alice);
      expect((await getJson(api.t.baseUrl, `/payment/status/${p.payment_id}`)).status).toBe(401);
      const missing = await getJson(api.t.baseUrl, '/transaction/details', {
        token: api.alice.token,
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toContain('transactionId');
    });
  });
});
