/**
 * Server configuration: read once from the environment at start-up and validated, so a typo
 * fails loudly before the server listens instead of surfacing later as odd behaviour.
 */

import { isIP } from 'node:net';
import { GATEWAY_KINDS, type GatewayKind, type GatewaysConfig } from './gateways.config';
import { loadGatewaysConfig } from './gateways.config';

export type { GatewayKind } from './gateways.config';

export type AppEnv = 'development' | 'test' | 'production';
export type SmsProvider = 'console' | 'twilio';
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

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** Overridable so tests can point the adapter at a local stub server. */
  baseUrl: string;
}

export interface Config {
  port: number;
  host: string;
  appEnv: AppEnv;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  smsProvider: SmsProvider;
  twilio: TwilioConfig;
  otpTtlS: number;
  otpMaxAttempts: number;
  smsResendCooldownS: number;
  smsPerPhonePerHour: number;
  smsPerAddressPerHour: number;
  loginMaxFailures: number;
  /** Server pepper mixed into SMS code hashes, so a database dump alone cannot brute-force codes. */
  smsCodePepper: string;
  /** HMAC key shared with the payment gateway. */
  gatewaySecret: string;
  /** payments: which gateway adapter serves payments (GATEWAY), chosen at start-up. */
  gateway: GatewayKind;
  /** The sandbox gateway app's own port (SANDBOX_GATEWAY_PORT, default PORT + 1). */
  sandboxGatewayPort: number;
  /** The sandbox-style gateway's payment page (GATEWAY_URL, else the host rule, else the sandbox). */
  gatewayUrl: string;
  /** Billplz (GATEWAY=billplz): keys, and the host the host rule picked. */
  billplz: BillplzConfig;
  /** Every gateway configured (GATEWAYS) and ToyyibPay's keys: see gateways.config.ts. */
  gateways: GatewaysConfig;
  reconcileAfterS: number;
  /** payments: our merchant id at the gateway (GATEWAY_CLIENT_ID). */
  gatewayClientId: string;
  /** payments: the merchant name the gateway shows the payer (MERCHANT_NAME). */
  merchantName: string;
  /** payments: the sandbox-style gateway's status endpoint (GATEWAY_STATUS_URL; default the sandbox's). */
  gatewayStatusUrl: string;
  /** payments: seconds between reconciliation sweeps in main (RECONCILE_INTERVAL_S); 0 = off. */
  reconcileIntervalS: number;
  /** Seconds between purges of stale codes, throttle records and sessions (PURGE_INTERVAL_S); 0 = off. */
  purgeIntervalS: number;
  /** Per-address request budget per minute for the API (session-check is keyed by token instead). */
  rateLimitPerMinute: number;
  /** Trust X-Forwarded-For (only behind a known reverse proxy). */
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Redis shared by the instances (REDIS_URL): cache invalidations (else PostgreSQL LISTEN/NOTIFY)
   * and the per-address request budgets (else each process counts in memory).
   */
  redisUrl?: string;
  /** How long sessions and members stay cached in memory (READ_CACHE_TTL_MS); 0 = no cache. */
  readCacheTtlMs: number;
  /** Connection hygiene: slow or idle clients cannot hold the server (see loadConnectionLimits). */
  connections: ConnectionLimits;
  /** How long SIGTERM waits for in-flight requests before cutting them (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** The Prometheus listener (METRICS_PORT, METRICS_HOST); port undefined = no metrics listener. */
  metrics: { port?: number; host: string };
}

/** Timeouts and the connection cap of the HTTP server, all in milliseconds except the cap. */
export interface ConnectionLimits {
  /** The whole request, headers and body, must arrive within this (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** The headers must arrive within this (HEADERS_TIMEOUT_MS, at most REQUEST_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way is destroyed after this (CONNECTION_TIMEOUT_MS). */
  connectionTimeoutMs: number;
  /** Connections beyond this are closed on arrival (MAX_CONNECTIONS). */
  maxConnections: number;
}

