import { randomUUID } from 'node:crypto';
import { type GatewayRefundRequest } from '../../../../server/ports/payment-gateway.port';
import { startFaultServer } from '../../support/fault-server';
import { AMOUNT_SEN, aStartRequest, openHandOff, type GatewayHarness } from './gateway-contract';

/**
 * What an adapter's refund declaration promises: `manual`, no refund() at all (finance pays the
 * money back outside the gateway); `api`, a refund() that refunds a paid payment once per refund
 * id however often it is sent, answers `failed` for more than was paid, and `unavailable`
 * (never a throw) when the gateway is down, failing or silent.
 */
export function gatewayRefundContract(name: string, setUp: () => Promise<GatewayHarness>): void {
  describe(`${name} gateway adapter contract: refunds`, () => {
    let current: GatewayHarness;
    beforeAll(async () => {
      current = await setUp();
    });
    afterAll(() => current?.close());
    gatewayRefundCases(() => current);
  });
}

function gatewayRefundCases(harness: () => GatewayHarness): void {
  /** A payment the payer paid at the gateway, as the refund names it. */
  const paidPayment = async (): Promise<Omit<GatewayRefundRequest, 'refundId' | 'amountSen'>> => {
    const { gateway } = harness();
    const request = aStartRequest();
    const start = await gateway.startPayment(request);
    const page = await openHandOff(start.handOff);
    await page.body?.cancel();
    await harness().finish(start, request, true);
    return { transactionId: request.transactionId, gatewayRef: start.gatewayRef };
  };

  /** The adapter's refund(), which an `api` declaration promises. */
  const refundOf = (gateway = harness().gateway) => {
    if (gateway.refund === undefined) throw new Error(`${gateway.name} declares api refunds`);
    return gateway.refund.bind(gateway);
  };

  /** What the gateway itself says it refunded out of a payment (sen). */
  const refundedAtGateway = (transactionId: string): Promise<number> => {
    const { refundedAt } = harness();
    if (refundedAt === undefined) throw new Error('an api refund harness needs refundedAt');
    return refundedAt(transactionId);
  };

  it('has no refund() where refunds are manual, and one where they go through the API', () => {
    const { gateway, refundedAt } = harness();
    const api = gateway.capabilities.refunds === 'api';
    expect(typeof gateway.refund === 'function').toBe(api);
    expect(refundedAt !== undefined).toBe(api);
  });

  describe('through the API', () => {
    const apiOnly = (): boolean => harness().gateway.capabilities.refunds === 'api';

    it('refunds a paid payment once per refund id, answering the same twice', async () => {
      if (!apiOnly()) return;
      const payment = await paidPayment();
      const request = { ...payment, refundId: randomUUID(), amountSen: 2_345 };
      const first = await refundOf()(request);
      expect(first).toEqual({ kind: 'refunded', gatewayRefundRef: expect.any(String) });
      const again = await refundOf()(request);
      expect(again).toEqual(first);
      expect(await refundedAtGateway(payment.transactionId)).toBe(2_345);
      const rest = await refundOf()({ ...request, refundId: randomUUID(), amountSen: 10_000 });
      expect(rest.kind).toBe('refunded');
      expect(rest).not.toEqual(first);
      expect(await refundedAtGateway(payment.transactionId)).toBe(AMOUNT_SEN);
    });

    it('answers failed for more than was paid, refunding nothing', async () => {
      if (!apiOnly()) return;
      const payment = await paidPayment();
      const over = { ...payment, refundId: randomUUID(), amountSen: AMOUNT_SEN + 1 };
      expect(await refundOf()(over)).toEqual({ kind: 'failed', reason: expect.any(String) });
      expect(await refundedAtGateway(payment.transactionId)).toBe(0);
    });

    it('answers unavailable, never throwing, when the gateway is down, failing or silent', async () => {
      if (!apiOnly()) return;
      const request = {
        transactionId: aStartRequest().transactionId,
        gatewayRef: null,
        refundId: randomUUID(),
        amountSen: 100,
      };
      const fault = await startFaultServer();
      try {
        fault.mode = 'error';
        const failing = await refundOf(harness().adapterAt(fault.url, 2000))(request);
        expect(failing).toEqual({ kind: 'unavailable', reason: expect.any(String) });
        fault.mode = 'hang';
        const began = Date.now();
        const silent = await refundOf(harness().adapterAt(fault.url, 300))(request);
        expect(silent.kind).toBe('unavailable');
        expect(Date.now() - began).toBeLessThan(5000);
      } finally {
        await fault.close();
      }
      const down = await startFaultServer();
      await down.close();
      expect((await refundOf(harness().adapterAt(down.url, 2000))(request)).kind).toBe(
        'unavailable',
      );
    });
  });
}
