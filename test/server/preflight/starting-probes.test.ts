import { parseAllowedIps } from '../../../server/settings/ops';
import { answerWhileStarting } from '../../../server/preflight/starting-probes';
import { testConfig } from '../support/in-memory-server';

describe('the probes answered while the server starts', () => {
  it('answers live 200, ready and everything else 503 with Retry-After, on both ports', async () => {
    const config = testConfig({ port: 0, trustProxy: 1 });
    const probes = await answerWhileStarting({ ...config, ops: { ...config.ops, port: 0 } });
    try {
      const at = (port: number | undefined, path: string, headers: Record<string, string> = {}) =>
        fetch(`http://127.0.0.1:${port}${path}`, { headers });
      const live = await at(probes.port, '/api/health/live', { 'x-forwarded-for': '203.0.113.9' });
      expect(live.status).toBe(200);
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect(await live.json()).toEqual({
        status: 1,
        message: 'OK',
        data: { proxies_seen: 1, proxies_trusted: 1 },
      });
      const ready = await at(probes.port, '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('2');
      expect(await ready.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        data: { state: 'starting' },
      });
      expect((await at(probes.port, '/api/login')).status).toBe(503);
      expect((await at(probes.opsPort, '/api/health/ready')).status).toBe(503);
      expect((await at(probes.opsPort, '/api/health/live')).status).toBe(200);
    } finally {
      await probes.close();
    }
  });

  it("keeps the console's port to OPS_ALLOWED_IPS", async () => {
    const config = testConfig({ port: 0 });
    const allowedIps = parseAllowedIps('10.0.0.0/8', []);
    const probes = await answerWhileStarting({
      ...config,
      ops: { ...config.ops, port: 0, allowedIps },
    });
    try {
      const answer = await fetch(`http://127.0.0.1:${probes.opsPort}/api/health/live`);
      expect(answer.status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${probes.port}/api/health/live`)).status).toBe(200);
    } finally {
      await probes.close();
    }
  });
});
