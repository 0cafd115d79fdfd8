/**
 * Server configuration: read once from the environment at start-up and validated, so a typo
 * fails loudly before the server listens instead of surfacing later as odd behaviour.
 */

export type AppEnv = 'development' | 'test' | 'production';
export type SmsProvider = 'console' | 'twilio';

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
  gatewayUrl: string;
  reconcileAfterS: number;
  /** payments: our merchant id at the gateway (GATEWAY_CLIENT_ID). */
  gatewayClientId: string;
  /** payments: the merchant name the gateway shows the payer (MERCHANT_NAME). */
  merchantName: string;
  /** payments: gateway status endpoint (GATEWAY_STATUS_URL); unset = `${publicUrl}/sandbox-gateway/status` (not in production). */
  gatewayStatusUrl?: string;
  /** payments: seconds between reconciliation sweeps in main (RECONCILE_INTERVAL_S); 0 = off. */
  reconcileIntervalS: number;
  /** Seconds between purges of stale codes, throttle records and sessions (PURGE_INTERVAL_S); 0 = off. */
  purgeIntervalS: number;
  /** Per-address request budget per minute for the API (session-check is keyed by token instead). */
  rateLimitPerMinute: number;
  /** Trust X-Forwarded-For (only behind a known reverse proxy). */
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
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

  const gatewayUrl = text('GATEWAY_URL', `${publicUrl}/sandbox-gateway/pay`);
  // The sandbox is not served in production, so its default address would be a dead end there.
  if (appEnv === 'production' && !env.GATEWAY_URL?.trim()) {
    problems.push('GATEWAY_URL: production needs the real gateway payment page address');
  }
  checkUrl('GATEWAY_URL', gatewayUrl, problems);
  if (env.GATEWAY_STATUS_URL?.trim()) {
    checkUrl('GATEWAY_STATUS_URL', env.GATEWAY_STATUS_URL.trim(), problems);
  } else if (appEnv === 'production') {
    // Its default is the sandbox too: reconciliation would never learn a lost callback's outcome.
    problems.push('GATEWAY_STATUS_URL: production needs the real gateway status address');
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
    gatewayUrl,
    reconcileAfterS: integer('RECONCILE_AFTER_S', 600, 1, 86400),
    gatewayClientId: text('GATEWAY_CLIENT_ID', 'member-portal'),
    merchantName: text('MERCHANT_NAME', 'Member Payment Portal'),
    gatewayStatusUrl: env.GATEWAY_STATUS_URL?.trim() || undefined,
    reconcileIntervalS: integer('RECONCILE_INTERVAL_S', 60, 0, 86400),
    purgeIntervalS: integer('PURGE_INTERVAL_S', 3600, 0, 86400),
    rateLimitPerMinute: integer('RATE_LIMIT_PER_MINUTE', 300, 1, 1000000),
    trustProxy: oneOf('TRUST_PROXY', 'false', ['true', 'false']) === 'true',
    logLevel: oneOf('LOG_LEVEL', appEnv === 'test' ? 'silent' : 'info', LOG_LEVELS),
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function checkUrl(name: string, value: string, problems: string[]): void {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    problems.push(`${name}: must be an http(s) URL (got "${value}")`);
  }
}
