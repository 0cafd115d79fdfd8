import { loadConfig } from '../../server/config';
import {
  DEFAULT_GATEWAY_SECRET,
  SandboxConfigError,
  loadSandboxGatewayConfig,
} from '../../sandbox-gateway/config';

describe('sandbox gateway settings', () => {
  it('listens next to the API by default (PORT + 1) and shares its development defaults', () => {
    const sandbox = loadSandboxGatewayConfig({});
    expect(sandbox).toEqual({
      port: 8081,
      host: '127.0.0.1',
      gatewaySecret: DEFAULT_GATEWAY_SECRET,
      gatewayClientId: 'member-portal',
      merchantName: 'Member Payment Portal',
      appEnv: 'development',
      logLevel: 'info',
    });
    // The constant is repeated, not imported: this keeps the two copies equal.
    const api = loadConfig({});
    expect(sandbox.gatewaySecret).toBe(api.gatewaySecret);
    expect(sandbox.gatewayClientId).toBe(api.gatewayClientId);
    expect(sandbox.merchantName).toBe(api.merchantName);
  });

  it('follows PORT, SANDBOX_GATEWAY_PORT and the shared settings', () => {
    expect(loadSandboxGatewayConfig({ PORT: '9000' }).port).toBe(9001);
    expect(loadSandboxGatewayConfig({ PORT: '0' }).port).toBe(0);
    expect(
      loadSandboxGatewayConfig({
        PORT: '9000',
        SANDBOX_GATEWAY_PORT: '7000',
        HOST: '0.0.0.0',
        GATEWAY_SECRET: 'shared-secret',
        GATEWAY_CLIENT_ID: 'shop-1',
        MERCHANT_NAME: 'Kedai Runcit',
        APP_ENV: 'test',
      }),
    ).toEqual({
      port: 7000,
      host: '0.0.0.0',
      gatewaySecret: 'shared-secret',
      gatewayClientId: 'shop-1',
      merchantName: 'Kedai Runcit',
      appEnv: 'test',
      logLevel: 'silent',
    });
  });

  it.each([
    [{ APP_ENV: 'production' }, 'APP_ENV: the sandbox gateway never runs in production'],
    [{ SANDBOX_GATEWAY_PORT: '70000' }, 'SANDBOX_GATEWAY_PORT: must be a whole number'],
    [{ PORT: 'eighty' }, 'PORT: must be a whole number'],
    [{ PORT: '65535' }, 'SANDBOX_GATEWAY_PORT: PORT + 1 is no port'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of'],
  ])('refuses %p', (env, problem) => {
    expect(() => loadSandboxGatewayConfig(env)).toThrow(SandboxConfigError);
    expect(() => loadSandboxGatewayConfig(env)).toThrow(problem);
  });
});
