import { GATEWAY_KINDS, type GatewayKind, isGatewayKind } from '../../src/contract/gateways';
import { type EnvReader } from './env-reader';

/**
 * Gateway settings beyond the one for new payments (GATEWAY, read in gateway.ts): the gateways
 * configured at once (GATEWAYS) and each gateway's own keys, which its record
 * (server/adapters/gateways/gateway-records.ts) reads through the readers below. Validated at
 * start with the rest of the configuration, so a missing key fails before the server listens.
 */

export { GATEWAY_KINDS, type GatewayKind } from '../../src/contract/gateways';
export type GatewayEnvironment = 'staging' | 'production';

export interface BillplzConfig {
  apiKey: string;
  collectionId: string;
  xSignatureKey: string;
  /** The host picked for PUBLIC_URL by the host rule, from the two below. */
  baseUrl: string;
  stagingUrl: string;
  productionUrl: string;
}

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
export function loadEnabledGateways(read: EnvReader, current: GatewayKind): GatewayKind[] {
  const listed = read
    .text('GATEWAYS', current)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const enabled: GatewayKind[] = [current];
  for (const name of listed) {
    if (!isGatewayKind(name)) {
      read.problems.push(
        `GATEWAYS: each must be one of ${GATEWAY_KINDS.join(', ')} (got "${name}")`,
      );
    } else if (!enabled.includes(name)) {
      enabled.push(name);
    }
  }
  if (!listed.includes(current)) {
    read.problems.push(`GATEWAYS: must include GATEWAY (${current}), the gateway for new payments`);
  }
  return enabled;
}

/** A gateway's two hosts (staging and production), the one the host rule picks, and their check. */
function hosts(read: EnvReader, names: [string, string], urls: [string, string]) {
  const [stagingUrl, productionUrl] = urls;
  const check = () => names.forEach((name, i) => read.checkUrl(name, urls[i]));
  const pick = (environment: GatewayEnvironment) =>
    (environment === 'staging' ? stagingUrl : productionUrl).replace(/\/+$/, '');
  return { stagingUrl, productionUrl, check, pick };
}

/** ToyyibPay's keys (required when GATEWAYS names it) and its host for this environment. */
export function loadToyyibPayKeys(
  read: EnvReader,
  environment: GatewayEnvironment,
  required: boolean,
): ToyyibPayConfig {
  const host = hosts(
    read,
    ['TOYYIBPAY_STAGING_URL', 'TOYYIBPAY_PRODUCTION_URL'],
    [
      read.text('TOYYIBPAY_STAGING_URL', 'https://dev.toyyibpay.com'),
      read.text('TOYYIBPAY_PRODUCTION_URL', 'https://toyyibpay.com'),
    ],
  );
  const toyyibpay: ToyyibPayConfig = {
    userSecretKey: read.text('TOYYIBPAY_USER_SECRET_KEY', ''),
    categoryCode: read.text('TOYYIBPAY_CATEGORY_CODE', ''),
    baseUrl: host.pick(environment),
    stagingUrl: host.stagingUrl,
    productionUrl: host.productionUrl,
  };
  if (required) {
    for (const [name, value] of [
      ['TOYYIBPAY_USER_SECRET_KEY', toyyibpay.userSecretKey],
      ['TOYYIBPAY_CATEGORY_CODE', toyyibpay.categoryCode],
    ] as const) {
      if (value === '') read.problems.push(`${name}: is required when GATEWAYS includes toyyibpay`);
    }
    host.check();
  }
  return toyyibpay;
}

/** What each Billplz key looks like in Billplz's account settings, for the start-up check. */
const BILLPLZ_KEY_SHAPES = {
  BILLPLZ_API_KEY: {
    pattern: /^[A-Za-z0-9_-]{1,128}$/,
    says: "Billplz's API secret key, letters, digits, - and _ without spaces or quotes (like 73eb57f0-7d4e-42b9-a544-aeac6e4b0f81)",
    secret: true,
  },
  BILLPLZ_COLLECTION_ID: {
    pattern: /^[A-Za-z0-9_-]{1,64}$/,
    says: 'the id of a Billplz collection, letters, digits, - and _ (like inbmmepb)',
    secret: false,
  },
  BILLPLZ_X_SIGNATURE_KEY: {
    pattern: /^[A-Za-z0-9_+/=-]{1,256}$/,
    says: "Billplz's X Signature key, letters, digits and - _ + / = without spaces or quotes (like S-s7b4yt9dMzHtpWvl-nqWFg)",
    secret: true,
  },
} as const;

/** Billplz's keys (required when GATEWAY or GATEWAYS names it) and its host for this environment. */
export function loadBillplzKeys(
  read: EnvReader,
  environment: GatewayEnvironment,
  required: boolean,
): BillplzConfig {
  const host = hosts(
    read,
    ['BILLPLZ_STAGING_URL', 'BILLPLZ_PRODUCTION_URL'],
    [
      read.text('BILLPLZ_STAGING_URL', 'https://www.billplz-sandbox.com'),
      read.text('BILLPLZ_PRODUCTION_URL', 'https://www.billplz.com'),
    ],
  );
  const billplz: BillplzConfig = {
    apiKey: read.text('BILLPLZ_API_KEY', ''),
    collectionId: read.text('BILLPLZ_COLLECTION_ID', ''),
    xSignatureKey: read.text('BILLPLZ_X_SIGNATURE_KEY', ''),
    baseUrl: host.pick(environment),
    stagingUrl: host.stagingUrl,
    productionUrl: host.productionUrl,
  };
  if (required) {
    for (const [name, value] of [
      ['BILLPLZ_API_KEY', billplz.apiKey],
      ['BILLPLZ_COLLECTION_ID', billplz.collectionId],
      ['BILLPLZ_X_SIGNATURE_KEY', billplz.xSignatureKey],
    ] as const) {
      const shape = BILLPLZ_KEY_SHAPES[name];
      if (value === '') {
        read.problems.push(
          `${name}: is required when GATEWAY or GATEWAYS names billplz: ${shape.says}`,
        );
      } else if (!shape.pattern.test(value)) {
        // The keys are secrets: a wrong one is described, never shown.
        const got = shape.secret ? 'the value given is not shown' : `got "${value}"`;
        read.problems.push(`${name}: must be ${shape.says} (${got})`);
      }
    }
    host.check();
  }
  return billplz;
}
