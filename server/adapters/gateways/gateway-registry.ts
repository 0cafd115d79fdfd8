import type { PaymentGateway } from '../../ports/payment-gateway.port';
import type { PaymentGateways } from '../../ports/payment-gateways.port';

/** The configured gateways by name; `current` takes new payments and is always among them. */
export function gatewayRegistry(
  current: PaymentGateway,
  others: readonly PaymentGateway[] = [],
): PaymentGateways {
  const byName = new Map<string, PaymentGateway>([[current.name, current]]);
  for (const gateway of others) if (!byName.has(gateway.name)) byName.set(gateway.name, gateway);
  return {
    current,
    names: [...byName.keys()],
    byName: (name) => byName.get(name),
  };
}
