import { handOff, isSignedByGateway, signedForm } from './support/sandbox';
import { injectedGatewayPerTest } from './support/injected-gateway';

describe('sandbox gateway app (inject): decisions and callback delivery', () => {
  const sandbox = injectedGatewayPerTest();
  const { open, decide, expectErrorPage, postForm } = sandbox;

  it('approve sends the signed callback to callbackUrl, then 303s the tab to returnUrl', async () => {
    const fields = handOff({ amount: '88.50' });
    const session = await open(fields);
    await sandbox.clock.advance(42_000);
    const res = await decide(fields.transactionId, 'approve', session);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(fields.returnUrl);
    expect(sandbox.merchant.received).toEqual([
      {
        url: fields.callbackUrl,
        body: {
          transactionId: fields.transactionId,
          status: 'completed',
          amount: '88.50',
          timestamp: Math.floor(sandbox.clock.now() / 1000),
          signature: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      },
    ]);
    expect(isSignedByGateway(sandbox.merchant.received[0].body)).toBe(true);
    expect(sandbox.store.find(fields.transactionId)).toMatchObject({
      status: 'completed',
      callbackAttempts: 1,
      callbackAcknowledgedAt: sandbox.clock.now(),
    });
  });

  it('decline sends a failed outcome, then 303s to returnUrl', async () => {
    const fields = handOff({ amount: '66.00' });
    const res = await decide(fields.transactionId, 'decline', await open(fields));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(fields.returnUrl);
    expect(sandbox.merchant.received.map((r) => r.body.status)).toEqual(['failed']);
  });

  it('lets only the tab holding the session token decide, and only once', async () => {
    const fields = handOff();
    const session = await open(fields);
    const stranger = await decide(fields.transactionId, 'approve', 'x'.repeat(43));
    expectErrorPage(stranger, 403, 'Not allowed');
    expect(sandbox.merchant.received).toEqual([]);

    expect((await decide(fields.transactionId, 'decline', session)).statusCode).toBe(303);
    // The same button again, already acknowledged: back to the merchant, nothing sent again.
    const again = await decide(fields.transactionId, 'decline', session);
    expect(again.statusCode).toBe(303);
    expect(sandbox.merchant.received).toHaveLength(1);
    expectErrorPage(
      await decide(fields.transactionId, 'approve', session),
      409,
      'Payment already decided',
    );
    expectErrorPage(await postForm(signedForm(fields)), 409, 'already declined');
    expect(sandbox.store.find(fields.transactionId)?.status).toBe('failed');
  });

  it('hands the decision to the newest tab when the form is posted again', async () => {
    const fields = handOff();
    const first = await open(fields);
    const second = await open(fields);
    expect(second).not.toBe(first);
    expect((await decide(fields.transactionId, 'approve', first)).statusCode).toBe(403);
    expect((await decide(fields.transactionId, 'approve', second)).statusCode).toBe(303);
  });

  it('answers 404 for a decision on a payment it never saw and for unknown pages', async () => {
    expectErrorPage(await decide('TXNTESTNEVERSEEN', 'approve', 'x'), 404, 'Payment not found');
    expectErrorPage(
      await sandbox.app.inject({ method: 'GET', url: '/sandbox-gateway/pay' }),
      404,
      'Not found',
    );
    expect((await decide('TXNTESTNEVERSEEN', 'steal' as 'approve', 'x')).statusCode).toBe(400);
  });

  describe('callback delivery', () => {
    it('retries a failed callback with doubling delays, each signed afresh, until acknowledged', async () => {
      sandbox.merchant.answers = [503, new Error('connection refused'), 200];
      const fields = handOff();
      const res = await decide(fields.transactionId, 'approve', await open(fields));
      // The payer is not kept waiting for retries.
      expect(res.statusCode).toBe(303);
      expect(sandbox.merchant.received).toHaveLength(1);

      await sandbox.clock.advance(999);
      expect(sandbox.merchant.received).toHaveLength(1);
      await sandbox.clock.advance(1);
      expect(sandbox.merchant.received).toHaveLength(2);
      await sandbox.clock.advance(1999);
      expect(sandbox.merchant.received).toHaveLength(2);
      await sandbox.clock.advance(1);
      expect(sandbox.merchant.received).toHaveLength(3);
      expect(sandbox.clock.pendingTimers).toBe(0);

      const timestamps = sandbox.merchant.received.map((r) => r.body.timestamp);
      const start = timestamps[0];
      expect(timestamps).toEqual([start, start + 1, start + 3]);
      expect(sandbox.merchant.received.every((r) => isSignedByGateway(r.body))).toBe(true);
      expect(sandbox.store.find(fields.transactionId)).toMatchObject({
        callbackAttempts: 3,
        callbackAcknowledgedAt: sandbox.clock.now(),
      });
    });

    it('gives up after the last attempt', async () => {
      sandbox.merchant.answers = [500, 500, 500, 500, 500];
      const fields = handOff();
      await decide(fields.transactionId, 'approve', await open(fields));
      await sandbox.clock.advance(60_000);
      expect(sandbox.merchant.received).toHaveLength(4);
      expect(sandbox.clock.pendingTimers).toBe(0);
      expect(sandbox.store.find(fields.transactionId)?.callbackAcknowledgedAt).toBeNull();
    });

    it('does not retry an outcome the merchant refuses (4xx other than 429)', async () => {
      sandbox.merchant.answers = [400];
      const fields = handOff();
      await decide(fields.transactionId, 'approve', await open(fields));
      await sandbox.clock.advance(60_000);
      expect(sandbox.merchant.received).toHaveLength(1);
    });

    it('retries when rate limited (429)', async () => {
      sandbox.merchant.answers = [429];
      const fields = handOff();
      await decide(fields.transactionId, 'approve', await open(fields));
      await sandbox.clock.advance(1000);
      expect(sandbox.merchant.received).toHaveLength(2);
    });

    it('sends again when the payer clicks again before the merchant acknowledged', async () => {
      sandbox.merchant.answers = [503];
      const fields = handOff();
      const session = await open(fields);
      await decide(fields.transactionId, 'approve', session);
      expect((await decide(fields.transactionId, 'approve', session)).statusCode).toBe(303);
      expect(sandbox.merchant.received).toHaveLength(2);
    });

    it('drops waiting retries when the app closes', async () => {
      sandbox.merchant.answers = [503];
      const fields = handOff();
      await decide(fields.transactionId, 'approve', await open(fields));
      expect(sandbox.clock.pendingTimers).toBe(1);
      await sandbox.app.close();
      expect(sandbox.clock.pendingTimers).toBe(0);
      await sandbox.clock.advance(60_000);
      expect(sandbox.merchant.received).toHaveLength(1);
    });
  });
});
