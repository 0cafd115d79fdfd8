import { Registry } from 'prom-client';
import {
  gatewaySignerFor,
  HmacSha256PaymentSigner,
  previousGatewaySecretCounter,
} from '../../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';

const NEW = 'new-gateway-secret-0123456789abcdef';
const OLD = 'old-gateway-secret-0123456789abcdef';

describe('the gateway signer during a rotation of GATEWAY_SECRET', () => {
  const message = 'T-1|completed|10.00|1700000000';

  it('signs with the new secret and accepts either, counting the previous one', async () => {
    const registry = new Registry();
    const signer = gatewaySignerFor(
      { gatewaySecret: NEW, gatewaySecretPrevious: OLD },
      previousGatewaySecretCounter(registry),
    );
    const onNew = new HmacSha256PaymentSigner(NEW).sign(message);
    const onOld = new HmacSha256PaymentSigner(OLD).sign(message);
    expect(signer.sign(message)).toBe(onNew);
    expect(signer.verify(message, onNew)).toBe(true);
    expect(signer.verify(message, onOld)).toBe(true);
    expect(signer.verify(message, new HmacSha256PaymentSigner('another').sign(message))).toBe(
      false,
    );
    expect(signer.verify(`${message}0`, onOld)).toBe(false);
    const counted = await registry
      .getSingleMetric('payment_gateway_previous_secret_accepted_total')
      ?.get();
    expect(counted?.values[0]?.value).toBe(1);
  });

  it('accepts only the current secret outside a rotation, and refuses an empty previous one', () => {
    const signer = gatewaySignerFor({ gatewaySecret: NEW });
    expect(signer.verify(message, new HmacSha256PaymentSigner(OLD).sign(message))).toBe(false);
    expect(() => new HmacSha256PaymentSigner(NEW, { secret: '' })).toThrow(/previous secret/);
  });
});
