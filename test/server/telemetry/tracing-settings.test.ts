import { ConfigError, loadConfig } from '../../../server/config';

describe('tracing settings', () => {
  it('are off and named member-portal by default', () => {
    expect(loadConfig({}).tracing).toEqual({ endpoint: undefined, serviceName: 'member-portal' });
  });

  it('read the collector’s address and the service name', () => {
    const config = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: ' http://otel-collector:4318 ',
      OTEL_SERVICE_NAME: 'portal-kl',
    });
    expect(config.tracing).toEqual({
      endpoint: 'http://otel-collector:4318',
      serviceName: 'portal-kl',
    });
  });

  it('refuse an address no exporter can post to, naming the variable', () => {
    const read = () => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4318' });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
