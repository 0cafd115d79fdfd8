/**
 * The sandbox gateway's settings, read from the environment. It shares only GATEWAY_SECRET,
 * GATEWAY_CLIENT_ID and MERCHANT_NAME with the API, the way a merchant shares them with a real
 * gateway; it reads none of the API's other settings and imports none of its code.
 */

/**
 * The API's development default for GATEWAY_SECRET (server/config.ts), repeated on purpose: the
 * two apps must agree on it, and the sandbox may not import the API. Change both together.
 */
export const DEFAULT_GATEWAY_SECRET = 'dev-only-gateway-secret-change-me';
export const DEFAULT_GATEWAY_CLIENT_ID = 'member-portal';
export const DEFAULT_MERCHANT_NAME = 'Member Payment Portal';
const DEFAULT_API_PORT = 8080;

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

export interface SandboxGatewayConfig {
  /** SANDBOX_GATEWAY_PORT; by default the API's PORT + 1 (8081). */
  port: number;
  /** HOST, as for the API. */
  host: string;
  /** HMAC key shared with the merchant (the API). */
  gatewaySecret: string;
  /** The one merchant this sandbox accepts hand-offs from. */
  gatewayClientId: string;
  /** Shown to the payer on the payment page. */
  merchantName: string;
  /** APP_ENV (development or test): development logs are pretty on a terminal. */
  appEnv: string;
  logLevel: LogLevel;
}

export class SandboxConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid sandbox gateway configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'SandboxConfigError';
  }
}

export function loadSandboxGatewayConfig(
  env: NodeJS.ProcessEnv = process.env,
): SandboxGatewayConfig {
  const problems: string[] = [];
  const text = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? fallback : value;
  };
  const port = (name: string, fallback: number): number => {
    const raw = text(name, String(fallback));
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value > 65535) {
      problems.push(`${name}: must be a whole number from 0 to 65535 (got "${raw}")`);
      return fallback;
    }
    return value;
  };

  const appEnv = text('APP_ENV', 'development');
  // It approves any payment on a click: a production deployment must talk to a real gateway.
  if (appEnv === 'production')
    problems.push('APP_ENV: the sandbox gateway never runs in production');

  const apiPort = port('PORT', DEFAULT_API_PORT);
  // PORT=0 (any free port) has no "next" port: the sandbox takes any free port too.
  const sandboxPort = port('SANDBOX_GATEWAY_PORT', apiPort === 0 ? 0 : apiPort + 1);
  if (sandboxPort > 65535) problems.push('SANDBOX_GATEWAY_PORT: PORT + 1 is no port; set it');
  const logLevel = text('LOG_LEVEL', appEnv === 'test' ? 'silent' : 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  if (problems.length > 0) throw new SandboxConfigError(problems);
  return {
    port: sandboxPort,
    host: text('HOST', '127.0.0.1'),
    gatewaySecret: text('GATEWAY_SECRET', DEFAULT_GATEWAY_SECRET),
    gatewayClientId: text('GATEWAY_CLIENT_ID', DEFAULT_GATEWAY_CLIENT_ID),
    merchantName: text('MERCHANT_NAME', DEFAULT_MERCHANT_NAME),
    appEnv,
    logLevel: logLevel as LogLevel,
  };
}
