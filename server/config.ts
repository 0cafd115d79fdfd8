/**
 * Server configuration: read once from the environment at start-up and validated, so a typo
 * fails loudly before the server listens instead of surfacing later as odd behaviour. Each
 * concern reads its own settings (server/settings/); every problem is reported at once.
 */

import { readEinvoiceSettings, type EinvoiceSettings } from './einvoice/settings';
import { type BackupSettings, loadBackup } from './settings/backup';
import { type ConnectionLimits, loadConnectionLimits } from './settings/connection-limits';
import { envReader } from './settings/env-reader';
import { type GatewaySettings, loadGateway } from './settings/gateway';
import { type JobSettings, loadJobs } from './settings/jobs';
import { loadOps, type OpsSettings } from './settings/ops';
import { loadSecrets, type SecretSettings } from './settings/secrets';
import { loadSms, type SmsSettings } from './settings/sms';
import { loadStorage, type StorageSettings } from './settings/storage';
import { loadTrustProxy, type TrustProxySetting } from './settings/trust-proxy';

export { type ConnectionLimits } from './settings/connection-limits';
export {
  gatewayEnvironmentFor,
  gatewayOrigin,
  configuredGatewayAddresses,
  configuredGatewayOrigins,
  isStagingHost,
} from './settings/gateway';
export { DEFAULT_GATEWAY_SECRET, DEFAULT_SMS_CODE_PEPPER } from './settings/secrets';

export type AppEnv = 'development' | 'test' | 'production';

export interface Config
  extends
    StorageSettings,
    SmsSettings,
    SecretSettings,
    GatewaySettings,
    JobSettings,
    OpsSettings,
    BackupSettings {
  port: number;
  host: string;
  appEnv: AppEnv;
  publicUrl: string;
  loginMaxFailures: number;
  /** Seconds between purges of stale codes, throttle records and sessions (PURGE_INTERVAL_S); 0 = off. */
  purgeIntervalS: number;
  /** Per-address request budget per minute for the API (session-check is keyed by token instead). */
  rateLimitPerMinute: number;
  /** Whose X-Forwarded-For is believed: nobody's, the nearest hops, or listed proxies (TRUST_PROXY). */
  trustProxy: TrustProxySetting;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Connection hygiene: slow or idle clients cannot hold the server (see loadConnectionLimits). */
  connections: ConnectionLimits;
  /**
   * Open connections one client address may hold (MAX_CONNECTIONS_PER_ADDRESS); 0 = no cap. Off
   * with trustProxy, as every connection then comes from the proxy (connections-per-address.ts).
   */
  maxConnectionsPerAddress: number;
  /** How long SIGTERM waits for in-flight requests before cutting them (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /**
   * How long SIGTERM keeps the listeners accepting, readiness answering 503, before the drain
   * closes them (SHUTDOWN_DELAY_MS): the time a load balancer needs to see the instance go.
   */
  shutdownDelayMs: number;
  /** The Prometheus listener (METRICS_PORT, METRICS_HOST); port undefined = no metrics listener. */
  metrics: { port?: number; host: string };
  /**
   * Traces over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME): started by
   * server/telemetry before this is read, as the SDK must precede the modules it instruments.
   */
  tracing: { endpoint?: string; serviceName: string };
  /** MyInvois e-invoicing (EINVOICE=on), its seller's details checked here at start. */
  einvoice: EinvoiceSettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const APP_ENVS: readonly AppEnv[] = ['development', 'test', 'production'];
const LOG_LEVELS: readonly Config['logLevel'][] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** Addresses that mean this machine: reached from its own browser as localhost. */
const LOOPBACK_OR_ANY = new Set(['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost']);

/**
 * PUBLIC_URL when unset: http://localhost:PORT for a server on this machine (HOST a loopback or
 * every address), as WebAuthn takes a name and never an IP address as its relying party;
 * http://HOST:PORT otherwise.
 */
export function defaultPublicUrl(host: string, port: number): string {
  const name = LOOPBACK_OR_ANY.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const read = envReader(env);

  const appEnv = read.oneOf<AppEnv>('APP_ENV', 'development', APP_ENVS);
  const production = appEnv === 'production';
  const port = read.integer('PORT', 8080, 0, 65535);
  const host = read.text('HOST', '127.0.0.1');
  const publicUrl = read.text('PUBLIC_URL', defaultPublicUrl(host, port)).replace(/\/+$/, '');
  read.checkUrl('PUBLIC_URL', publicUrl);

  const config: Config = {
    port,
    host,
    appEnv,
    publicUrl,
    ...loadStorage(read),
    ...loadSms(read, production),
    ...loadSecrets(read, production),
    ...loadGateway(read, { production, host, port, publicUrl }),
    ...loadJobs(read),
    ...loadOps(read, { test: appEnv === 'test' }),
    ...loadBackup(read),
    loginMaxFailures: read.integer('LOGIN_MAX_FAILURES', 10, 1, 1000),
    purgeIntervalS: read.integer('PURGE_INTERVAL_S', 3600, 0, 86400),
    rateLimitPerMinute: read.integer('RATE_LIMIT_PER_MINUTE', 300, 1, 1000000),
    trustProxy: loadTrustProxy(read),
    logLevel: read.oneOf('LOG_LEVEL', appEnv === 'test' ? 'silent' : 'info', LOG_LEVELS),
    connections: loadConnectionLimits(read),
    maxConnectionsPerAddress: read.integer('MAX_CONNECTIONS_PER_ADDRESS', 100, 0, 100_000),
    shutdownGraceMs: read.integer('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    shutdownDelayMs: read.integer('SHUTDOWN_DELAY_MS', 0, 0, 600_000),
    metrics: {
      // Off unless set: the metrics get a listener of their own, never the public one.
      port: read.isSet('METRICS_PORT') ? read.integer('METRICS_PORT', 0, 0, 65535) : undefined,
      host: read.text('METRICS_HOST', '127.0.0.1'),
    },
    tracing: {
      endpoint: read.text('OTEL_EXPORTER_OTLP_ENDPOINT', '') || undefined,
      serviceName: read.text('OTEL_SERVICE_NAME', 'member-portal'),
    },
    einvoice: readEinvoiceSettings(read),
  };

  if (
    config.metrics.port !== undefined &&
    config.metrics.port !== 0 &&
    config.metrics.port === port
  ) {
    read.problems.push(
      'METRICS_PORT: must differ from PORT (the metrics never share the public listener)',
    );
  }
  // The SDK already started with it (server/telemetry): a value no exporter can post to is said
  // here, where a start refuses, rather than the traces vanishing in silence.
  if (config.tracing.endpoint !== undefined) {
    read.checkUrl('OTEL_EXPORTER_OTLP_ENDPOINT', config.tracing.endpoint);
  }
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}
