/** The payment use cases wired on in-memory stores, shared by the payments.*.use-case tests. */
import { gatewayRegistry } from '../../../server/adapters/gateways/gateway-registry';
import { randomBytes } from 'node:crypto';
import { InMemoryGatewayStatusClient } from '../../../server/adapters/in-memory/in-memory-gateway-status-client.adapter';
import { SandboxGatewayAdapter } from '../../../server/adapters/gateways/sandbox-gateway.adapter';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { type PaymentGateway } from '../../../server/ports/payment-gateway.port';
import { ApplyPaymentCallbackUseCase } from '../../../server/use-cases/apply-payment-callback.use-case';
import {
  CreatePaymentRequestUseCase,
  type PaymentRequest,
} from '../../../server/use-cases/create-payment-request.use-case';
import { GetPaymentStatusUseCase } from '../../../server/use-cases/get-payment-status.use-case';
import { ReconcilePendingPaymentsUseCase } from '../../../server/use-cases/reconcile-pending-payments.use-case';
import { type PaymentStatus } from '../../../src/contract/payment';
import { gatewayOutcomeCanonical } from '../../../src/contract/sandbox-gateway';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';

export const RECONCILE_AFTER_S = 600;
export const PUBLIC_URL = 'http://portal.test';

/** The payment use cases on in-memory stores, behind the sandbox gateway adapter by default. */
export async function setUp(makeGateway?: (defaults: SandboxParts) => PaymentGateway) {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const signer = new HmacSha256PaymentSigner('test gateway secret');
  const statusClient = new InMemoryGatewayStatusClient();
  const sandbox = new SandboxGatewayAdapter(
    () => ({ payUrl: 'https://sandbox.test/pay', clientId: 'member-portal' }),
    signer,
    clock,
    statusClient,
  );
  const gateway = makeGateway ? makeGateway({ sandbox }) : sandbox;
  const gateways = gatewayRegistry(gateway);
  const member = aMemberRow({ name: 'Aisyah Rahman', phoneNo: '60121234567' });
  await stores.members.insert(member);
  const warnings: string[] = [];
  const create = new CreatePaymentRequestUseCase(
    stores.transactions,
    signer,
    gateways,
    clock,
    async (memberId) => {
      const found = await stores.members.findById(memberId);
      return found ? { name: found.name, phoneNo: found.phoneNo } : null;
    },
    randomBytes,
    () => ({ clientId: 'member-portal', publicUrl: PUBLIC_URL }),
  );
  const apply = new ApplyPaymentCallbackUseCase(stores.transactions, gateways, clock);
  const reconcile = new ReconcilePendingPaymentsUseCase(
    stores.transactions,
    gateways,
    apply,
    clock,
    { reconcileAfterS: RECONCILE_AFTER_S, batchSize: 50 },
    (_context, message) => warnings.push(message),
  );
  const getStatus = new GetPaymentStatusUseCase(stores.transactions, reconcile);

  const pay = async (amount: unknown = '123.45', idempotencyKey?: string) => {
    const result = await create.execute({
      memberId: member.id,
      amount,
      paymentMethod: 'qr',
      idempotencyKey,
    });
    if (!result.ok) throw new Error(`payment request refused: ${JSON.stringify(result.error)}`);
    return result.value;
  };
  /** The gateway's signed statement about a payment, as the sandbox sends it. */
  const signed = (
    payment: PaymentRequest,
    status: PaymentStatus,
    overrides: { amount?: string; timestamp?: number } = {},
  ) => {
    const message = {
      transactionId: payment.transactionId,
      status,
      amount: overrides.amount ?? payment.handOffFields.amount,
      timestamp: overrides.timestamp ?? Math.floor(clock.now() / 1000),
    };
    return { ...message, signature: signer.sign(gatewayOutcomeCanonical(message)) };
  };
  const callback = (body: unknown) =>
    apply.execute({
      request: { contentType: 'application/json', body, headers: {} },
      source: 'callback',
      gateway: gateway.name,
    });
  return {
    ...stores,
    clock,
    signer,
    statusClient,
    member,
    create,
    gateways,
    apply,
    reconcile,
    getStatus,
    pay,
    signed,
    callback,
    warnings,
  };
}

export interface SandboxParts {
  sandbox: SandboxGatewayAdapter;
}
