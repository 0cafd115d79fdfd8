import { ConfigError, loadConfig } from '../../../server/config';

const NEW = 'n'.repeat(40);
const OLD = 'o'.repeat(40);

describe('GATEWAY_SECRET_PREVIOUS', () => {
  it('is unset outside a rotation', () => {
    expect(loadConfig({ GATEWAY_SECRET: NEW }).gatewaySecretPrevious).toBeUndefined();
    expect(
      loadConfig({ GATEWAY_SECRET: NEW, GATEWAY_SECRET_PREVIOUS: '' }).gatewaySecretPrevious,
    ).toBeUndefined();
  });

  it('holds the secret being retired during a rotation', () => {
    const config = loadConfig({ GATEWAY_SECRET: NEW, GATEWAY_SECRET_PREVIOUS: OLD });
    expect(config.gatewaySecret).toBe(NEW);
    expect(config.gatewaySecretPrevious).toBe(OLD);
  });

  it('refuses the same secret as GATEWAY_SECRET', () => {
    let problems: string[] = [];
    try {
      loadConfig({ GATEWAY_SECRET: NEW, GATEWAY_SECRET_PREVIOUS: NEW });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toEqual(['GATEWAY_SECRET_PREVIOUS: the same as GATEWAY_SECRET; unset it']);
  });
});
