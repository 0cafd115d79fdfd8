import { randomBytes } from 'node:crypto';
import { gatewayRegistry } from '../../../../server/adapters/gateways/gateway-registry';
import { HmacSha256PaymentSigner } from '../../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { SystemClock } from '../../../../src/contract/clock';
import { type PaymentGateway } from '../../../../server/ports/payment-gateway.port';
import { ApplyPaymentCallbackUseCase } from '../../../../server/use-cases/apply-payment-callback.use-case';
import { CreatePaymentRequestUseCase } from '../../../../server/use-cases/create-payment-request.use-case';
import { ReconcilePendingPaymentsUseCase } from '../../../../server/use-cases/reconcile-pending-payments.use-case';
import { ReturnFromGatewayUseCase } from '../../../../server/use-cases/return-from-gateway.use-case';
import { type StoreSet } from '../../contracts/store-backends';
import { aMemberRow } from '../../support/in-memory-stores';
import { AMOUNT_SEN, aStartRequest, type GatewayHarness, openHandOff } from './gateway-contract';

/** The conformance suites' wiring: the payment use cases over one store set and one gateway. */

const clock = new SystemClock();

/** The callback, reconciliation and redirect use cases over `set`, with `gateway` alone. */
export function wireUseCases(set: StoreSet, gateway: PaymentGateway) {
  const gateways = gatewayRegistry(gateway);
  const apply = new ApplyPaymentCallbackUseCase(set.transactions, gateways, clock);
  const reconcile = new ReconcilePendingPaymentsUseCase(set.transactions, gateways, apply, clock, {
    reconcileAfterS: 600,
    batchSize: 50,
  });
  const redirect = new ReturnFromGatewayUseCase(gateways, set.transactions, reconcile, clock);
  return { set, apply, reconcile, redirect, gateways };
}

/** The create use case over `set`, handing off to `gateway`, for `member`. */
export function createUseCase(
  set: StoreSet,
  gateway: PaymentGateway,
  member: { name: string; phoneNo: string },
) {
  return new CreatePaymentRequestUseCase(
    set.transactions,
    new HmacSha256PaymentSigner('conformance-secret-0123456789abcdef'),
    gatewayRegistry(gateway),
    clock,
    async () => ({ name: member.name, phoneNo: member.phoneNo }),
    (size) => randomBytes(size),
    () => ({ clientId: 'member-portal', publicUrl: 'http://portal.test' }),
  );
}

/** A payment started at the harness's gateway and stored as the create use case stores it. */
export async function storedPayment(
  harness: GatewayHarness,
  set: StoreSet,
  storedAmountSen: number = AMOUNT_SEN,
) {
  const member = aMemberRow();
  await set.members.insert(member);
  const request = aStartRequest();
  const start = await harness.gateway.startPayment(request);
  // The payer's tab opens the hand-off: some gateways learn of the payment only then.
  await (await openHandOff(start.handOff)).body?.cancel();
  await set.transactions.createPending({
    transactionId: request.transactionId,
    memberId: member.id,
    amountSen: storedAmountSen,
    paymentMethod: 'qr',
    gateway: harness.gateway.name,
    createdAt: new Date(),
  });
  if (start.gatewayRef !== null) {
    await set.transactions.attachGatewayRef(request.transactionId, start.gatewayRef);
  }
  return { request, start, id: request.transactionId };
}

/** The same adapter under another name: reads every message alike, owns no payment. */
export function renamed(
  real: PaymentGateway,
  name: string,
  startPayment = real.startPayment.bind(real),
): PaymentGateway {
  return {
    name,
    capabilities: real.capabilities,
    startPayment,
    verifyCallback: (c, isOurs) => real.verifyCallback(c, isOurs),
    verifyRedirect: (q) => real.verifyRedirect(q),
    queryStatus: (p) => real.queryStatus(p),
  };
}
