import { GATEWAY_RECORDS } from '../../../../server/adapters/gateways/gateway-records';
import { paymentGatewayNamed } from '../../../../server/adapters/gateways/payment-gateway.factory';
import { InMemoryGatewayStatusClient } from '../../../../server/adapters/in-memory/in-memory-gateway-status-client.adapter';
import { HmacSha256PaymentSigner } from '../../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { configuredGatewayAddresses, loadConfig } from '../../../../server/config';
import { SystemClock } from '../../../../src/contract/clock';
import { GATEWAY_KINDS, gatewayLabelKey } from '../../../../src/contract/gateways';
import { HARNESSES } from './gateway-harnesses';

/** One record per gateway kind of the contract, and what it says is what its adapter does. */
const EVERY_GATEWAY = {
  GATEWAY: 'sandbox',
  GATEWAYS: GATEWAY_KINDS.join(','),
  BILLPLZ_API_KEY: 'k',
  BILLPLZ_COLLECTION_ID: 'c',
  BILLPLZ_X_SIGNATURE_KEY: 's',
  TOYYIBPAY_USER_SECRET_KEY: 'secret',
  TOYYIBPAY_CATEGORY_CODE: 'cat',
};

describe('the gateway records', () => {
  const config = loadConfig(EVERY_GATEWAY);

  it("cover exactly the contract's kinds, each under its own name and console label", () => {
    expect(Object.keys(GATEWAY_RECORDS).sort()).toEqual([...GATEWAY_KINDS].sort());
    for (const kind of GATEWAY_KINDS) {
      expect(GATEWAY_RECORDS[kind].kind).toBe(kind);
      expect(GATEWAY_RECORDS[kind].consoleLabel).toBe(gatewayLabelKey(kind));
    }
  });

  it('have a simulator harness each, so the contract and conformance suites run every kind', () => {
    expect(Object.keys(HARNESSES).sort()).toEqual([...GATEWAY_KINDS].sort());
  });

  it.each([...GATEWAY_KINDS])('%s: builds the adapter whose capabilities it declares', (kind) => {
    const adapter = paymentGatewayNamed(
      kind,
      config,
      new HmacSha256PaymentSigner('records-secret-0123456789abcdef'),
      new SystemClock(),
      new InMemoryGatewayStatusClient(),
    );
    expect(adapter.name).toBe(kind);
    expect(adapter.capabilities).toEqual(GATEWAY_RECORDS[kind].capabilities);
  });

  it('give the hand-off addresses the CSP allows, GATEWAY first', () => {
    expect(configuredGatewayAddresses(config)).toEqual([
      config.gatewayUrl,
      ...GATEWAY_KINDS.map((kind) => GATEWAY_RECORDS[kind].handOffAddress(config)),
    ]);
    expect(GATEWAY_RECORDS.billplz.handOffAddress(config)).toBe('https://www.billplz-sandbox.com');
    expect(GATEWAY_RECORDS.toyyibpay.handOffAddress(config)).toBe('https://dev.toyyibpay.com');
  });
});
