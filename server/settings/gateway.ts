import { isIP } from 'node:net';
import { gatewayRecord, readGatewayKeys } from '../adapters/gateways/gateway-records';
import { type EnvReader } from './env-reader';
import {
  type BillplzConfig,
  GATEWAY_KINDS,
  type GatewayEnvironment,
  type GatewayKind,
  type GatewaysConfig,
  loadEnabledGateways,
} from './gateways';

export type { BillplzConfig, GatewayEnvironment, GatewayKind } from './gateways';

/** payments: which gateway, where it is, who we are to it, and how lost callbacks are chased. */
export interface GatewaySettings {
  /** Which gateway adapter serves payments (GATEWAY), chosen at start-up. */
  gateway: GatewayKind;
  /** The sandbox gateway app's own port (SANDBOX_GATEWAY_PORT, default PORT + 1). */
  sandboxGatewayPort: number;
  /** The sandbox-style gateway's payment page (GATEWAY_URL, else the host rule, else the sandbox). */
  gatewayUrl: string;
  /** Billplz (GATEWAY=billplz): keys, and the host the host rule picked. */
  billplz: BillplzConfig;
  /** Every gateway configured (GATEWAYS) and ToyyibPay's keys: see settings/gateways.ts. */
  gateways: GatewaysConfig;
  /** A payment still pending this long after creation is re-queried (RECONCILE_AFTER_S). */
  reconcileAfterS: number;
  /** Our merchant id at the gateway (GATEWAY_CLIENT_ID). */
  gatewayClientId: string;
  /** The merchant name the gateway shows the payer (MERCHANT_NAME). */
  merchantName: string;
  /** The sandbox-style gateway's status endpoint (GATEWAY_STATUS_URL; default the sandbox's). */
  gatewayStatusUrl: string;
  /** Seconds between reconciliation sweeps in main (RECONCILE_INTERVAL_S); 0 = off. */
  reconcileIntervalS: number;
}

/** Where the API itself is, which the gateway defaults are derived from. */
export interface ApiAddress {
  production: boolean;
  host: string;
  port: number;
  publicUrl: string;
}

export function loadGateway(read: EnvReader, api: ApiAddress): GatewaySettings {
  const gateway = read.oneOf<GatewayKind>('GATEWAY', 'sandbox', GATEWAY_KINDS);
  const environment = gatewayEnvironmentFor(api.publicUrl);
  const enabled = loadEnabledGateways(read, gateway);
  // PORT=0 (any free port) has no "next" port: the sandbox takes any free port too.
  const nextPort = api.port === 0 ? 0 : api.port + 1;
  const sandboxGatewayPort = read.integer(
    'SANDBOX_GATEWAY_PORT',
    nextPort > 65535 ? 0 : nextPort,
    0,
    65535,
  );
  if (nextPort > 65535 && !read.isSet('SANDBOX_GATEWAY_PORT')) {
    read.problems.push('SANDBOX_GATEWAY_PORT: PORT + 1 is no port; set it');
  }
  const host = api.host;
  const sandboxOrigin = `http://${host.includes(':') ? `[${host}]` : host}:${sandboxGatewayPort}`;

  // The sandbox-style page: set outright, or picked by the host rule, or the local sandbox.
  const hostedPage = read.text(
    environment === 'staging' ? 'GATEWAY_STAGING_URL' : 'GATEWAY_PRODUCTION_URL',
    '',
  );
  const explicitPage = read.text('GATEWAY_URL', '') || hostedPage;
  const gatewayUrl = explicitPage || `${sandboxOrigin}/pay`;
  read.checkUrl('GATEWAY_URL', gatewayUrl);
  const gatewayStatusUrl = read.text('GATEWAY_STATUS_URL', `${sandboxOrigin}/status`);
  read.checkUrl('GATEWAY_STATUS_URL', gatewayStatusUrl);
  // The sandbox never runs in production, so its default addresses would be dead ends there.
  if (api.production && gateway === 'sandbox') {
    if (explicitPage === '') {
      read.problems.push('GATEWAY_URL: production needs the real gateway payment page address');
    }
    if (!read.isSet('GATEWAY_STATUS_URL')) {
      // Reconciliation would never learn a lost callback's outcome.
      read.problems.push('GATEWAY_STATUS_URL: production needs the real gateway status address');
    }
  }

  // Each gateway's own keys, read by its record and checked when it is configured.
  const keys = readGatewayKeys(read, environment, enabled);
  return {
    gateway,
    sandboxGatewayPort,
    gatewayUrl,
    billplz: keys.billplz,
    gateways: { enabled, toyyibpay: keys.toyyibpay },
    reconcileAfterS: read.integer('RECONCILE_AFTER_S', 600, 1, 86400),
    gatewayClientId: read.text('GATEWAY_CLIENT_ID', 'member-portal'),
    merchantName: read.text('MERCHANT_NAME', 'Member Payment Portal'),
    gatewayStatusUrl,
    reconcileIntervalS: read.integer('RECONCILE_INTERVAL_S', 60, 0, 86400),
  };
}

/**
 * The host rule: a host containing 'uat' or 'staging', localhost, or an IP address is a staging
 * deployment and talks to the gateway's staging host; any other host is production.
 */
export function isStagingHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return (
    host.includes('uat') || host.includes('staging') || host === 'localhost' || isIP(host) !== 0
  );
}

/** The host rule applied to the origin members reach us at (PUBLIC_URL). */
export function gatewayEnvironmentFor(publicUrl: string): GatewayEnvironment {
  let hostname: string;
  try {
    hostname = new URL(publicUrl).hostname;
  } catch {
    // An invalid PUBLIC_URL is reported on its own; never guess production from it.
    return 'staging';
  }
  return isStagingHost(hostname) ? 'staging' : 'production';
}

/** The address the payment hand-off goes to: GATEWAY's page or host (its record's). */
export function gatewayAddress(
  config: Pick<GatewaySettings, 'gateway' | 'billplz' | 'gatewayUrl' | 'gateways'>,
): string {
  return handOffAddress(config, config.gateway);
}

/** The origin the member's browser is handed to (allowed as the CSP form-action). */
export function gatewayOrigin(
  config: Pick<GatewaySettings, 'gateway' | 'billplz' | 'gatewayUrl' | 'gateways'>,
): string {
  return new URL(gatewayAddress(config)).origin;
}

/** The address each configured gateway (GATEWAYS) hands the payer's browser to: its record's. */
function handOffAddress(
  config: Pick<GatewaySettings, 'billplz' | 'gatewayUrl' | 'gateways'>,
  gateway: GatewayKind,
): string {
  return gatewayRecord(gateway).handOffAddress(config);
}

/**
 * The origins of the configured gateways (GATEWAYS), GATEWAY's first, each once: the CSP's
 * form-action names these and no other gateway's. A payment repeated with its Idempotency-Key is
 * handed to the gateway that took it, which may be another configured one than GATEWAY.
 */
export function configuredGatewayOrigins(
  config: Pick<GatewaySettings, 'gateway' | 'billplz' | 'gatewayUrl' | 'gateways'>,
): string[] {
  const origins = configuredGatewayAddresses(config).map((address) => new URL(address).origin);
  return [...new Set(origins)];
}

/** The addresses the configured gateways hand the payer's browser to, GATEWAY's first. */
export function configuredGatewayAddresses(
  config: Pick<GatewaySettings, 'gateway' | 'billplz' | 'gatewayUrl' | 'gateways'>,
): string[] {
  return [config.gateway, ...config.gateways.enabled].map((gateway) =>
    handOffAddress(config, gateway),
  );
}
