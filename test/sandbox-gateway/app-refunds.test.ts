import { type RefundRequestMessage } from '../../src/contract/sandbox-gateway';
import { injectedGatewayPerTest } from './support/injected-gateway';
import {
  CLIENT_ID,
  handOff,
  isRefundAnswerSigned,
  newTransactionId,
  signedRefund,
} from './support/sandbox';

let refundSerial = 0;
const newRefundId = (): string => `RFD-${(refundSerial += 1)}`;

describe('sandbox gateway app (inject): refunds', () => {
  const sandbox = injectedGatewayPerTest();

  /** A payment of `amount` the payer approved (or declined) at the sandbox. */
  const paid = async (amount: string, decision: 'approve' | 'decline' = 'approve') => {
    const fields = handOff({ amount });
    const res = await sandbox.decide(fields.transactionId, decision, await sandbox.open(fields));
    expect(res.statusCode).toBe(303);
    return fields.transactionId;
  };

  const message = (overrides: Partial<RefundRequestMessage>): RefundRequestMessage => ({
    clientId: CLIENT_ID,
    transactionId: 'TXNTESTUNSET',
    refundId: newRefundId(),
    amount: '10.00',
    timestamp: Math.floor(sandbox.clock.now() / 1000),
    ...overrides,
  });

  const post = (body: unknown) =>
    sandbox.app.inject({ method: 'POST', url: '/refunds', payload: body as object });

  /** A signed refund request: its answer's JSON, checked to be 200 and signed by the gateway. */
  const refund = async (overrides: Partial<RefundRequestMessage>) => {
    const res = await post(signedRefund(message(overrides)));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(isRefundAnswerSigned(body)).toBe(true);
    return body as Record<string, string>;
  };

  it('refunds a completed payment once per refund id, answering the first answer again', async () => {
    const transactionId = await paid('88.50');
    const refundId = newRefundId();
    const first = await refund({ transactionId, refundId, amount: '30.00' });
    expect(first).toMatchObject({
      transactionId,
      refundId,
      status: 'refunded',
      amount: '30.00',
      refundRef: expect.stringMatching(/^RF[0-9A-F]{16}$/),
      reason: '',
    });
    await sandbox.clock.advance(60_000);
    const again = await refund({ transactionId, refundId, amount: '30.00' });
    expect(again.refundRef).toBe(first.refundRef);
    expect(sandbox.refunds.refundedOf(transactionId)).toBe(3000);
    expect(sandbox.refunds.all()).toHaveLength(1);
  });

  it('answers the same refund id sent twice at once with one refund', async () => {
    const transactionId = await paid('20.00');
    const body = signedRefund(message({ transactionId, amount: '20.00' }));
    const answers = await Promise.all([post(body), post(body), post(body)]);
    const refs = answers.map((res) => res.json().refundRef as string);
    expect(new Set(refs).size).toBe(1);
    expect(refs[0]).not.toBe('');
    expect(sandbox.refunds.refundedOf(transactionId)).toBe(2000);
  });

  it('refunds in parts up to the amount paid, and fails one that would pass it', async () => {
    const transactionId = await paid('50.00');
    expect((await refund({ transactionId, amount: '20.00' })).status).toBe('refunded');
    const over = await refund({ transactionId, amount: '30.01' });
    expect(over).toMatchObject({ status: 'failed', reason: 'exceeds_refundable', refundRef: '' });
    expect(sandbox.refunds.refundedOf(transactionId)).toBe(2000);
    expect((await refund({ transactionId, amount: '30.00' })).status).toBe('refunded');
    const nothingLeft = await refund({ transactionId, amount: '0.01' });
    expect(nothingLeft.reason).toBe('exceeds_refundable');
    expect(sandbox.refunds.refundedOf(transactionId)).toBe(5000);
  });

  it('keeps a failed answer for its refund id even once the refund could be made', async () => {
    const fields = handOff({ amount: '10.00' });
    const session = await sandbox.open(fields);
    const { transactionId } = fields;
    const refundId = newRefundId();
    const early = await refund({ transactionId, refundId, amount: '10.00' });
    expect(early).toMatchObject({ status: 'failed', reason: 'payment_not_completed' });
    expect((await sandbox.decide(transactionId, 'approve', session)).statusCode).toBe(303);
    const again = await refund({ transactionId, refundId, amount: '10.00' });
    expect(again).toMatchObject({ status: 'failed', reason: 'payment_not_completed' });
    expect(sandbox.refunds.refundedOf(transactionId)).toBe(0);
    expect((await refund({ transactionId, amount: '10.00' })).status).toBe('refunded');
  });

  it('fails a refund of a payment it never saw, or one not completed', async () => {
    const unknown = await refund({ transactionId: newTransactionId() });
    expect(unknown).toMatchObject({ status: 'failed', reason: 'payment_not_found' });
    const declined = await paid('10.00', 'decline');
    expect(await refund({ transactionId: declined, amount: '1.00' })).toMatchObject({
      status: 'failed',
      reason: 'payment_not_completed',
    });
    const fields = handOff({ amount: '10.00' });
    await sandbox.open(fields);
    expect(await refund({ transactionId: fields.transactionId, amount: '1.00' })).toMatchObject({
      status: 'failed',
      reason: 'payment_not_completed',
    });
  });

  it('fails a refund id used before for another amount, keeping the first refund', async () => {
    const transactionId = await paid('40.00');
    const refundId = newRefundId();
    const first = await refund({ transactionId, refundId, amount: '5.00' });
    const reused = await refund({ transactionId, refundId, amount: '6.00' });
    expect(reused).toMatchObject({ status: 'failed', reason: 'refund_id_reused', amount: '6.00' });
    expect((await refund({ transactionId, refundId, amount: '5.00' })).refundRef).toBe(
      first.refundRef,
    );
    expect(sandbox.refunds.refundedOf(transactionId)).toBe(500);
  });

  it('refuses with 401 a request not signed by the merchant, stale or for another merchant', async () => {
    const transactionId = await paid('30.00');
    const genuine = message({ transactionId, amount: '30.00' });
    const refusals = [
      signedRefund(genuine, 'another-secret-of-some-length-0123456789'),
      { ...signedRefund(genuine), amount: '29.00' },
      signedRefund({ ...genuine, clientId: 'another-merchant' }),
      signedRefund({ ...genuine, timestamp: genuine.timestamp - 3600 }),
      { ...signedRefund(genuine), signature: 'not-hex' },
    ];
    for (const body of refusals) {
      const res = await post(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized' });
    }
    expect(sandbox.refunds.all()).toEqual([]);
    expect(sandbox.refunds.refundedOf(transactionId)).toBe(0);
  });

  it('answers 400 in JSON for a body that is no refund request', async () => {
    const transactionId = await paid('30.00');
    const { signature: _dropped, ...unsigned } = signedRefund(message({ transactionId }));
    const bad = [
      unsigned,
      signedRefund(message({ transactionId, amount: '0.00' })),
      signedRefund(message({ transactionId, amount: '1.5' })),
      signedRefund(message({ transactionId, refundId: 'not a|refund id' })),
      signedRefund(message({ transactionId: '../pay' })),
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request' });
    }
    const text = await sandbox.app.inject({
      method: 'POST',
      url: '/refunds',
      headers: { 'content-type': 'text/plain' },
      payload: 'refund please',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(text.headers['content-type']).toMatch(/^application\/json/);
    expect(sandbox.refunds.all()).toEqual([]);
  });
});
