import { type FastifyInstance } from 'fastify';
import { buildOpsApp } from '../../../server/ops-http/app';
import { CLI } from '../../../server/use-cases/ops/actor';
import { ApiPaths } from '../../../src/contract/api';
import { OpsPaths } from '../../../src/contract/ops-api';
import { eachDatabase } from '../../../scripts/support/databases';
import { postJson } from '../support/http';
import { millisecondsUntil, startAnotherInstance } from '../support/instances';
import { login, registerAndLogin } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { startAppWithWriteFaults } from '../support/write-faults';
import { type OpsHarness, operatorSignedIn, post } from './ops-support';

jest.setTimeout(60_000);

const harnessOf = (t: TestApp, app: FastifyInstance): OpsHarness => ({
  server: { container: t.container, clock: t.clock } as OpsHarness['server'],
  app,
  close: () => app.close(),
});
const reason = { reason: 'member called the help desk' };

/**
 * The console over two instances of one PostgreSQL database: appends from both at once still make
 * one chain that verifies; a member signed out from the console loses every session on the other
 * instance within a second; a disabled member's right password answers as a wrong one.
 */
for (const database of eachDatabase().filter((name) => name === 'postgres')) {
  describe(`the console across two instances on ${database}`, () => {
    let a: TestApp;
    let b: TestApp;
    let opsA: OpsHarness;
    let opsB: OpsHarness;
    beforeAll(async () => {
      a = await startTestApp({ database, config: { readCacheTtlMs: 30_000 } });
      b = await startAnotherInstance(a, { readCacheTtlMs: 30_000 });
      opsA = harnessOf(a, await buildOpsApp(a.container, a.config, { distDir: '/nonexistent' }));
      opsB = harnessOf(b, await buildOpsApp(b.container, b.config, { distDir: '/nonexistent' }));
    });
    afterAll(async () => {
      await opsB?.close();
      await opsA?.close();
      await b?.close();
      await a?.close();
    });

    it('appends from both instances at once into one chain that verifies', async () => {
      const creates = Array.from({ length: 30 }, (_, n) =>
        (n % 2 === 0 ? a : b).container.manageOperators.create(CLI, {
          name: `Operator ${n}`,
          email: `op${n}@race.test`,
          role: 'viewer',
        }),
      );
      expect((await Promise.all(creates)).every((created) => created.ok)).toBe(true);
      const report = await b.container.auditTrail.verify();
      expect(report).toMatchObject({ verified: true, firstBadSeq: null });
      expect(report.entries).toBeGreaterThanOrEqual(30);
    });

    it('limits sign-ins from one address to 10 a minute over both instances together', async () => {
      const statuses: number[] = [];
      for (let n = 0; n < 12; n += 1) {
        const res = await (n % 2 === 0 ? opsA : opsB).app.inject({
          method: 'POST',
          url: `/api${OpsPaths.signIn}`,
          remoteAddress: '198.51.100.7',
          payload: {
            email: `spray${n}@ops.test`,
            password: 'a long operator password',
            totp_code: '123456',
          },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
      const other = await opsB.app.inject({
        method: 'POST',
        url: `/api${OpsPaths.signIn}`,
        remoteAddress: '198.51.100.8',
        payload: {
          email: 'spray@ops.test',
          password: 'a long operator password',
          totp_code: '123456',
        },
      });
      expect(other.statusCode).toBe(401);
    });

    it('signs a member out everywhere: their session on the other instance ends within 1 s', async () => {
      const member = await registerAndLogin(a.baseUrl);
      const onB = await login(b.baseUrl, member);
      const live = async () =>
        (await postJson(b.baseUrl, ApiPaths.sessionCheck, {}, { token: onB.token })).status === 200;
      expect(await live()).toBe(true); // cached on b
      const support = await operatorSignedIn(opsA, 'support');
      const res = await post(
        opsA,
        `${OpsPaths.member}/${member.user_id}/sign-out-everywhere`,
        reason,
        support,
      );
      expect(res.json().data).toEqual({ signed_out: 2 });
      expect(await millisecondsUntil(async () => !(await live()), 1000)).toBeLessThan(1000);
    });

    it("answers a disabled member's right password as a wrong one, until enabled again", async () => {
      const member = await registerAndLogin(a.baseUrl);
      const support = await operatorSignedIn(opsA, 'support');
      const path = `${OpsPaths.member}/${member.user_id}/sign-in`;
      expect((await post(opsA, path, { ...reason, enabled: false }, support)).statusCode).toBe(200);
      const credentials = { ic_or_passport: member.ic_or_passport, password: member.password };
      const refused = await postJson(b.baseUrl, ApiPaths.login, credentials);
      expect([refused.status, refused.body.code]).toEqual([401, 'AUTH_INVALID_CREDENTIALS']);
      const check = await postJson(b.baseUrl, ApiPaths.sessionCheck, {}, { token: member.token });
      expect(check.status).toBe(401);
      expect((await post(opsA, path, { ...reason, enabled: true }, support)).statusCode).toBe(200);
      expect((await postJson(b.baseUrl, ApiPaths.login, credentials)).status).toBe(200);
    });

    it("counts a viewer's name searches once over both instances, 36 at the same instant", async () => {
      const viewer = await operatorSignedIn(opsA, 'viewer');
      const searches = Array.from({ length: 36 }, (_, n) =>
        (n % 2 === 0 ? opsA : opsB).app.inject({
          method: 'GET',
          url: `/api${OpsPaths.members}?q=Nur${'a'.repeat(n % 7)}`,
          headers: { cookie: viewer.cookie },
        }),
      );
      const statuses = (await Promise.all(searches)).map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(30);
      expect(statuses.filter((status) => status === 429)).toHaveLength(6);
      const entries = (action: string) =>
        a.container.audit.list({ actorId: viewer.id, action, limit: 100 });
      expect(await entries('member.name_search')).toHaveLength(30);
      expect((await entries('member.name_search_limit')).length).toBeGreaterThanOrEqual(1);
    });
  });
}

/** An action whose audit entry cannot be written does not happen (one transaction). */
describe.each(eachDatabase())('an audit entry that fails on %s', (database) => {
  it('leaves the member signed in when the entry of their sign-out is refused', async () => {
    const t = await startAppWithWriteFaults(database);
    const ops = harnessOf(t, await buildOpsApp(t.container, t.config, { distDir: '/nonexistent' }));
    try {
      const member = await registerAndLogin(t.baseUrl);
      const support = await operatorSignedIn(ops, 'support');
      await t.container.db.exec(`CREATE TRIGGER test_fail_audit BEFORE INSERT ON audit_log
        FOR EACH ROW WHEN (NEW.action = 'member.sign_out_everywhere')
        EXECUTE FUNCTION test_refuse_write()`);
      const res = await post(
        ops,
        `${OpsPaths.member}/${member.user_id}/sign-out-everywhere`,
        reason,
        support,
      );
      expect(res.statusCode).toBe(500);
      const check = await postJson(t.baseUrl, ApiPaths.sessionCheck, {}, { token: member.token });
      expect(check.status).toBe(200);
    } finally {
      await ops.close();
      await t.close();
    }
  });
});