/** Development defaults for secrets; production refuses to start with any of them. */
export const DEFAULT_GATEWAY_SECRET = 'dev-only-gateway-secret-change-me';
export const DEFAULT_SMS_CODE_PEPPER = 'dev-only-sms-code-pepper-change-me';
const MIN_SECRET_LENGTH = 32;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const APP_ENVS: readonly AppEnv[] = ['development', 'test', 'production'];
const SMS_PROVIDERS: readonly SmsProvider[] = ['console', 'twilio'];
const LOG_LEVELS: readonly Config['logLevel'][] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  const text = (name: string, fallback: string): string => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? fallback : value.trim();
  };

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw.trim()) || value < min || value > max) {
      problems.push(`${name}: must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };

  const oneOf = <T extends string>(name: string, fallback: T, allowed: readonly T[]): T => {
    const value = text(name, fallback);
    if (!(allowed as readonly string[]).includes(value)) {
      problems.push(`${name}: must be one of ${allowed.join(', ')} (got "${value}")`);
      return fallback;
    }
    return value as T;
  };

  const appEnv = oneOf<AppEnv>('APP_ENV', 'development', APP_ENVS);
  const port = integer('PORT', 8080, 0, 65535);
  const host = text('HOST', '127.0.0.1');
  const publicUrl = text('PUBLIC_URL', `http://${host}:${port}`).replace(/\/+$/, '');
  checkUrl('PUBLIC_URL', publicUrl, problems);

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: must start with postgres:// or postgresql://');
  }

  const smsProvider = oneOf<SmsProvider>('SMS_PROVIDER', 'console', SMS_PROVIDERS);
  const twilio: TwilioConfig = {
    accountSid: text('TWILIO_ACCOUNT_SID', ''),
    authToken: text('TWILIO_AUTH_TOKEN', ''),
    from: text('TWILIO_FROM', ''),
    baseUrl: text('TWILIO_BASE_URL', 'https://api.twilio.com').replace(/\/+$/, ''),
  };
  if (smsProvider === 'twilio') {
    for (const [name, value] of [
      ['TWILIO_ACCOUNT_SID', twilio.accountSid],
      ['TWILIO_AUTH_TOKEN', twilio.authToken],
      ['TWILIO_FROM', twilio.from],
    ] as const) {
      if (value === '') problems.push(`${name}: is required when SMS_PROVIDER is twilio`);
    }
    checkUrl('TWILIO_BASE_URL', twilio.baseUrl, problems);
  }

  const gatewaySecret = text('GATEWAY_SECRET', DEFAULT_GATEWAY_SECRET);
  const smsCodePepper = text('SMS_CODE_PEPPER', DEFAULT_SMS_CODE_PEPPER);
  if (appEnv === 'production') {
    if (gatewaySecret === DEFAULT_GATEWAY_SECRET || gatewaySecret.length < MIN_SECRET_LENGTH) {
      problems.push(
        `GATEWAY_SECRET: production needs your own secret of at least ${MIN_SECRET_LENGTH} characters, not the default`,
      );
    }
    if (smsCodePepper === DEFAULT_SMS_CODE_PEPPER || smsCodePepper.length < MIN_SECRET_LENGTH) {
      problems.push(
        `SMS_CODE_PEPPER: production needs your own secret of at least ${MIN_SECRET_LENGTH} characters, not the default`,
      );
    }
  }

  const gateway = oneOf<GatewayKind>('GATEWAY', 'sandbox', GATEWAY_KINDS);
  const environment = gatewayEnvironmentFor(publicUrl);
  const gateways = loadGatewaysConfig(text, gateway, environment, problems, checkUrl);
  // PORT=0 (any free port) has no "next" port: the sandbox takes any free port too.
  const nextPort = port === 0 ? 0 : port + 1;
  const sandboxGatewayPort = integer(
    'SANDBOX_GATEWAY_PORT',
    nextPort > 65535 ? 0 : nextPort,
    0,
    65535,
  );
  if (nextPort > 65535 && !env.SANDBOX_GATEWAY_PORT?.trim()) {
    problems.push('SANDBOX_GATEWAY_PORT: PORT + 1 is no port; set it');
  }
  const sandboxOrigin = `http://${host.includes(':') ? `[${host}]` : host}:${sandboxGatewayPort}`;

  // The sandbox-style page: set outright, or picked by the host rule, or the local sandbox.
  const hostedPage = text(
    environment === 'staging' ? 'GATEWAY_STAGING_URL' : 'GATEWAY_PRODUCTION_URL',
    '',
  );
  const explicitPage = text('GATEWAY_URL', '') || hostedPage;
  const gatewayUrl = explicitPage || `${sandboxOrigin}/pay`;
  checkUrl('GATEWAY_URL', gatewayUrl, problems);
  const gatewayStatusUrl = text('GATEWAY_STATUS_URL', `${sandboxOrigin}/status`);
  checkUrl('GATEWAY_STATUS_URL', gatewayStatusUrl, problems);
  // The sandbox never runs in production, so its default addresses would be dead ends there.
  if (appEnv === 'production' && gateway === 'sandbox') {
    if (explicitPage === '') {
      problems.push('GATEWAY_URL: production needs the real gateway payment page address');
    }
    if (!env.GATEWAY_STATUS_URL?.trim()) {
      // Reconciliation would never learn a lost callback's outcome.
      problems.push('GATEWAY_STATUS_URL: production needs the real gateway status address');
    }
  }

  const billplzStaging = text('BILLPLZ_STAGING_URL', 'https://www.billplz-sandbox.com');
  const billplzProduction = text('BILLPLZ_PRODUCTION_URL', 'https://www.billplz.com');
  const billplz: BillplzConfig = {
    apiKey: text('BILLPLZ_API_KEY', ''),
    collectionId: text('BILLPLZ_COLLECTION_ID', ''),
    xSignatureKey: text('BILLPLZ_X_SIGNATURE_KEY', ''),
    baseUrl: (environment === 'staging' ? billplzStaging : billplzProduction).replace(/\/+$/, ''),
    stagingUrl: billplzStaging,
    productionUrl: billplzProduction,
  };
  if (gateways.enabled.includes('billplz')) {
    for (const [name, value] of [
      ['BILLPLZ_API_KEY', billplz.apiKey],
      ['BILLPLZ_COLLECTION_ID', billplz.collectionId],
      ['BILLPLZ_X_SIGNATURE_KEY', billplz.xSignatureKey],
    ] as const) {
      if (value === '') problems.push(`${name}: is required when GATEWAY is billplz`);
    }
    checkUrl('BILLPLZ_STAGING_URL', billplzStaging, problems);
    checkUrl('BILLPLZ_PRODUCTION_URL', billplzProduction, problems);
  }

  const config: Config = {
    port,
    host,
    appEnv,
    dataDir: text('DATA_DIR', './data'),
    databaseUrl,
    publicUrl,
    smsProvider,
    twilio,
    otpTtlS: integer('OTP_TTL_S', 300, 30, 3600),
    otpMaxAttempts: integer('OTP_MAX_ATTEMPTS', 5, 1, 20),
    smsResendCooldownS: integer('SMS_RESEND_COOLDOWN_S', 60, 0, 3600),
    smsPerPhonePerHour: integer('SMS_PER_PHONE_PER_HOUR', 5, 1, 1000),
    smsPerAddressPerHour: integer('SMS_PER_ADDRESS_PER_HOUR', 30, 1, 100000),
    loginMaxFailures: integer('LOGIN_MAX_FAILURES', 10, 1, 1000),
    smsCodePepper,
    gatewaySecret,
    gateway,
    sandboxGatewayPort,
    gatewayUrl,
    billplz,
    gateways,
    reconcileAfterS: integer('RECONCILE_AFTER_S', 600, 1, 86400),
    gatewayClientId: text('GATEWAY_CLIENT_ID', 'member-portal'),
    merchantName: text('MERCHANT_NAME', 'Member Payment Portal'),
    gatewayStatusUrl,
    reconcileIntervalS: integer('RECONCILE_INTERVAL_S', 60, 0, 86400),
    purgeIntervalS: integer('PURGE_INTERVAL_S', 3600, 0, 86400),
    rateLimitPerMinute: integer('RATE_LIMIT_PER_MINUTE', 300, 1, 1000000),
    trustProxy: oneOf('TRUST_PROXY', 'false', ['true', 'false']) === 'true',
    logLevel: oneOf('LOG_LEVEL', appEnv === 'test' ? 'silent' : 'info', LOG_LEVELS),
    redisUrl: text('REDIS_URL', '') || undefined,
    readCacheTtlMs: integer('READ_CACHE_TTL_MS', 30_000, 0, 60_000),
    connections: loadConnectionLimits(integer, problems),
    shutdownGraceMs: integer('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    metrics: {
      // Off unless set: the metrics get a listener of their own, never the public one.
      port: env.METRICS_PORT?.trim() ? integer('METRICS_PORT', 0, 0, 65535) : undefined,
      host: text('METRICS_HOST', '127.0.0.1'),
    },
  };

  if (config.redisUrl !== undefined && !/^rediss?:\/\//.test(config.redisUrl)) {
    problems.push('REDIS_URL: must start with redis:// or rediss://');
  }
  if (
    config.metrics.port !== undefined &&
    config.metrics.port !== 0 &&
    config.metrics.port === port
  ) {
    problems.push(
      'METRICS_PORT: must differ from PORT (the metrics never share the public listener)',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * Connection hygiene. An unfinished request (a body that never completes) is dropped within
 * REQUEST_TIMEOUT_MS, at most 30 s; the cap keeps a flood of slow sockets from exhausting file
 * descriptors while the timeouts free their slots.
 */
function loadConnectionLimits(
  integer: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): ConnectionLimits {
  const limits: ConnectionLimits = {
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 20_000, 100, 30_000),
    headersTimeoutMs: integer('HEADERS_TIMEOUT_MS', 10_000, 100, 30_000),
    keepAliveTimeoutMs: integer('KEEP_ALIVE_TIMEOUT_MS', 10_000, 100, 600_000),
    connectionTimeoutMs: integer('CONNECTION_TIMEOUT_MS', 60_000, 1000, 600_000),
    maxConnections: integer('MAX_CONNECTIONS', 500, 1, 100_000),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    problems.push('HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS');
  }
  return limits;
}

function checkUrl(name: string, value: string, problems: string[]): void {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    problems.push(`${name}: must be an http(s) URL (got "${value}")`);
  }
}

/**
 * The spec's host rule: a host containing 'uat' or 'staging', localhost, or an IP address is a
 * staging deployment and talks to the gateway's staging host; any other host is production.
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

/** The origin the member's browser is handed to (allowed as the CSP form-action). */
/** The address the payment hand-off goes to: the gateway's page, or Billplz's host. */
export function gatewayAddress(config: Config): string {
  if (config.gateway === 'toyyibpay') return config.gateways.toyyibpay.baseUrl;
  return config.gateway === 'billplz' ? config.billplz.baseUrl : config.gatewayUrl;
}

export function gatewayOrigin(config: Config): string {
  return new URL(gatewayAddress(config)).origin;
}
