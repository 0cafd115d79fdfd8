import { type Config } from '../../config';
import { type GatewayKind } from '../../../src/contract/gateways';
import { type Clock } from '../../ports/clock.port';
import { type GatewayStatusClient } from '../../ports/gateway-status-client.port';
import { type PaymentGateway } from '../../ports/payment-gateway.port';
import { type PaymentSigner } from '../../ports/payment-signer.port';
import { gatewayRecord } from './gateway-records';

/**
 * The gateway adapter GATEWAY names, chosen at start-up: changing gateways is a setting and a
 * restart. `statusClient` carries the sandbox-style status queries (HTTP, or in memory in tests).
 */
export function paymentGatewayFor(...[config, ...adapters]: GatewayWiring): PaymentGateway {
  return paymentGatewayNamed(config.gateway, config, ...adapters);
}

/** What any gateway adapter is built from: the settings and the adapters it runs on. */
type GatewayWiring = [
  config: Config,
  signer: PaymentSigner,
  clock: Clock,
  statusClient: GatewayStatusClient,
  fetchFn?: typeof fetch,
];

/** The adapter of one configured gateway (GATEWAY or any of GATEWAYS), built by its record. */
export function paymentGatewayNamed(
  kind: GatewayKind,
  ...[config, signer, clock, statusClient, fetchFn = fetch]: GatewayWiring
): PaymentGateway {
  return gatewayRecord(kind).adapter(config, { signer, clock, statusClient, fetchFn });
}
