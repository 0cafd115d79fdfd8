import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { aMember, latestSmsCode, registerAndLogin } from '../support/members';
import {
  type InstanceOptions,
  startInstance,
  startTestApp,
  type TestApp,
} from '../support/test-app';

jest.setTimeout(60_000);

describe.each(eachDatabase())('platform on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t.close());

  /**
   * Another app over the suite's database, for a setting or a log of its own: no new database
   * to open or copy (a second of CPU on PGlite). Closing it leaves the database open.
   */
  const beside = (opts: Omit<InstanceOptions, 'databaseUrl' | 'overrides'>): Promise<TestApp> =>
    database === 'postgres'
      ? startInstance({ ...opts, databaseUrl: t.config.databaseUrl })
      : startInstance({ ...opts, overrides: { db: t.container.db } });

  it('answers health with 200 when the database answers', async () => {
    const res = await getJson(t.baseUrl, '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, message: 'OK', data: { database } });
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    const res = await getJson(t.baseUrl, '/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 0, message: 'Not found.', code: 'NOT_FOUND' });
  });

  it('sends security headers with a CSP that allows no third-party host on pages', async () => {
    const res = await fetch(`${t.baseUrl}/login`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    const sources = csp
      .split(';')
      .flatMap((directive) => directive.trim().split(/\s+/).slice(1))
      .filter((source) => !["'self'", "'none'", "'unsafe-inline'", 'data:'].includes(source))
      // The page's inline import map, allowed by its hash: not a host.
      .filter((source) => !source.startsWith("'sha256-"));
    // The only host named is the payment gateway's, as a form target (here: this server).
    expect(sources).toEqual([new URL(t.config.gatewayUrl).origin]);
    expect(csp).toMatch(new RegExp(`form-action 'self' ${new URL(t.config.gatewayUrl).origin}`));
  });

  it('sends HSTS only when the public address is https', async () => {
    const plain = await fetch(`${t.baseUrl}/api/health`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const behindTls = await beside({ config: { publicUrl: 'https://portal.example.my' } });
    try {
      const res = await fetch(`${behindTls.baseUrl}/api/health`);
      expect(res.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await behindTls.close();
    }
  });

  it('accepts the X-Project-Id and X-Environment headers the SPA sends', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const res = await postJson(
      t.baseUrl,
      '/service/session-check',
      {},
      {
        token: member.token,
        headers: { 'X-Project-Id': 'member-portal', 'X-Environment': 'development' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      user_id: member.user_id,
      name: member.name,
      phone_no: member.phone_no,
    });
  });

  it('serves the translations', async () => {
    const res = await fetch(`${t.baseUrl}/locales/en/translation.json`);
    expect(res.status).toBe(200);
    expect(typeof (await res.json())).toBe('object');
  });

  it('keeps passwords, codes and tokens out of the logs', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const logged = await beside({ logStream: stream });
    try {
      const member = await registerAndLogin(
        logged.baseUrl,
        aMember({ password: 'secret-pass-123' }),
      );
      const code = await latestSmsCode(logged.baseUrl, member.phone_no);
      await postJson(logged.baseUrl, '/service/session-check', {}, { token: member.token });
      await postJson(logged.baseUrl, '/service/login', {
        ic_or_passport: member.ic_or_passport,
        password: 'wrong-pass-456',
      });
      const text = lines.join('');
      expect(text).toContain('/api/service/login');
      for (const secret of [member.password, 'wrong-pass-456', member.token]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(new RegExp(`"(tac_code|code)":"${code}"`));
    } finally {
      await logged.close();
    }
  });

  it('serves no dev outbox in production (404)', async () => {
    const production = await beside({ config: { appEnv: 'production' } });
    try {
      const res = await getJson(production.baseUrl, '/dev/sms-outbox');
      expect(res.status).toBe(404);
      expect(res.body.status).toBe(0);
    } finally {
      await production.close();
    }
  });

  /** Runs `check` against an app whose database is already closed. */
  const withDatabaseGone = async (check: (broken: TestApp) => Promise<void>) => {
    const broken = await startTestApp({ database });
    await broken.container.db.close();
    try {
      await check(broken);
    } finally {
      await broken.app.close();
      // The database is already closed; close() still drops the scratch database.
      await broken.close().catch(() => undefined);
    }
  };

  it('answers 503 with the envelope when the database is gone', () =>
    withDatabaseGone(async (broken) => {
      const res = await getJson(broken.baseUrl, '/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 0,
        message: 'Database unavailable',
        code: 'SERVICE_UNAVAILABLE',
        data: { database: 'down' },
      });
    }));

  it('answers a lost database with 503 and Retry-After, not 500', () =>
    withDatabaseGone(async (broken) => {
      const res = await postJson(broken.baseUrl, '/service/login', {
        ic_or_passport: '900101011234',
        password: 'whatever password',
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 0,
        message: 'Service temporarily unavailable',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }));

  it('answers a real fault with 500 and a generic message, never the error or its stack', async () => {
    const broken = await startTestApp({ database });
    try {
      // A bug, not an outage: the query itself fails (the table it reads is gone).
      await broken.container.db.exec('DROP TABLE members CASCADE');
      const res = await postJson(broken.baseUrl, '/service/login', {
        ic_or_passport: '900101011234',
        password: 'whatever password',
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        status: 0,
        message: 'Something went wrong. Please try again.',
        code: 'INTERNAL_ERROR',
      });
    } finally {
      await broken.close();
    }
  });

  it('serves the built SPA, with index.html for client-side routes but not for /api', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Member portal</title>');
    await writeFile(path.join(dist, 'app.123.js'), 'console.log(1);');
    const spa = await beside({ distDir: dist });
    try {
      for (const route of ['/', '/login', '/member/profile']) {
        const res = await fetch(`${spa.baseUrl}${route}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await res.text()).toContain('Member portal');
      }
      const asset = await fetch(`${spa.baseUrl}/app.123.js`);
      expect(await asset.text()).toBe('console.log(1);');
      const api = await getJson(spa.baseUrl, '/nothing-here');
      expect(api.status).toBe(404);
      expect(api.body.status).toBe(0);
    } finally {
      await spa.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
