import { SqlFreeDatabase } from '../../../../server/adapters/in-memory/sql-free-database';
import { readinessOf } from '../../../../server/http/routes/health-state';
import { injectedApp, type InjectedApp } from '../../support/in-memory-server';
import { opsHarness } from '../../ops/ops-support';

/** A database whose every statement fails as an unreachable server's would. */
class UnreachableDatabase extends SqlFreeDatabase {
  override async query<R>(): Promise<R[]> {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  }
}

/** A database that never answers (a silent partition). */
class SilentDatabase extends SqlFreeDatabase {
  override query<R>(): Promise<R[]> {
    return new Promise(() => undefined);
  }
}

describe('the probes on the member listener (app.inject)', () => {
  let t: InjectedApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers live without the database, and ready while it answers', async () => {
    t = await injectedApp();
    const live = await t.get('/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({
      status: 1,
      message: 'OK',
      data: { proxies_seen: 0, proxies_trusted: 0 },
    });
    const ready = await t.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 1, message: 'OK', data: { state: 'ready' } });
    expect(ready.headers['cache-control']).toContain('no-store');
  });

  it('answers ready 503 while the database is unreachable, live 200 all the same', async () => {
    t = await injectedApp({ adapters: { db: new UnreachableDatabase() } });
    const ready = await t.get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers['retry-after']).toBeDefined();
    expect(ready.body).toMatchObject({
      status: 0,
      code: 'SERVICE_UNAVAILABLE',
      data: { state: 'database_down' },
    });
    expect((await t.get('/health/live')).status).toBe(200);
  });

  it('answers ready 503 when the database does not answer within 2 s', async () => {
    t = await injectedApp({ adapters: { db: new SilentDatabase() } });
    const started = Date.now();
    const ready = await t.get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.data).toEqual({ state: 'database_down' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers ready 503 from the moment a drain starts, and /health as before', async () => {
    t = await injectedApp();
    readinessOf(t.container).drain();
    const ready = await t.get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', data: { state: 'draining' } });
    expect((await t.get('/health')).status).toBe(200);
    expect((await t.get('/health/live')).status).toBe(200);
  });

  it('says how many forwarded hops came and how many TRUST_PROXY believed', async () => {
    t = await injectedApp({ config: { trustProxy: 1 } });
    const through = (xff: string) =>
      t?.get('/health/live', { headers: { 'x-forwarded-for': xff } });
    expect((await through('203.0.113.9'))?.body.data).toEqual({
      proxies_seen: 1,
      proxies_trusted: 1,
    });
    // An address the client wrote before the proxy's own: seen, not believed.
    expect((await through('198.51.100.7, 203.0.113.9'))?.body.data).toEqual({
      proxies_seen: 2,
      proxies_trusted: 1,
    });
  });
});

describe('the probes on the console listener (app.inject)', () => {
  it('answers the same pair, ready going 503 with the drain', async () => {
    const ops = await opsHarness();
    try {
      const get = (url: string) => ops.app.inject({ method: 'GET', url });
      expect((await get('/api/health/live')).statusCode).toBe(200);
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 1, message: 'OK', data: { state: 'ready' } });
      expect(ready.headers['cache-control']).toBe('no-store');
      readinessOf(ops.server.container).drain();
      expect((await get('/api/health/ready')).statusCode).toBe(503);
      // Only the pair: the member API's /health stays the member listener's.
      expect((await get('/api/health')).statusCode).toBe(404);
    } finally {
      await ops.close();
    }
  });
});
