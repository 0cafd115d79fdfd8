import { ConfigError, loadConfig } from '../../../server/config';

const STRONG = 'x'.repeat(40);
/** A production configuration with every other required setting in place. */
const PRODUCTION = {
  APP_ENV: 'production',
  GATEWAY_SECRET: STRONG,
  SMS_CODE_PEPPER: STRONG,
  GATEWAY_URL: 'https://pay.example.my/payment',
  GATEWAY_STATUS_URL: 'https://pay.example.my/status',
};
const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15005550006',
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('SMS_BRAND and SMS_WEBOTP_DOMAIN', () => {
  it('default to a neutral brand and no WebOTP line', () => {
    const config = loadConfig({});
    expect(config.smsBrand).toBe('Member Portal');
    expect(config.smsWebOtpDomain).toBeUndefined();
  });

  it('refuses a production that sends real SMS without a brand', () => {
    expect(problemsOf({ ...PRODUCTION, ...TWILIO })).toEqual([
      expect.stringMatching(/^SMS_BRAND: production needs the brand/),
    ]);
    const config = loadConfig({ ...PRODUCTION, ...TWILIO, SMS_BRAND: 'ACME Club' });
    expect(config.smsBrand).toBe('ACME Club');
  });

  it('refuses a brand over 20 characters or one that could read as a link', () => {
    for (const brand of ['A'.repeat(21), 'acme.my', 'ACME/Club', '会员俱乐部']) {
      expect(problemsOf({ SMS_BRAND: brand })).toEqual([
        expect.stringMatching(/^SMS_BRAND: must be at most 20 letters/),
      ]);
    }
    expect(loadConfig({ SMS_BRAND: 'A'.repeat(20) }).smsBrand).toBe('A'.repeat(20));
  });

  it('takes a lower-case host name as the WebOTP domain, nothing else', () => {
    expect(loadConfig({ SMS_WEBOTP_DOMAIN: 'portal.acme.my' }).smsWebOtpDomain).toBe(
      'portal.acme.my',
    );
    for (const domain of ['https://portal.acme.my', 'portal.acme.my/x', 'localhost']) {
      expect(problemsOf({ SMS_WEBOTP_DOMAIN: domain })).toEqual([
        expect.stringMatching(/^SMS_WEBOTP_DOMAIN: must be a lower-case host name/),
      ]);
    }
  });
});
