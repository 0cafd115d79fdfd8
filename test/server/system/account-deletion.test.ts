import { ApiPaths } from '../../../src/contract/api';
import { eachDatabase, type TestDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { millisecondsUntil, startAnotherInstance } from '../support/instances';
import {
  aMember,
  login,
  type LoggedInMember,
  registerAndLogin,
  registerMember,
} from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { startAppWithWriteFaults, type WriteFault } from '../support/write-faults';

const HOOK_TIMEOUT_MS = 60_000;
jest.setTimeout(60_000);

const sessionLive = async (t: TestApp, token: string) =>
  (await postJson(t.baseUrl, ApiPaths.sessionCheck, {}, { token })).status === 200;
const canLogIn = async (t: TestApp, member: LoggedInMember) =>
  (
    await postJson(t.baseUrl, ApiPaths.login, {
      ic_or_passport: member.ic_or_passport,
      password: member.password,
    })
  ).status === 200;
const deleteAccount = (t: TestApp, member: LoggedInMember) =>
  postJson(
    t.baseUrl,
    ApiPaths.deleteAccount,
    { password: member.password, confirmation: 'DELETE' },
    { token: member.token },
  );

/**
 * "Delete my account" over real HTTP: all or nothing when the database refuses the last write or
 * the connection dies inside it (a trigger the test installs on the member row's erasure).
 */
describe.each(eachDatabase())('account deletion on %s', (database: TestDatabase) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAppWithWriteFaults(database);
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t?.close(), HOOK_TIMEOUT_MS);
  afterEach(async () => {
    await t.container.db.exec('DROP TRIGGER IF EXISTS test_fail_erasure ON members');
  }, HOOK_TIMEOUT_MS);

  const failErasure = (fn: WriteFault) =>
    t.container.db.exec(`
      CREATE TRIGGER test_fail_erasure BEFORE UPDATE ON members FOR EACH ROW
        WHEN (NEW.ic_or_passport LIKE 'erased:%') EXECUTE FUNCTION ${fn}();`);

  it('erases the member: old token and password fail, the IC and phone sign up again', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const otherDevice = await login(t.baseUrl, member);
    expect((await deleteAccount(t, member)).status).toBe(200);

    expect(await sessionLive(t, member.token)).toBe(false);
    expect(await sessionLive(t, otherDevice.token)).toBe(false);
    expect(await canLogIn(t, member)).toBe(false);
    const again = await registerMember(
      t.baseUrl,
      aMember({ ic_or_passport: member.ic_or_passport, phone_no: member.phone_no }),
    );
    expect(await canLogIn(t, { ...again, token: '', user_id: '' })).toBe(true);
    const rows = await t.container.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM members WHERE id = $1 AND name = 'Deleted member'",
      [member.user_id],
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('leaves the account whole when the erasure is refused', async () => {
    const member = await registerAndLogin(t.baseUrl);
    await failErasure('test_refuse_write');
    expect((await deleteAccount(t, member)).status).toBe(500);
    await t.container.db.exec('DROP TRIGGER test_fail_erasure ON members');
    expect(await sessionLive(t, member.token)).toBe(true);
    expect(await canLogIn(t, member)).toBe(true);
    const data = await getJson<{ sessions: unknown[] }>(t.baseUrl, ApiPaths.personalData, {
      token: member.token,
    });
    expect(data.body.data?.sessions.length).toBe(2);
  });

  if (database === 'postgres') {
    it('leaves the account whole when the connection dies inside the erasure, then deletes', async () => {
      const member = await registerAndLogin(t.baseUrl);
      await failErasure('test_end_own_backend');
      const lost = await deleteAccount(t, member);
      expect(lost.status).toBe(503);
      expect(lost.headers.get('retry-after')).not.toBeNull();
      await t.container.db.exec('DROP TRIGGER test_fail_erasure ON members');
      expect(await sessionLive(t, member.token)).toBe(true);
      expect(await canLogIn(t, member)).toBe(true);
      expect((await deleteAccount(t, member)).status).toBe(200);
      expect(await sessionLive(t, member.token)).toBe(false);
    });
  }
});

// A loop, not describe.each: without PostgreSQL there is nothing to share (eachDatabase warns).
for (const database of eachDatabase().filter((name) => name === 'postgres')) {
  describe(`account deletion across two instances over one ${database} database`, () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp({ database, config: { readCacheTtlMs: 30_000 } });
      b = await startAnotherInstance(a, { readCacheTtlMs: 30_000 });
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await b?.close();
      await a?.close();
    }, HOOK_TIMEOUT_MS);

    it('ends every session of a deleted member on the other instance within 1 s', async () => {
      const member = await registerAndLogin(a.baseUrl);
      const phone = await login(b.baseUrl, member);
      expect(await sessionLive(b, phone.token)).toBe(true); // cached on b
      expect(await sessionLive(b, member.token)).toBe(true);
      expect((await deleteAccount(a, member)).status).toBe(200);
      expect(
        await millisecondsUntil(() => sessionLive(b, phone.token).then((live) => !live), 1000),
      ).toBeLessThan(1000);
      expect(await sessionLive(b, member.token)).toBe(false);
    });
  });
}
