import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import {
  gatewayOutcomeCanonical,
  type GatewayOutcomeMessage,
} from '../../../src/contract/sandbox-gateway';
import { eachDatabase } from '../../../scripts/support/databases';
import { postJson } from '../support/http';
import { signOutcome } from '../support/payments';
import { paymentsApiOn } from './payments-api.support';

describe.each(eachDatabase())('payments API on %s: the gateway callback', (database) => {
  const api = paymentsApiOn(database);
  const { newPayment, statusOf } = api;

  const nowS = () => Math.floor(api.t.clock.now() / 1000);

  const signed = (message: GatewayOutcomeMessage) => signOutcome(api.signer, message);

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
    postJson<{ status: string }>(api.t.baseUrl, '/payment/callback', body);

  const callbackRecords = (transactionId: string) =>
    api.t.container.db.query<{ source: string; result: string; reason: string | null }>(
      'SELECT source, result, reason FROM payment_callbacks WHERE transaction_id = $1 ORDER BY id',
      [transactionId],
    );

  describe('POST /payment/callback', () => {
    it('applies a signed outcome once and records it', async () => {
      const p = await newPayment(api.alice, '123.45');
      const res = await callback(outcome(p, 'completed'));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ status: 'completed' });
      expect(await statusOf(p.transactionId)).toBe('completed');
      expect(await callbackRecords(p.transactionId)).toEqual([
        { source: 'callback', result: 'applied', reason: null },
      ]);
    });

    it('applies a failed outcome', async () => {
      const p = await newPayment(api.alice, '60.00');
      const res = await callback(outcome(p, 'failed'));
      expect(res.status).toBe(200);
      expect(await statusOf(p.transactionId)).toBe('failed');
    });

    it('acknowledges a replay of the same outcome (200, no change) and refuses the opposite (409)', async () => {
      const p = await newPayment(api.alice, '70.00');
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
      const rows = await api.t.container.db.query<{ finalised_at: Date }>(
        'SELECT finalised_at FROM transactions WHERE id = $1',
        [p.transactionId],
      );
      expect(rows[0].finalised_at.getTime()).toBe(api.t.clock.now());
    });

    it('refuses forged signatures: a bad signature, an altered amount, an altered status (401)', async () => {
      const p = await newPayment(api.alice, '123.45');
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
      const p = await newPayment(api.alice, '123.45');
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
      const p = await newPayment(api.alice, '123.45');
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
      const p = await newPayment(api.alice, '123.45');
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
      const p = await newPayment(api.bob, '250.00');
      const message = outcome(p, 'completed');
      const answers = await Promise.all(Array.from({ length: 50 }, () => callback(message)));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      expect(answers.filter((a) => a.body.message === 'Callback applied.')).toHaveLength(1);
      const records = await callbackRecords(p.transactionId);
      expect(records.filter((r) => r.result === 'applied')).toHaveLength(1);
      expect(records.filter((r) => r.result === 'duplicate')).toHaveLength(49);
      expect(await statusOf(p.transactionId, api.bob)).toBe('completed');
    });

    it('lets the database itself refuse to move a final status back', async () => {
      const p = await newPayment(api.alice, '55.00');
      await callback(outcome(p, 'completed'));
      await expect(
        api.t.container.db.query(
          `UPDATE transactions SET status = 'pending', finalised_at = NULL WHERE id = $1`,
          [p.transactionId],
        ),
      ).rejects.toThrow(/cannot become/);
    });
  });
});
