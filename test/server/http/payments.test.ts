import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { TRANSACTION_ID_PATTERN } from '../../../server/domain/transaction';
import {
  gatewayOutcomeCanonical,
  handOffCanonical,
  type GatewayOutcomeMessage,
} from '../../../src/contract/sandbox-gateway';
import { type PaymentRequestBody } from '../../../server/use-cases/create-payment-request.use-case';
import { eachDatabase } from '../support/databases';
import { getJson, postJson } from '../support/http';
import { registerAndLogin, type LoggedInMember } from '../support/members';
import {
  CREATE_PAYMENT as CREATE,
  newPayment as newPaymentOf,
  paymentStatus,
  requestPayment,
  signOutcome,
  startPaymentsApp,
} from '../support/payments';
import { type TestApp } from '../support/test-app';

describe.each(eachDatabase())('payments API on %s', (database) => {
  let t: TestApp;
  let alice: LoggedInMember;
  let bob: LoggedInMember;
  let signer: HmacSha256PaymentSigner;

  beforeAll(async () => {
    ({ t, signer } = await startPaymentsApp(database));
    alice = await registerAndLogin(t.baseUrl, { name: 'Alice Tan' });
    bob = await registerAndLogin(t.baseUrl, { name: 'Bob Lim' });
  });
  afterAll(() => t?.close());

  const create = (who: LoggedInMember, body: unknown, key?: string) =>
    requestPayment(t.baseUrl, who, body, key);

  const newPayment = (who = alice, amount: string | number = '123.45') =>
    newPaymentOf(t.baseUrl, who, amount);

  const nowS = () => Math.floor(t.clock.now() / 1000);

  const signed = (message: GatewayOutcomeMessage) => signOutcome(signer, message);

  /** The gateway's signed word on a payment: its id and amount, signed now unless overridden. */
  const outcome = (
    p: { transactionId: string; amount: string },
    status: GatewayOutcomeMessage['status'],
    overrides: Partial<GatewayOutcomeMessage> = {},
  ) =>
    signed({
      transactionId: p.transactionId,
      status,
      amount: p.amount,
      timestamp: nowS(),
      ...overrides,
    });

  const callback = (body: unknown) =>
    postJson<{ status: string }>(t.baseUrl, '/payment/callback', body);

  const statusOf = (transactionId: string, who = alice) =>
    paymentStatus(t.baseUrl, transactionId, who);

  const callbackRecords = (transactionId: string) =>
    t.container.db.query<{ source: string; result: string; reason: string | null }>(
      'SELECT source, result, reason FROM payment_callbacks WHERE transaction_id = $1 ORDER BY id',
      [transactionId],
    );

  describe('generate-payment-request-body', () => {
    it('creates a pending transaction and returns the signed hand-off fields of the product spec', async () => {
      const res = await create(alice, { amount: '123.45', payment_method: 'qr' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(1);
      const data = res.body.data as PaymentRequestBody;
      expect(data.transactionId).toMatch(TRANSACTION_ID_PATTERN);
      expect(data).toEqual({
        payment_id: data.transactionId,
        status: 'pending',
        transactionId: data.transactionId,
        clientId: t.config.gatewayClientId,
        clientSecret: '',
        custName: 'Alice Tan',
        custMobile: alice.phone_no,
        custEmail: '',
        amount: '123.45',
        returnUrl: `${t.baseUrl}/return?transactionId=${data.transactionId}`,
        callbackUrl: `${t.baseUrl}/api/payment/callback/sandbox`,
        paymentMethod: 'qr',
        hashVal: expect.stringMatching(/^[0-9a-f]{64}$/),
        gateway: expect.any(Object),
      });
      expect(signer.verify(handOffCanonical(data), data.hashVal)).toBe(true);
      // The sandbox-style gateway takes exactly the product spec's fields (docs/spec/product-spec.md), posted as a form.
      const { payment_id: _id, status: _status, gateway, ...handOffFields } = data;
      expect(gateway).toEqual({ url: t.config.gatewayUrl, method: 'POST', fields: handOffFields });
      expect(JSON.stringify(res.body)).not.toContain(t.config.gatewaySecret);

      const rows = await t.container.db.query<{
        amount_sen: number;
        status: string;
        member_id: string;
      }>('SELECT amount_sen, status, member_id FROM transactions WHERE id = $1', [
        data.transactionId,
      ]);
      expect(rows).toEqual([{ amount_sen: 12345, status: 'pending', member_id: alice.user_id }]);
    });

    it('accepts the amount as a number and answers it with two decimals', async () => {
      const data = await newPayment(alice, 50);
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
      const res = await create(alice, body);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(0);
      expect(res.body.message).toContain(field);
    });

    it('refuses a request without a session (401)', async () => {
      const res = await postJson(t.baseUrl, CREATE, { amount: '60.00', payment_method: 'qr' });
      expect(res.status).toBe(401);
    });
  });

  describe('Idempotency-Key', () => {
    it('returns the same transaction for the same member and key', async () => {
      const first = await create(alice, { amount: '75.00', payment_method: 'qr' }, 'key-seq-1');
      const second = await create(alice, { amount: 75, payment_method: 'qr' }, 'key-seq-1');
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body.data?.transactionId).toBe(first.body.data?.transactionId);
      expect(second.body.data?.hashVal).toBe(first.body.data?.hashVal);
    });

    it('answers 409 when the key is reused for a different amount', async () => {
      await create(alice, { amount: '80.00', payment_method: 'qr' }, 'key-seq-2');
      const res = await create(alice, { amount: '81.00', payment_method: 'qr' }, 'key-seq-2');
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('Idempotency-Key');
    });

    it('scopes keys per member', async () => {
      const a = await create(alice, { amount: '90.00', payment_method: 'qr' }, 'shared-key');
      const b = await create(bob, { amount: '90.00', payment_method: 'qr' }, 'shared-key');
      expect(b.status).toBe(200);
      expect(b.body.data?.transactionId).not.toBe(a.body.data?.transactionId);
      expect(b.body.data?.custName).toBe('Bob Lim');
    });

    it('creates exactly one transaction for concurrent requests with the same key', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          create(bob, { amount: '99.00', payment_method: 'qr' }, 'key-concurrent'),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      const ids = new Set(answers.map((a) => a.body.data?.transactionId));
      expect(ids.size).toBe(1);
      const rows = await t.container.db.query(
        'SELECT id FROM transactions WHERE member_id = $1 AND amount_sen = 9900',
        [bob.user_id],
      );
      expect(rows).toHaveLength(1);
    });

    it('refuses a malformed key with 400', async () => {
      const res = await create(alice, { amount: '60.00', payment_method: 'qr' }, 'x'.repeat(129));
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Idempotency-Key');
    });
  });

  describe('status and details', () => {
    it('show the owner the status and the details', async () => {
      const p = await newPayment(alice, '123.45');
      expect(await statusOf(p.payment_id)).toBe('pending');
      const details = await getJson(
        t.baseUrl,
        `/transaction/details?transactionId=${p.transactionId}`,
        {
          token: alice.token,
        },
      );
      expect(details.status).toBe(200);
      expect(details.body.data).toEqual({
        transactionId: p.transactionId,
        status: 'pending',
        amount: '123.45',
      });
    });

    it("answer another member's payment exactly like an unknown one: 404, same body", async () => {
      const p = await newPayment(alice);
      const unknownId = `TXN${'A'.repeat(24)}`;
      const read = (path: string, token: string) =>
        getJson(t.baseUrl, path, { token }).then((res) => ({ status: res.status, body: res.body }));

      const theirs = await read(`/payment/status/${p.payment_id}`, bob.token);
      expect(theirs).toEqual({
        status: 404,
        body: { status: 0, message: 'Payment not found.', code: 'PAYMENT_NOT_FOUND' },
      });
      expect(await read(`/payment/status/${unknownId}`, bob.token)).toEqual(theirs);
      expect(await read(`/payment/status/not-an-id`, bob.token)).toEqual(theirs);

      const theirDetails = await read(
        `/transaction/details?transactionId=${p.transactionId}`,
        bob.token,
      );
      expect(theirDetails).toEqual({
        status: 404,
        body: { status: 0, message: 'Transaction not found.', code: 'PAYMENT_NOT_FOUND' },
      });
      expect(await read(`/transaction/details?transactionId=${unknownId}`, bob.token)).toEqual(
        theirDetails,
      );
      expect(await read(`/transaction/details?transactionId=nope`, bob.token)).toEqual(
        theirDetails,
      );
      // The owner still sees it.
      expect((await read(`/payment/status/${p.payment_id}`, alice.token)).status).toBe(200);
    });

    it('need a session (401) and a transactionId (400)', async () => {
      const p = await newPayment(alice);
      expect((await getJson(t.baseUrl, `/payment/status/${p.payment_id}`)).status).toBe(401);
      const missing = await getJson(t.baseUrl, '/transaction/details', { token: alice.token });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toContain('transactionId');
    });
  });

  describe('POST /payment/callback', () => {
    it('applies a signed outcome once and records it', async () => {
      const p = await newPayment(alice, '123.45');
      const res = await callback(outcome(p, 'completed'));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ status: 'completed' });
      expect(await statusOf(p.transactionId)).toBe('completed');
      expect(await callbackRecords(p.transactionId)).toEqual([
        { source: 'callback', result: 'applied', reason: null },
      ]);
    });

    it('applies a failed outcome', async () => {
      const p = await newPayment(alice, '60.00');
      const res = await callback(outcome(p, 'failed'));
      expect(res.status).toBe(200);
      expect(await statusOf(p.transactionId)).toBe('failed');
    });

    it('acknowledges a replay of the same outcome (200, no change) and refuses the opposite (409)', async () => {
      const p = await newPayment(alice, '70.00');
      const message = outcome(p, 'completed');
      expect((await callback(message)).status).toBe(200);
      const replay = await callback(message);
      expect(replay.status).toBe(200);
      expect(replay.body.message).toMatch(/already/i);
      const opposite = await callback(outcome(p, 'failed'));
      expect(opposite.status).toBe(409);
      expect(await statusOf(p.transactionId)).toBe('completed');
      expect((await callbackRecords(p.transactionId)).map((r) => r.result)).toEqual([
        'applied',
        'duplicate',
        'rejected',
      ]);
      const rows = await t.container.db.query<{ finalised_at: Date }>(
        'SELECT finalised_at FROM transactions WHERE id = $1',
        [p.transactionId],
      );
      expect(rows[0].finalised_at.getTime()).toBe(t.clock.now());
    });

    it('refuses forged signatures: a bad signature, an altered amount, an altered status (401)', async () => {
      const p = await newPayment(alice, '123.45');
      const genuine = outcome(p, 'failed');
      const forgeries = [
        { ...genuine, signature: 'f'.repeat(64) },
        { ...genuine, signature: 'not hex' },
        { ...genuine, amount: '1.00' },
        { ...genuine, status: 'completed' },
        { ...genuine, timestamp: genuine.timestamp + 1 },
        {
          ...genuine,
          status: 'completed',
          signature: new HmacSha256PaymentSigner('some other key').sign(
            gatewayOutcomeCanonical({ ...genuine, status: 'completed' }),
          ),
        },
      ];
      for (const forged of forgeries) {
        const res = await callback(forged);
        expect(res.status).toBe(401);
        expect(res.body.status).toBe(0);
      }
      expect(await statusOf(p.transactionId)).toBe('pending');
      const records = await callbackRecords(p.transactionId);
      expect(records).toHaveLength(forgeries.length);
      expect(
        records.every((r) => r.result === 'rejected' && r.reason?.startsWith('bad_signature')),
      ).toBe(true);
    });

    it('refuses stale and far-future timestamps (401), even when signed', async () => {
      const p = await newPayment(alice, '123.45');
      for (const timestamp of [nowS() - 301, nowS() + 301]) {
        const res = await callback(outcome(p, 'completed', { timestamp }));
        expect(res.status).toBe(401);
        expect(res.body.message).toMatch(/stale/i);
      }
      expect(await statusOf(p.transactionId)).toBe('pending');
      expect((await callbackRecords(p.transactionId)).map((r) => r.reason)).toEqual([
        'stale: Stale timestamp',
        'stale: Stale timestamp',
      ]);
    });

    it('refuses a signed outcome with a different amount (400)', async () => {
      const p = await newPayment(alice, '123.45');
      const res = await callback(outcome(p, 'completed', { amount: '123.40' }));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/amount/i);
      expect(await statusOf(p.transactionId)).toBe('pending');
      expect(await callbackRecords(p.transactionId)).toEqual([
        {
          source: 'callback',
          result: 'rejected',
          reason: 'amount_mismatch: Amount does not match the transaction',
        },
      ]);
    });

    it('answers 404 for an unknown transaction and records it', async () => {
      const unknownId = `TXN${'B'.repeat(24)}`;
      const res = await callback(
        outcome({ transactionId: unknownId, amount: '50.00' }, 'completed'),
      );
      expect(res.status).toBe(404);
      expect(await callbackRecords(unknownId)).toEqual([
        {
          source: 'callback',
          result: 'rejected',
          reason: 'unknown_transaction: Unknown transaction',
        },
      ]);
    });

    it('answers 400 for malformed bodies and still records them', async () => {
      const p = await newPayment(alice, '123.45');
      const base = {
        transactionId: p.transactionId,
        status: 'completed',
        amount: '123.45',
        timestamp: nowS(),
      };
      const malformed = [
        { ...base, signature: undefined },
        signed({ ...base, status: 'pending' } as GatewayOutcomeMessage),
        { ...signed(base as GatewayOutcomeMessage), extra: 1 },
        { ...signed(base as GatewayOutcomeMessage), timestamp: String(base.timestamp) },
        { ...signed(base as GatewayOutcomeMessage), amount: 123.45 },
      ];
      for (const body of malformed) {
        const res = await callback(body);
        expect(res.status).toBe(400);
      }
      expect(await statusOf(p.transactionId)).toBe('pending');
      const records = await callbackRecords(p.transactionId);
      expect(records).toHaveLength(malformed.length);
      expect(records.every((r) => r.reason?.startsWith('malformed'))).toBe(true);
    });

    it('turns 50 concurrent duplicate callbacks into exactly one transition and one applied record', async () => {
      const p = await newPayment(bob, '250.00');
      const message = outcome(p, 'completed');
      const answers = await Promise.all(Array.from({ length: 50 }, () => callback(message)));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      expect(answers.filter((a) => a.body.message === 'Callback applied.')).toHaveLength(1);
      const records = await callbackRecords(p.transactionId);
      expect(records.filter((r) => r.result === 'applied')).toHaveLength(1);
      expect(records.filter((r) => r.result === 'duplicate')).toHaveLength(49);
      expect(await statusOf(p.transactionId, bob)).toBe('completed');
    });

    it('lets the database itself refuse to move a final status back', async () => {
      const p = await newPayment(alice, '55.00');
      await callback(outcome(p, 'completed'));
      await expect(
        t.container.db.query(
          `UPDATE transactions SET status = 'pending', finalised_at = NULL WHERE id = $1`,
          [p.transactionId],
        ),
      ).rejects.toThrow(/cannot become/);
    });
  });
});
