import {
  ConfigError,
  DEFAULT_GATEWAY_SECRET,
  DEFAULT_SMS_CODE_PEPPER,
  gatewayOrigin,
  loadConfig,
} from '../../../server/config';

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
      publicUrl: 'http://localhost:8080',
      smsProvider: 'console',
      otpTtlS: 300,
      otpMaxAttempts: 5,
      smsResendCooldownS: 60,
      smsPerPhonePerHour: 5,
      smsPerAddressPerHour: 30,
      loginMaxFailures: 10,
      gateway: 'sandbox',
      sandboxGatewayPort: 8081,
      gatewayUrl: 'http://127.0.0.1:8081/pay',
      gatewayStatusUrl: 'http://127.0.0.1:8081/status',
      reconcileAfterS: 600,
      purgeIntervalS: 3600,
    });
  });

  it('defaults PUBLIC_URL to localhost on this machine (WebAuthn refuses an IP address)', () => {
    for (const HOST of ['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost']) {
      expect(loadConfig({ HOST, PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    }
    expect(loadConfig({ HOST: '10.0.0.5' }).publicUrl).toBe('http://10.0.0.5:8080');
    expect(loadConfig({ HOST: 'fd00::5' }).publicUrl).toBe('http://[fd00::5]:8080');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl).toBe(
      'http://127.0.0.1:8080',
    );
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
      // The sandbox is its own app on its own port, whatever origin members reach us at.
      gatewayUrl: 'http://0.0.0.0:9001/pay',
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
      'SMS_PROVIDER: must be one of console, twilio, http (got "carrier-pigeon")',
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

  describe('gateway chosen at run time', () => {
    const PRODUCTION_SECRETS = {
      APP_ENV: 'production',
      GATEWAY_SECRET: STRONG,
      SMS_CODE_PEPPER: STRONG,
    };
    const BILLPLZ_KEYS = {
      GATEWAY: 'billplz',
      BILLPLZ_API_KEY: 'api-key',
      BILLPLZ_COLLECTION_ID: 'inbmmepb',
      BILLPLZ_X_SIGNATURE_KEY: 'x-signature-key',
    };

    it('puts the sandbox on PORT + 1, or on SANDBOX_GATEWAY_PORT', () => {
      expect(loadConfig({ PORT: '3000' })).toMatchObject({
        sandboxGatewayPort: 3001,
        gatewayUrl: 'http://127.0.0.1:3001/pay',
        gatewayStatusUrl: 'http://127.0.0.1:3001/status',
      });
      expect(loadConfig({ HOST: 'localhost', SANDBOX_GATEWAY_PORT: '9999' })).toMatchObject({
        sandboxGatewayPort: 9999,
        gatewayUrl: 'http://localhost:9999/pay',
      });
      expect(loadConfig({ PORT: '0' }).sandboxGatewayPort).toBe(0);
      expect(problemsOf({ PORT: '65535' })).toEqual([
        'SANDBOX_GATEWAY_PORT: PORT + 1 is no port; set it',
      ]);
      expect(problemsOf({ SANDBOX_GATEWAY_PORT: 'next' })).toEqual([
        'SANDBOX_GATEWAY_PORT: must be a whole number from 0 to 65535 (got "next")',
      ]);
    });

    it('picks the form gateway page by the host rule on PUBLIC_URL, unless GATEWAY_URL is set', () => {
      const hosts = {
        GATEWAY_STAGING_URL: 'https://uat.pay.example.my/pay',
        GATEWAY_PRODUCTION_URL: 'https://pay.example.my/pay',
      };
      expect(loadConfig({ ...hosts, PUBLIC_URL: 'https://uat.portal.example.my' }).gatewayUrl).toBe(
        'https://uat.pay.example.my/pay',
      );
      expect(loadConfig({ ...hosts, PUBLIC_URL: 'http://192.168.1.20:8080' }).gatewayUrl).toBe(
        'https://uat.pay.example.my/pay',
      );
      expect(loadConfig({ ...hosts, PUBLIC_URL: 'https://portal.example.my' }).gatewayUrl).toBe(
        'https://pay.example.my/pay',
      );
      expect(
        loadConfig({
          ...hosts,
          PUBLIC_URL: 'https://portal.example.my',
          GATEWAY_URL: 'https://x.my/p',
        }).gatewayUrl,
      ).toBe('https://x.my/p');
      // Only the staging page configured: production hosts fall back to the local sandbox.
      expect(
        loadConfig({
          GATEWAY_STAGING_URL: hosts.GATEWAY_STAGING_URL,
          PUBLIC_URL: 'https://portal.my',
        }).gatewayUrl,
      ).toBe('http://127.0.0.1:8081/pay');
    });

    it('accepts a production form gateway picked by the host rule', () => {
      const config = loadConfig({
        ...PRODUCTION_SECRETS,
        PUBLIC_URL: 'https://portal.example.my',
        GATEWAY_PRODUCTION_URL: 'https://pay.example.my/pay',
        GATEWAY_STATUS_URL: 'https://pay.example.my/status',
      });
      expect(config.gatewayUrl).toBe('https://pay.example.my/pay');
      expect(gatewayOrigin(config)).toBe('https://pay.example.my');
    });

    it('refuses an unknown GATEWAY', () => {
      expect(problemsOf({ GATEWAY: 'paypal' })).toEqual([
        'GATEWAY: must be one of sandbox, billplz, toyyibpay (got "paypal")',
      ]);
    });

    it('needs the Billplz keys when GATEWAY is billplz', () => {
      const required = ['BILLPLZ_API_KEY', 'BILLPLZ_COLLECTION_ID', 'BILLPLZ_X_SIGNATURE_KEY'];
      expect(problemsOf({ GATEWAY: 'billplz' }).map((problem) => problem.split(': ')[0])).toEqual(
        required,
      );
      expect(problemsOf({ ...BILLPLZ_KEYS, BILLPLZ_PRODUCTION_URL: 'ftp://billplz' })).toEqual([
        'BILLPLZ_PRODUCTION_URL: must be an http(s) URL (got "ftp://billplz")',
      ]);
    });

    it('talks to the Billplz staging host from staging hosts and to production otherwise', () => {
      const local = loadConfig(BILLPLZ_KEYS);
      expect(local.gateway).toBe('billplz');
      expect(local.billplz).toEqual({
        apiKey: 'api-key',
        collectionId: 'inbmmepb',
        xSignatureKey: 'x-signature-key',
        baseUrl: 'https://www.billplz-sandbox.com',
        stagingUrl: 'https://www.billplz-sandbox.com',
        productionUrl: 'https://www.billplz.com',
      });
      expect(gatewayOrigin(local)).toBe('https://www.billplz-sandbox.com');
      const staging = loadConfig({
        ...BILLPLZ_KEYS,
        PUBLIC_URL: 'https://portal-staging.example.my',
      });
      expect(staging.billplz.baseUrl).toBe('https://www.billplz-sandbox.com');
      const live = loadConfig({
        ...BILLPLZ_KEYS,
        ...PRODUCTION_SECRETS,
        PUBLIC_URL: 'https://portal.example.my',
      });
      expect(live.billplz.baseUrl).toBe('https://www.billplz.com');
      expect(gatewayOrigin(live)).toBe('https://www.billplz.com');
      const custom = loadConfig({ ...BILLPLZ_KEYS, BILLPLZ_STAGING_URL: 'http://127.0.0.1:5555/' });
      expect(custom.billplz.baseUrl).toBe('http://127.0.0.1:5555');
    });

    it('runs Billplz in production without the sandbox form gateway settings, but not with default secrets', () => {
      expect(
        problemsOf({
          ...BILLPLZ_KEYS,
          APP_ENV: 'production',
          PUBLIC_URL: 'https://portal.example.my',
        }),
      ).toEqual([
        expect.stringMatching(/^GATEWAY_SECRET: production needs your own secret/),
        expect.stringMatching(/^SMS_CODE_PEPPER: production needs your own secret/),
      ]);
    });
  });
});
