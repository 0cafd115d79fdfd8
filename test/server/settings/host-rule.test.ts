import { gatewayEnvironmentFor, isStagingHost } from '../../../server/config';

describe('the host rule: staging or production gateways from PUBLIC_URL', () => {
  it.each([
    ['uat.portal.example.my', true],
    ['portal-uat.example.my', true],
    ['staging.portal.example.my', true],
    ['portal.staging.example.my', true],
    ['STAGING.example.my', true],
    ['localhost', true],
    ['127.0.0.1', true],
    ['192.168.1.20', true],
    ['[::1]', true],
    ['::1', true],
    ['portal.example.my', false],
    ['www.pay.my', false],
    ['localhost.example.my', false],
    ['1.2.3.4.example.my', false],
  ])('%s is staging: %p', (host, staging) => {
    expect(isStagingHost(host)).toBe(staging);
  });

  it('reads the host of PUBLIC_URL', () => {
    expect(gatewayEnvironmentFor('https://uat.portal.my:8443/app')).toBe('staging');
    expect(gatewayEnvironmentFor('http://[::1]:8080')).toBe('staging');
    expect(gatewayEnvironmentFor('https://portal.my')).toBe('production');
    expect(gatewayEnvironmentFor('not a url')).toBe('staging');
  });
});
