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
      expect.stringMatching(
        /^BILLPLZ_API_KEY: is required when GATEWAY or GATEWAYS names billplz: /,
      ),
      expect.stringMatching(
        /^BILLPLZ_COLLECTION_ID: is required when GATEWAY or GATEWAYS names billplz: /,
      ),
      expect.stringMatching(
        /^BILLPLZ_X_SIGNATURE_KEY: is required when GATEWAY or GATEWAYS names billplz: /,
      ),
    ]);
    expect(problemsOf({ GATEWAY: 'toyyibpay' })).toEqual([
      'TOYYIBPAY_USER_SECRET_KEY: is required when GATEWAYS includes toyyibpay',
      'TOYYIBPAY_CATEGORY_CODE: is required when GATEWAYS includes toyyibpay',
    ]);
    expect(
      problemsOf({ GATEWAY: 'toyyibpay', ...TOYYIBPAY, TOYYIBPAY_STAGING_URL: 'nope' }),
    ).toEqual(['TOYYIBPAY_STAGING_URL: must be an http(s) URL (got "nope")']);
  });

  it('says which Billplz setting is wrong and what shape it needs, showing no key', () => {
    const pasted = 'S-abc def"';
    const problems = problemsOf({
      GATEWAY: 'billplz',
      BILLPLZ_API_KEY: '"73eb57f0-7d4e-42b9-a544-aeac6e4b0f81"',
      BILLPLZ_COLLECTION_ID: 'my collection',
      BILLPLZ_X_SIGNATURE_KEY: pasted,
    });
    expect(problems).toEqual([
      "BILLPLZ_API_KEY: must be Billplz's API secret key, letters, digits, - and _ without spaces or quotes (like 73eb57f0-7d4e-42b9-a544-aeac6e4b0f81) (the value given is not shown)",
      'BILLPLZ_COLLECTION_ID: must be the id of a Billplz collection, letters, digits, - and _ (like inbmmepb) (got "my collection")',
      "BILLPLZ_X_SIGNATURE_KEY: must be Billplz's X Signature key, letters, digits and - _ + / = without spaces or quotes (like S-s7b4yt9dMzHtpWvl-nqWFg) (the value given is not shown)",
    ]);
    expect(problems.join('\n')).not.toContain(pasted);
    // Missing, with Billplz kept only for its pending payments: the message names the shape too.
    expect(problemsOf({ GATEWAYS: 'sandbox,billplz', ...BILLPLZ, BILLPLZ_API_KEY: '' })).toEqual([
      "BILLPLZ_API_KEY: is required when GATEWAY or GATEWAYS names billplz: Billplz's API secret key, letters, digits, - and _ without spaces or quotes (like 73eb57f0-7d4e-42b9-a544-aeac6e4b0f81)",
    ]);
    // Billplz not configured: its settings are not checked.
    expect(problemsOf({ BILLPLZ_COLLECTION_ID: 'my collection' })).toEqual([]);
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
