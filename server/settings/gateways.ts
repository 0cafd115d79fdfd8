import { type EnvReader } from './env-reader';

/**
 * Gateway settings beyond the one for new payments (GATEWAY, read in gateway.ts): the gateways
 * configured at once (GATEWAYS) and ToyyibPay's keys. Validated at start with the rest of the
 * configuration, so a missing key fails before the server listens.
 */

export const GATEWAY_KINDS = ['sandbox', 'billplz', 'toyyibpay'] as const;
/** sandbox: the sandbox-style form gateway (our sandbox app, or a gateway speaking its scheme). */
export type GatewayKind = (typeof GATEWAY_KINDS)[number];

export interface ToyyibPayConfig {
  userSecretKey: string;
  categoryCode: string;
  /** The host picked for PUBLIC_URL by the host rule, from the two below. */
  baseUrl: string;
  stagingUrl: string;
  productionUrl: string;
}

export interface GatewaysConfig {
  /** Every gateway configured (GATEWAYS; default GATEWAY alone), GATEWAY first. */
  enabled: GatewayKind[];
  toyyibpay: ToyyibPayConfig;
}

/**
 * GATEWAYS lists the gateways that keep serving their payments (callbacks, redirects, status
 * queries); GATEWAY, which takes new payments, must be among them when GATEWAYS is set.
 */
export function loadGatewaysConfig(
  read: EnvReader,
  current: GatewayKind,
  environment: 'staging' | 'production',
): GatewaysConfig {
  const { text, problems } = read;
  const listed = text('GATEWAYS', current)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const enabled: GatewayKind[] = [current];
  for (const name of listed) {
    if (!(GATEWAY_KINDS as readonly string[]).includes(name)) {
      problems.push(`GATEWAYS: each must be one of ${GATEWAY_KINDS.join(', ')} (got "${name}")`);
    } else if (!enabled.includes(name as GatewayKind)) {
      enabled.push(name as GatewayKind);
    }
  }
  if (!listed.includes(current)) {
    problems.push(`GATEWAYS: must include GATEWAY (${current}), the gateway for new payments`);
  }

  const stagingUrl = text('TOYYIBPAY_STAGING_URL', 'https://dev.toyyibpay.com');
  const productionUrl = text('TOYYIBPAY_PRODUCTION_URL', 'https://toyyibpay.com');
  const toyyibpay: ToyyibPayConfig = {
    userSecretKey: text('TOYYIBPAY_USER_SECRET_KEY', ''),
    categoryCode: text('TOYYIBPAY_CATEGORY_CODE', ''),
    baseUrl: (environment === 'staging' ? stagingUrl : productionUrl).replace(/\/+$/, ''),
    stagingUrl,
    productionUrl,
  };
  if (enabled.includes('toyyibpay')) {
    for (const [name, value] of [
      ['TOYYIBPAY_USER_SECRET_KEY', toyyibpay.userSecretKey],
      ['TOYYIBPAY_CATEGORY_CODE', toyyibpay.categoryCode],
    ] as const) {
      if (value === '') problems.push(`${name}: is required when GATEWAYS includes toyyibpay`);
    }
    read.checkUrl('TOYYIBPAY_STAGING_URL', stagingUrl);
    read.checkUrl('TOYYIBPAY_PRODUCTION_URL', productionUrl);
  }
  return { enabled, toyyibpay };
}
