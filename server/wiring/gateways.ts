import { type Config } from '../config';
import { gatewayRegistry } from '../adapters/gateways/gateway-registry';
import { paymentGatewayNamed } from '../adapters/gateways/payment-gateway.factory';
import { type Clock } from '../ports/clock.port';
import { type GatewayStatusClient } from '../ports/gateway-status-client.port';
import { type PaymentGateway } from '../ports/payment-gateway.port';
import { type PaymentGateways } from '../ports/payment-gateways.port';
import { type PaymentSigner } from '../ports/payment-signer.port';
import { type TransactionStore } from '../ports/transaction-store.port';
import { tracedGateway } from '../telemetry/traced-gateway';

export interface GatewayAdapters {
  clock: Clock;
  paymentSigner: PaymentSigner;
  gatewayStatusClient: GatewayStatusClient;
  /** The gateway for new payments when given (metered, or a test's fake); else GATEWAY's. */
  paymentGateway?: PaymentGateway;
}

/**
 * Every configured gateway: the one for new payments (the given adapter, or GATEWAY's), then
 * the other GATEWAYS, so payments made through them keep being served.
 */
export function paymentGatewaysFor(adapters: GatewayAdapters, config: Config): PaymentGateways {
  const build = (kind: Config['gateway']) =>
    paymentGatewayNamed(
      kind,
      config,
      adapters.paymentSigner,
      adapters.clock,
      adapters.gatewayStatusClient,
    );
  const current = adapters.paymentGateway ?? build(config.gateway);
  const others = config.gateways.enabled.filter((kind) => kind !== current.name).map(build);
  // With tracing on, each gateway call is a span of the payment's trace; off, they are as built.
  return gatewayRegistry(tracedGateway(current), others.map(tracedGateway));
}

/**
 * Start-up check: pending payments whose gateway is not configured cannot be confirmed (no
 * callback path, no reconciliation) until it is again. Warns once per such gateway, naming how
 * many payments wait on it; answers those counts.
 */
export async function warnAboutStrandedPayments(
  store: TransactionStore,
  gateways: PaymentGateways,
  warn: (context: Record<string, unknown>, message: string) => void,
): Promise<Map<string, number>> {
  const stranded = new Map<string, number>();
  for (const [gateway, pending] of await store.countPendingByGateway()) {
    if (gateways.byName(gateway) !== undefined || pending === 0) continue;
    stranded.set(gateway, pending);
    warn(
      { gateway, pending },
      `${pending} pending payment(s) wait on gateway ${gateway}, which GATEWAYS does not configure: add it to GATEWAYS so their callbacks and reconciliation are served`,
    );
  }
  return stranded;
}
