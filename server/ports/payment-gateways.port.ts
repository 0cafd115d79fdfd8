import type { PaymentGateway } from './payment-gateway.port';

/**
 * The gateways configured at once (GATEWAYS), and the one new payments go to (GATEWAY). A payment
 * keeps the gateway that took it: its callbacks, redirect and status queries go to that gateway
 * by name, whichever one takes new payments now.
 */
export interface PaymentGateways {
  /** The gateway new payments go to. */
  readonly current: PaymentGateway;
  /** Every configured gateway's name, the current one first. */
  readonly names: readonly string[];
  /** A configured gateway by its name; undefined when it is not configured. */
  byName(name: string): PaymentGateway | undefined;
}
