import { InMemoryPaymentGateway } from '../../../../server/adapters/in-memory/in-memory-payment-gateway.adapter';

const request = (refundId: string, amountSen = 500) => ({
  transactionId: 'TXN20260101FAKE01',
  gatewayRef: null,
  refundId,
  amountSen,
});

describe('the in-memory gateway of the use-case tests: refunds', () => {
  it('declares api refunds and refunds once per refund id, recording every call', async () => {
    const gateway = new InMemoryPaymentGateway();
    expect(gateway.capabilities.refunds).toBe('api');
    const refund = gateway.refund;
    if (refund === undefined) throw new Error('an api gateway has refund()');
    const first = await refund(request('r1'));
    expect(first).toEqual({ kind: 'refunded', gatewayRefundRef: 'RF000001' });
    expect(await refund(request('r1'))).toEqual(first);
    expect(await refund(request('r2', 300))).toEqual({
      kind: 'refunded',
      gatewayRefundRef: 'RF000002',
    });
    expect(gateway.refunds.calls.map((call) => call.request.refundId)).toEqual(['r1', 'r1', 'r2']);
    expect(gateway.refunds.made).toBe(2);
    expect(gateway.refunds.refundedOf('TXN20260101FAKE01')).toBe(800);
  });

  it('fails, goes down and times out when told, refunding nothing then', async () => {
    const gateway = new InMemoryPaymentGateway();
    const refund = gateway.refund!;
    gateway.refunds.failNext('account closed');
    expect(await refund(request('f1'))).toEqual({ kind: 'failed', reason: 'account closed' });
    expect(await refund(request('f1'))).toEqual({ kind: 'failed', reason: 'account closed' });
    gateway.refunds.goDown();
    expect((await refund(request('d1'))).kind).toBe('unavailable');
    gateway.refunds.comeBack();
    gateway.refunds.timeOutNext();
    expect((await refund(request('d1'))).kind).toBe('unavailable');
    expect(gateway.refunds.made).toBe(0);
    // Sent again once the gateway answers: refunded, once.
    expect((await refund(request('d1'))).kind).toBe('refunded');
    expect(gateway.refunds.made).toBe(1);
  });

  it('has no refund() when built with manual refunds', () => {
    const gateway = new InMemoryPaymentGateway({ refunds: 'manual' });
    expect(gateway.capabilities.refunds).toBe('manual');
    expect(typeof gateway.refund).toBe('undefined');
  });
});
