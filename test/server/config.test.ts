import {
  ConfigError,
  DEFAULT_GATEWAY_SECRET,
  DEFAULT_SMS_CODE_PEPPER,
  loadConfig,
} from '../../server/config';

const STRONG = 'x'.repeat(40);

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('server configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      appEnv: 'development',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:8080',
      smsProvider: 'console',
      otpTtlS: 300,
      otpMaxAttempts: 5,
      smsResendCooldownS: 60,
      smsPerPhonePerHour: 5,
      smsPerAddressPerHour: 30,
      loginMaxFailures: 10,
      gatewayUrl: 'http://127.0.0.1:8080/sandbox-gateway/pay',
      reconcileAfterS: 600,
      purgeIntervalS: 3600,
    });
  });

  it('reads the purge interval, where 0 turns the purge off', () => {
    expect(loadConfig({ PURGE_INTERVAL_S: '0' }).purgeIntervalS).toBe(0);
    expect(loadConfig({ PURGE_INTERVAL_S: '900' }).purgeIntervalS).toBe(900);
    expect(problemsOf({ PURGE_INTERVAL_S: '-1' })).toEqual([
      'PURGE_INTERVAL_S: must be a whole number from 0 to 86400 (got "-1")',
    ]);
    expect(problemsOf({ PURGE_INTERVAL_S: 'hourly' })).toEqual([
      'PURGE_INTERVAL_S: must be a whole number from 0 to 86400 (got "hourly")',
    ]);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      APP_ENV: 'test',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      PUBLIC_URL: 'https://portal.example.my/',
      OTP_TTL_S: '120',
      LOGIN_MAX_FAILURES: '3',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      appEnv: 'test',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      publicUrl: 'https://portal.example.my',
      gatewayUrl: 'https://portal.example.my/sandbox-gateway/pay',
      otpTtlS: 120,
      loginMaxFailures: 3,
    });
  });

  it('names every bad variable in one error', () => {
    expect(
      problemsOf({
        PORT: 'eighty',
        APP_ENV: 'staging',
        SMS_PROVIDER: 'carrier-pigeon',
        OTP_MAX_ATTEMPTS: '0',
        DATABASE_URL: 'mysql://x',
      }),
    ).toEqual([
      'APP_ENV: must be one of development, test, production (got "staging")',
      'PORT: must be a whole number from 0 to 65535 (got "eighty")',
      'DATABASE_URL: must start with postgres:// or postgresql://',
      'SMS_PROVIDER: must be one of console, twilio (got "carrier-pigeon")',
      'OTP_MAX_ATTEMPTS: must be a whole number from 1 to 20 (got "0")',
    ]);
  });

  it('needs the Twilio credentials when SMS_PROVIDER is twilio', () => {
    expect(problemsOf({ SMS_PROVIDER: 'twilio' })).toEqual([
      'TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER is twilio',
      'TWILIO_AUTH_TOKEN: is required when SMS_PROVIDER is twilio',
      'TWILIO_FROM: is required when SMS_PROVIDER is twilio',
    ]);
  });

  it('refuses default or short secrets in production', () => {
    const gateway = {
      GATEWAY_URL: 'https://pay.example.my/payment',
      GATEWAY_STATUS_URL: 'https://pay.example.my/status',
    };
    const problems = problemsOf({ APP_ENV: 'production', SMS_CODE_PEPPER: 'short', ...gateway });
    expect(problems).toEqual([
      expect.stringMatching(/^GATEWAY_SECRET: production needs your own secret/),
      expect.stringMatching(/^SMS_CODE_PEPPER: production needs your own secret/),
    ]);
    expect(
      problemsOf({
        APP_ENV: 'production',
        GATEWAY_SECRET: DEFAULT_GATEWAY_SECRET,
        SMS_CODE_PEPPER: STRONG,
        ...gateway,
      }),
    ).toHaveLength(1);
    expect(
      loadConfig({
        APP_ENV: 'production',
        GATEWAY_SECRET: STRONG,
        SMS_CODE_PEPPER: STRONG,
        ...gateway,
      }).appEnv,
    ).toBe('production');
  });

  it('refuses to point production at the sandbox gateway it does not serve', () => {
    expect(
      problemsOf({ APP_ENV: 'production', GATEWAY_SECRET: STRONG, SMS_CODE_PEPPER: STRONG }),
    ).toEqual([
      'GATEWAY_URL: production needs the real gateway payment page address',
      'GATEWAY_STATUS_URL: production needs the real gateway status address',
    ]);
  });

  it('allows the development secrets outside production', () => {
    const config = loadConfig({ APP_ENV: 'development' });
    expect(config.gatewaySecret).toBe(DEFAULT_GATEWAY_SECRET);
    expect(config.smsCodePepper).toBe(DEFAULT_SMS_CODE_PEPPER);
  });
});
