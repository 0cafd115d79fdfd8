import { startServerProcess } from '../support/server-process';

jest.setTimeout(90_000);

describe('server/main.ts probes during a shutdown', () => {
  it('answers ready 503 from the signal on, still accepting for SHUTDOWN_DELAY_MS, then exits 0', async () => {
    const server = await startServerProcess({ SHUTDOWN_DELAY_MS: '1500', LOG_LEVEL: 'info' });
    const { child, exited } = server;
    try {
      const ready = () => fetch(`${server.baseUrl}/api/health/ready`);
      expect((await ready()).status).toBe(200);
      const signalled = Date.now();
      child.kill('SIGTERM');
      const deadline = Date.now() + 10_000;
      while (!server.output().includes('SIGTERM received')) {
        if (Date.now() > deadline) throw new Error(server.output());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // New connections are still taken: the probe tells the balancer to go elsewhere.
      const during = await ready();
      expect(Date.now() - signalled).toBeLessThan(1500);
      expect(during.status).toBe(503);
      expect(await during.json()).toMatchObject({ data: { state: 'draining' } });
      expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBe(200);
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
