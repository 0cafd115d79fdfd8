import { InMemoryPaymentGateway } from '../../../server/adapters/in-memory/in-memory-payment-gateway.adapter';
import { gatewayRegistry } from '../../../server/adapters/gateways/gateway-registry';
import { ApplyPaymentCallbackUseCase } from '../../../server/use-cases/apply-payment-callback.use-case';
import { PaymentRequeryUseCase } from '../../../server/use-cases/ops/payment-requery.use-case';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow } from '../support/in-memory-stores';
import { anOperator } from './ops-stores.contract';
import { describeContract, type StoreSet } from './store-backends';

const TXN = `TXN${'R'.repeat(24)}`;

/** Asking the gateway now, raced: on PostgreSQL two asks run on two connections at once. */
function requeryRaceContract(stores: () => StoreSet): void {
  it('applies a final answer once when two operators ask at the same instant', async () => {
    const set = stores();
    const clock = new FakeClock();
    const gateway = new InMemoryPaymentGateway();
    const gateways = gatewayRegistry(gateway, []);
    const asker = () =>
      new PaymentRequeryUseCase(
        set.transactions,
        gateways,
        new ApplyPaymentCallbackUseCase(set.transactions, gateways, clock),
        clock,
      );
    const member = aMemberRow();
    await set.members.insert(member);
    const operators = [anOperator({ name: 'One' }), anOperator({ name: 'Two' })];
    for (const ops of operators) await set.operators.insert(ops);
    await set.transactions.createPending({
      transactionId: TXN,
      memberId: member.id,
      amountSen: 10_000,
      paymentMethod: 'qr',
      gateway: gateway.name,
      createdAt: new Date(clock.now()),
    });
    gateway.answerStatus(TXN, { transactionId: TXN, status: 'completed', amountSen: 10_000 });

    const answers = await Promise.all(
      operators.map((ops) =>
        asker().requery(
          { kind: 'operator', id: ops.id, name: ops.name, role: 'support', address: '::1' },
          TXN,
        ),
      ),
    );

    const results = answers.map((answer) => (answer.ok ? answer.value.result : answer.error.code));
    expect(results.sort()).toEqual(['applied', 'duplicate']);
    const messages = await set.paymentDirectory.messagesOf(TXN);
    expect(messages.map((m) => m.result).sort()).toEqual(['applied', 'duplicate']);
    expect(new Set(messages.map((m) => m.operator?.id))).toEqual(
      new Set(operators.map((ops) => ops.id)),
    );
    const payment = await set.paymentDirectory.byId(TXN);
    expect(payment).toMatchObject({ status: 'completed', receiptNumber: 'R-2026-000001' });
    const audited = await set.audit.list({ action: 'payment.requery', limit: 10 });
    expect(audited.map((entry) => entry.actorId).sort()).toEqual(
      operators.map((ops) => ops.id).sort(),
    );
  });
}

describeContract('Payment requery', requeryRaceContract);
