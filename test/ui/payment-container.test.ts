import { expectFreshPerGet, fakeEdges } from '../builders/container-edges';
import { FakeGateway } from '../fakes/fake-gateway';
import { HostedGatewayAdapter } from '../../src/adapters/hosted-gateway.adapter';
import { SandboxGatewayAdapter } from '../../src/adapters/sandbox-gateway.adapter';
import { GATEWAY_PORT } from '../../src/domain/ports/gateway.port';
import { createContainer } from '../../src/ui/app/container';
import { PaymentStatusViewModel } from '../../src/ui/screens/payment-status/payment-status.view-model';
import { PaymentViewModel } from '../../src/ui/screens/payment/payment.view-model';
import { ReturnViewModel } from '../../src/ui/screens/return/return.view-model';

const http = { baseUrl: '/api', projectId: 'p', environment: 'test' };

describe('payment bindings in the composition root', () => {
  it('resolves a fresh payment, status and return view-model per request', () => {
    const container = createContainer({ ...fakeEdges(), gateway: new FakeGateway() });
    expectFreshPerGet(container, [PaymentViewModel, PaymentStatusViewModel, ReturnViewModel]);
  });

  it.each([
    [{ kind: 'sandbox', stagingUrl: '', productionUrl: '' }, SandboxGatewayAdapter],
    [
      { kind: 'hosted', stagingUrl: 'https://s/pay', productionUrl: 'https://p/pay' },
      HostedGatewayAdapter,
    ],
  ])('chooses the gateway adapter by GATEWAY (%o)', (gateway, adapter) => {
    const container = createContainer({ ...fakeEdges(), config: { http, gateway } });
    expect(container.get(GATEWAY_PORT)).toBeInstanceOf(adapter);
  });

  it('refuses an unknown gateway or a hosted one without hosts', () => {
    expect(() =>
      createContainer({
        ...fakeEdges(),
        config: { http, gateway: { kind: 'paypal', stagingUrl: '', productionUrl: '' } },
      }),
    ).toThrow(/Unknown GATEWAY/);
    expect(() =>
      createContainer({
        ...fakeEdges(),
        config: { http, gateway: { kind: 'hosted', stagingUrl: '', productionUrl: '' } },
      }),
    ).toThrow(/GATEWAY_STAGING_URL/);
  });
});
