import { InMemoryPaymentGateway } from '../../../../server/adapters/in-memory/in-memory-payment-gateway.adapter';
import { PortalMetrics } from '../../../../server/adapters/metrics/portal-metrics';
import { type PaymentGateway } from '../../../../server/ports/payment-gateway.port';

const counted = (body: string, operation: string): number =>
  Number(
    new RegExp(
      `^payment_gateway_calls_total\\{[^}]*operation="${operation}",outcome="ok"[^}]*\\} (\\d+)$`,
      'm',
    ).exec(body)?.[1] ?? NaN,
  );

describe('the metered payment gateway', () => {
  it('sends the refunds of a gateway that sends them, counted, through the gateway itself', async () => {
    const metrics = new PortalMetrics();
    const inner = new InMemoryPaymentGateway();
    const gateway = metrics.meterPaymentGateway(inner);
    expect(gateway.capabilities.refunds).toBe('api');
    const answer = await gateway.refund?.({
      transactionId: 'TXN20260101FAKE01',
      gatewayRef: null,
      refundId: 'r1',
      amountSen: 3_000,
    });

    expect(answer).toEqual({ kind: 'refunded', gatewayRefundRef: 'RF000001' });
    expect(inner.refunds.refundedOf('TXN20260101FAKE01')).toBe(3_000);
    expect(counted((await metrics.scrape()).body, 'refund')).toBe(1);
  });

  it('offers no refund call for a gateway without one', () => {
    const inner = new InMemoryPaymentGateway();
    const manual: PaymentGateway = {
      name: inner.name,
      capabilities: { ...inner.capabilities, refunds: 'manual' },
      startPayment: (request) => inner.startPayment(request),
      verifyCallback: (request) => inner.verifyCallback(request),
      verifyRedirect: (query) => inner.verifyRedirect(query),
      queryStatus: (payment) => inner.queryStatus(payment),
    };
    expect(new PortalMetrics().meterPaymentGateway(manual).refund).toBeUndefined();
  });
});
