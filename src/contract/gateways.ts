/**
 * The payment gateways the portal speaks to, by the name payments record (`gateway`) and the
 * settings take (`GATEWAY`, `GATEWAYS`). The server holds one record per kind
 * (server/adapters/gateways/gateway-records.ts: its settings, capabilities, hand-off address and
 * adapter); the console lists these kinds in its payment search and names each by its label.
 */
export const GATEWAY_KINDS = ['sandbox', 'billplz', 'toyyibpay'] as const;
/** sandbox: the sandbox-style form gateway (our sandbox app, or a gateway speaking its scheme). */
export type GatewayKind = (typeof GATEWAY_KINDS)[number];

export function isGatewayKind(name: string): name is GatewayKind {
  return (GATEWAY_KINDS as readonly string[]).includes(name);
}

/** The key of a gateway's name among the console's texts (locales/<language>/console.json). */
export function gatewayLabelKey<K extends GatewayKind>(kind: K): `payment.gateway.${K}` {
  return `payment.gateway.${kind}`;
}
