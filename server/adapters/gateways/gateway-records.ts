import { GATEWAY_KINDS, type GatewayKind, gatewayLabelKey } from '../../../src/contract/gateways';
import { type Clock } from '../../ports/clock.port';
import { type GatewayStatusClient } from '../../ports/gateway-status-client.port';
import { type GatewayCapabilities, type PaymentGateway } from '../../ports/payment-gateway.port';
import { type PaymentSigner } from '../../ports/payment-signer.port';
import { type EnvReader } from '../../settings/env-reader';
import {
  type BillplzConfig,
  type GatewayEnvironment,
  type GatewaysConfig,
  loadBillplzKeys,
  loadToyyibPayKeys,
  type ToyyibPayConfig,
} from '../../settings/gateways';
import { BillplzGatewayAdapter } from './billplz-gateway.adapter';
import { SandboxGatewayAdapter } from './sandbox-gateway.adapter';
import { ToyyibPayGatewayAdapter } from './toyyibpay-gateway.adapter';

/** Each gateway's own keys as the settings hold them; the sandbox's are the shared ones. */
export interface GatewayKeys {
  sandbox: null;
  billplz: BillplzConfig;
  toyyibpay: ToyyibPayConfig;
}

/** The settings a record reads its hand-off address and builds its adapter from. */
export interface GatewayRecordSettings {
  /** The sandbox-style gateway's payment page (GATEWAY_URL). */
  gatewayUrl: string;
  /** Our merchant id at the sandbox-style gateway (GATEWAY_CLIENT_ID). */
  gatewayClientId: string;
  billplz: BillplzConfig;
  gateways: GatewaysConfig;
}

/** What an adapter runs on besides its settings. */
export interface GatewayRuntime {
  signer: PaymentSigner;
  clock: Clock;
  /** The sandbox-style status queries' transport (HTTP, or in memory in tests). */
  statusClient: GatewayStatusClient;
  fetchFn: typeof fetch;
}

/**
 * One gateway, in one place: how its keys are read (and checked when GATEWAY or GATEWAYS names
 * it), what it offers (refunds through its API or by bank transfer, how callbacks are believed),
 * where the payer's browser is handed to, its name in the console, and its adapter. The settings
 * (server/settings/gateway.ts), the wiring (server/wiring/gateways.ts) and the CSP read these;
 * the console lists the contract's GATEWAY_KINDS under each one's label.
 */
export interface GatewayRecord<K extends GatewayKind = GatewayKind> {
  readonly kind: K;
  /** Its adapter's capabilities, known before one is built. */
  readonly capabilities: GatewayCapabilities;
  /** Its name's key among the console's texts (every console locale has it). */
  readonly consoleLabel: `payment.gateway.${K}`;
  readKeys(read: EnvReader, environment: GatewayEnvironment, configured: boolean): GatewayKeys[K];
  /** The address the payment hand-off sends the payer's browser to. */
  handOffAddress(settings: Omit<GatewayRecordSettings, 'gatewayClientId'>): string;
  adapter(settings: GatewayRecordSettings, runtime: GatewayRuntime): PaymentGateway;
}

export const GATEWAY_RECORDS: { readonly [K in GatewayKind]: GatewayRecord<K> } = {
  sandbox: {
    kind: 'sandbox',
    capabilities: SandboxGatewayAdapter.capabilities,
    consoleLabel: gatewayLabelKey('sandbox'),
    // GATEWAY_URL, GATEWAY_STATUS_URL and SANDBOX_GATEWAY_PORT are read for every gateway.
    readKeys: () => null,
    handOffAddress: (settings) => settings.gatewayUrl,
    adapter: (config, { signer, clock, statusClient, fetchFn }) => {
      // Read per use: tests learn the sandbox's address (and our own) only once it listens.
      const settings = () => ({ payUrl: config.gatewayUrl, clientId: config.gatewayClientId });
      return new SandboxGatewayAdapter(settings, signer, clock, statusClient, fetchFn);
    },
  },
  billplz: {
    kind: 'billplz',
    capabilities: BillplzGatewayAdapter.capabilities,
    consoleLabel: gatewayLabelKey('billplz'),
    readKeys: loadBillplzKeys,
    handOffAddress: (settings) => settings.billplz.baseUrl,
    adapter: (config, { fetchFn }) => new BillplzGatewayAdapter(config.billplz, fetchFn),
  },
  toyyibpay: {
    kind: 'toyyibpay',
    capabilities: ToyyibPayGatewayAdapter.capabilities,
    consoleLabel: gatewayLabelKey('toyyibpay'),
    readKeys: loadToyyibPayKeys,
    handOffAddress: (settings) => settings.gateways.toyyibpay.baseUrl,
    adapter: (config, { fetchFn }) =>
      new ToyyibPayGatewayAdapter(config.gateways.toyyibpay, fetchFn),
  },
};

/** The record of a gateway kind. */
export function gatewayRecord<K extends GatewayKind>(kind: K): GatewayRecord<K> {
  return GATEWAY_RECORDS[kind];
}

/** Every gateway's keys, each checked only where `configured` names its gateway. */
export function readGatewayKeys(
  read: EnvReader,
  environment: GatewayEnvironment,
  configured: readonly GatewayKind[],
): GatewayKeys {
  const keys = GATEWAY_KINDS.map((kind) => [
    kind,
    gatewayRecord(kind).readKeys(read, environment, configured.includes(kind)),
  ]);
  return Object.fromEntries(keys) as GatewayKeys;
}
