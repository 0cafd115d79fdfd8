import { ConfigError, gatewayOrigin, loadConfig } from '../../../server/config';

const BILLPLZ = {
  BILLPLZ_API_KEY: 'k',
  BILLPLZ_COLLECTION_ID: 'c',
  BILLPLZ_X_SIGNATURE_KEY: 's',
};
const TOYYIBPAY = { TOYYIBPAY_USER_SECRET_KEY: 'secret', TOYYIBPAY_CATEGORY_CODE: 'cat' };

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('gateways configured at once (GATEWAYS)', () => {
  it('defaults to the gateway for new payments alone', () => {
    expect(loadConfig({}).gateways.enabled).toEqual(['sandbox']);
    expect(loadConfig({ GATEWAY: 'billplz', ...BILLPLZ }).gateways.enabled).toEqual(['billplz']);
  });

  it('lists GATEWAY first, then the others in the order given', () => {
    const config = loadConfig({
      GATEWAY: 'toyyibpay',
      GATEWAYS: 'billplz, sandbox,toyyibpay',
      ...BILLPLZ,
      ...TOYYIBPAY,
    });
    expect(config.gateways.enabled).toEqual(['toyyibpay', 'billplz', 'sandbox']);
  });

  it('refuses an unknown name, and a list without GATEWAY', () => {
    expect(problemsOf({ GATEWAYS: 'sandbox,paypal' })).toEqual([
      'GATEWAYS: each must be one of sandbox, billplz, toyyibpay (got "paypal")',
    ]);
    expect(problemsOf({ GATEWAY: 'sandbox', GATEWAYS: 'billplz', ...BILLPLZ })).toEqual([
      'GATEWAYS: must include GATEWAY (sandbox), the gateway for new payments',
    ]);
  });

  it("validates each configured gateway's keys at start", () => {
    expect(problemsOf({ GATEWAYS: 'sandbox,billplz' })).toEqual([
      'BILLPLZ_API_KEY: is required when GATEWAY is billplz',
      'BILLPLZ_COLLECTION_ID: is required when GATEWAY is billplz',
      'BILLPLZ_X_SIGNATURE_KEY: is required when GATEWAY is billplz',
    ]);
    expect(problemsOf({ GATEWAY: 'toyyibpay' })).toEqual([
      'TOYYIBPAY_USER_SECRET_KEY: is required when GATEWAYS includes toyyibpay',
      'TOYYIBPAY_CATEGORY_CODE: is required when GATEWAYS includes toyyibpay',
    ]);
    expect(
      problemsOf({ GATEWAY: 'toyyibpay', ...TOYYIBPAY, TOYYIBPAY_STAGING_URL: 'nope' }),
    ).toEqual(['TOYYIBPAY_STAGING_URL: must be an http(s) URL (got "nope")']);
  });

  it("applies the host rule to ToyyibPay's host", () => {
    const staging = loadConfig({ GATEWAY: 'toyyibpay', ...TOYYIBPAY });
    expect(staging.gateways.toyyibpay.baseUrl).toBe('https://dev.toyyibpay.com');
    expect(gatewayOrigin(staging)).toBe('https://dev.toyyibpay.com');
    const live = loadConfig({
      GATEWAY: 'toyyibpay',
      ...TOYYIBPAY,
      PUBLIC_URL: 'https://portal.example.my',
    });
    expect(live.gateways.toyyibpay.baseUrl).toBe('https://toyyibpay.com');
  });
});
