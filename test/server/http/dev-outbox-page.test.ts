import { outboxPage } from '../../../server/http/routes/dev.routes';
import { ApiPaths } from '../../../src/contract/api';
import { injectedApp, type InjectedApp } from '../support/in-memory-server';

/** The development SMS outbox page: the codes sent, newest first, escaped, no script. */
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
});
