import { FakeClock } from '../fakes/fake-clock';
import { FakeGateway } from '../fakes/fake-gateway';
import { FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';
import { HostedGatewayAdapter } from '../../src/adapters/hosted-gateway.adapter';
import { SandboxGatewayAdapter } from '../../src/adapters/sandbox-gateway.adapter';
import { GATEWAY_PORT } from '../../src/domain/ports/gateway.port';
import { createContainer } from '../../src/ui/app/container';
import { PaymentStatusViewModel } from '../../src/ui/screens/payment-status/payment-status.view-model';
import { PaymentViewModel } from '../../src/ui/screens/payment/payment.view-model';
import { ReturnViewModel } from '../../src/ui/screens/return/return.view-model';

const http = { baseUrl: '/api', projectId: 'p', environment: 'test' };
const edges = () => ({
  http: new FakeHttp(),
  storage: new InMemoryStorage(),
  clock: new FakeClock(),
  notifier: new RecordingNotifier(),
  navigation: new RecordingNavigation(),
});

describe('payment bindings in the composition root', () => {
  it('resolves a fresh payment, status and return view-model per request', () => {
    const container = createContainer({ ...edges(), gateway: new FakeGateway() });
    for (const viewModel of [PaymentViewModel, PaymentStatusViewModel, ReturnViewModel]) {
      const first = container.get<object>(viewModel);
      expect(first).toBeInstanceOf(viewModel);
      expect(container.get<object>(viewModel)).not.toBe(first);
    }
  });

  it.each([
    [{ kind: 'sandbox', stagingUrl: '', productionUrl: '' }, SandboxGatewayAdapter],
    [
      { kind: 'hosted', stagingUrl: 'https://s/pay', productionUrl: 'https://p/pay' },
      HostedGatewayAdapter,
    ],
  ])('chooses the gateway adapter by GATEWAY (%o)', (gateway, adapter) => {
    const container = createContainer({ ...edges(), config: { http, gateway } });
    expect(container.get(GATEWAY_PORT)).toBeInstanceOf(adapter);
  });

  it('refuses an unknown gateway or a hosted one without hosts', () => {
    expect(() =>
      createContainer({
        ...edges(),
        config: { http, gateway: { kind: 'paypal', stagingUrl: '', productionUrl: '' } },
      }),
    ).toThrow(/Unknown GATEWAY/);
    expect(() =>
      createContainer({
        ...edges(),
        config: { http, gateway: { kind: 'hosted', stagingUrl: '', productionUrl: '' } },
      }),
    ).toThrow(/GATEWAY_STAGING_URL/);
  });
});
