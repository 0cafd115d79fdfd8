import { expectFreshPerGet, fakeEdges } from '../builders/container-edges';
import { FakeGateway } from '../fakes/fake-gateway';
import { FormPostGatewayAdapter } from '../../src/adapters/form-post-gateway.adapter';
import { GATEWAY_PORT } from '../../src/domain/ports/gateway.port';
import { PayUseCase } from '../../src/domain/use-cases/pay.use-case';
import { WatchTransactionUseCase } from '../../src/domain/use-cases/watch-transaction.use-case';
import { createAppContainer } from './app-container.support';
import { readConfig } from '../../src/ui/shared/config';
import { PAY_USE_CASE, WATCH_TRANSACTION_USE_CASE } from '../../src/ui/shared/tokens';
import { PaymentStatusViewModel } from '../../src/ui/screens/payment-status/payment-status.view-model';
import { PaymentViewModel } from '../../src/ui/screens/payment/payment.view-model';
import { ReturnViewModel } from '../../src/ui/screens/return/return.view-model';

describe('payment bindings in the composition root', () => {
  it('resolves a fresh payment, status and return view-model per request', () => {
    const container = createAppContainer({ ...fakeEdges(), gateway: new FakeGateway() });
    expectFreshPerGet(container, [PaymentViewModel, PaymentStatusViewModel, ReturnViewModel]);
  });

  it('gives each screen its own flow (each disposes its own timers)', () => {
    const container = createAppContainer({ ...fakeEdges(), gateway: new FakeGateway() });
    const pay = container.get<PayUseCase>(PAY_USE_CASE);
    expect(pay).toBeInstanceOf(PayUseCase);
    expect(container.get(PAY_USE_CASE)).not.toBe(pay);
    const watch = container.get<WatchTransactionUseCase>(WATCH_TRANSACTION_USE_CASE);
    expect(watch).toBeInstanceOf(WatchTransactionUseCase);
    expect(container.get(WATCH_TRANSACTION_USE_CASE)).not.toBe(watch);
  });

  it('has one gateway adapter, whatever the environment: the server picks the gateway', () => {
    const container = createAppContainer(fakeEdges());
    expect(container.get(GATEWAY_PORT)).toBeInstanceOf(FormPostGatewayAdapter);
    // No gateway setting is read at build time any more.
    expect(Object.keys(readConfig())).toEqual(['http']);
  });
});
