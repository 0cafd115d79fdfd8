import { BillplzGatewayAdapter } from '../../../server/adapters/gateways/billplz-gateway.adapter';
import { SandboxGatewayAdapter } from '../../../server/adapters/gateways/sandbox-gateway.adapter';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer';
import { HttpGatewayStatusClient } from '../../../server/adapters/payments/http-gateway-status-client';
import { type GatewayCallbackRequest } from '../../../server/ports/payment-gateway.port';
import { FakeBillplz } from '../support/fake-billplz';
import { FixedClock } from '../support/fixed-clock';
import { gatewayContract, type GatewayHarness } from './gateway-contract';
import { SandboxGatewayStub } from './sandbox-gateway-stub';

const SECRET = 'contract-test-gateway-secret-0123456789';
const FORM = 'application/x-www-form-urlencoded';

gatewayContract('sandbox', async (): Promise<GatewayHarness> => {
  const clock = new FixedClock();
  const stub = await new SandboxGatewayStub(SECRET, clock).start();
  const gateway = new SandboxGatewayAdapter(
    () => ({ payUrl: `${stub.url}/pay`, clientId: 'member-portal' }),
    new HmacSha256PaymentSigner(SECRET),
    clock,
    new HttpGatewayStatusClient(() => `${stub.url}/status`),
  );
  const json = (body: Record<string, unknown>): GatewayCallbackRequest => ({
    contentType: 'application/json',
    body,
    headers: {},
  });
  const bodyOf = (callback: GatewayCallbackRequest) => callback.body as Record<string, unknown>;
  return {
    gateway,
    origin: stub.url,
    finish: async (_start, request, paid) => json(stub.decide(request.transactionId, paid)),
    tamper: (callback) => json({ ...bodyOf(callback), amount: '1.00' }),
    unsign: (callback) => {
      const { signature: _dropped, ...unsigned } = bodyOf(callback);
      return json(unsigned);
    },
    unpaidStatus: 'failed',
    close: () => stub.close(),
  };
});

gatewayContract('billplz', async (): Promise<GatewayHarness> => {
  const keys = { apiKey: 'test-api-key', collectionId: 'inbmmepb', xSignatureKey: 'S-contract' };
  const fake = await new FakeBillplz(keys).start();
  const gateway = new BillplzGatewayAdapter({ ...keys, baseUrl: fake.url });
  const form = (body: string): GatewayCallbackRequest => ({ contentType: FORM, body, headers: {} });
  const edit = (callback: GatewayCallbackRequest, change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(callback.body as string);
    change(params);
    return form(params.toString());
  };
  return {
    gateway,
    origin: fake.url,
    finish: async (start, _request, paid) => {
      if (start.gatewayRef === null) throw new Error('a Billplz payment is a bill');
      return form(fake.pay(start.gatewayRef, paid).callbackBody);
    },
    tamper: (callback) => edit(callback, (params) => params.set('amount', '100')),
    unsign: (callback) => edit(callback, (params) => params.delete('x_signature')),
    unpaidStatus: 'pending',
    close: () => fake.close(),
  };
});
