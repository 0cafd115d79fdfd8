import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/http/app';
import { outboxPage } from '../../../server/http/routes/dev.routes';
import { ApiPaths } from '../../../src/contract/api';
import { inMemoryServer, injectedApp, type InjectedApp } from '../support/in-memory-server';

/**
 * The development SMS outbox page: the codes sent, newest first, escaped, no script, styled like
 * the app by its one inline stylesheet (allowed by its hash alone), times in Malaysia time.
 */
describe('the SMS outbox page (development)', () => {
  let t: InjectedApp;
  beforeAll(async () => {
    t = await injectedApp();
  });
  afterAll(() => t.close());

  it('lists the codes sent, newest first, as a page that reloads itself', async () => {
    await t.post(ApiPaths.sendSmsCode, { phone_no: '60123450001', purpose: 'registration' });
    await t.post(ApiPaths.sendSmsCode, { phone_no: '60123450002', purpose: 'registration' });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox/page' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<meta http-equiv="refresh" content="5">');
    expect(res.body).not.toContain('<script');
    const second = res.body.indexOf('+60123450002');
    const first = res.body.indexOf('+60123450001');
    expect(second).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(second);
    expect(res.body).toMatch(/<strong>\d{6}<\/strong>/);
  });

  it('escapes what it shows', () => {
    const page = outboxPage([
      { phone_no: '<b>', purpose: 'registration', code: '"&', sent_at: "'" },
    ] as never);
    expect(page).toContain('+&lt;b&gt;');
    expect(page).toContain('<strong>&quot;&amp;</strong>');
    expect(page).toContain('&#39;');
  });

  it('says each time in Malaysia time, named', () => {
    const page = outboxPage([
      {
        phone_no: '60123450001',
        purpose: 'registration',
        code: '123456',
        sent_at: '2026-12-07T16:29:05.000Z',
      },
    ]);
    expect(page).toContain(
      '<time datetime="2026-12-07T16:29:05.000Z">8 Dec 2026, 00:29:05 MYT</time>',
    );
    expect(page).toContain('Malaysia time (MYT, UTC+8)');
    expect(page).not.toContain('2026-12-07T16:29:05.000Z</');
  });

  it('is styled like the app, by a stylesheet its CSP allows by hash, and runs no script', async () => {
    await t.post(ApiPaths.sendSmsCode, { phone_no: '60123450003', purpose: 'registration' });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox/page' });
    expect(res.body).toMatch(
      /<time datetime="[^"]+">\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} MYT<\/time>/,
    );
    const style = /<style>([\s\S]*)<\/style>/.exec(res.body)?.[1] ?? '';
    // The app's theme (src/ui-kit/theme.css) and the page's base, then the outbox's own rules.
    expect(style).toContain('--page-bg: #f7f5ff');
    expect(style).toContain('font-family');
    expect(style).toContain('var(--card-bg)');
    expect(res.body).toContain('<main class="outbox">');
    const hash = createHash('sha256').update(style).digest('base64');
    const csp = res.headers['content-security-policy'];
    expect(csp).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("keeps its own CSP beside a built SPA, whose inline scripts' hashes it never gets", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><script type=importmap>{"imports":{}}</script><div id=root></div>',
    );
    const server = inMemoryServer();
    const app = await buildApp(server.container, server.config, { distDir: dist });
    try {
      const page = await app.inject({ method: 'GET', url: '/api/dev/sms-outbox/page' });
      expect(page.headers['content-security-policy']).not.toContain('script-src');
      // index.html itself still gets its import map's hash.
      const shell = await app.inject({ method: 'GET', url: '/login' });
      expect(shell.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
