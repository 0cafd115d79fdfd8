import { eachDatabase, type TestDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import {
  aMember,
  latestSmsCode,
  login,
  type LoggedInMember,
  registerAndLogin,
} from '../support/members';
import { type TestApp } from '../support/test-app';
import { startAppWithWriteFaults, type WriteFault } from '../support/write-faults';

const HOOK_TIMEOUT_MS = 60_000;
jest.setTimeout(60_000);

/**
 * Every change of more than one row is one transaction. Each test makes the database refuse the
 * second write of a change (a trigger the test installs: it raises, or it ends its own backend as
 * a failover would) and shows over real HTTP that the first write did not stay either.
 */
describe.each(eachDatabase())('atomic changes on %s', (database: TestDatabase) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAppWithWriteFaults(database);
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t?.close(), HOOK_TIMEOUT_MS);
  afterEach(async () => {
    await t.container.db.exec(`
      DROP TRIGGER IF EXISTS test_fail_revocation ON sessions;
      DROP TRIGGER IF EXISTS test_fail_session_insert ON sessions;
      DROP TRIGGER IF EXISTS test_fail_member_insert ON members;`);
  }, HOOK_TIMEOUT_MS);

  /** Makes every revocation (sessions.revoked_at set) run `fn` instead of succeeding. */
  const failRevocations = (fn: WriteFault) =>
    t.container.db.exec(`
      CREATE TRIGGER test_fail_revocation BEFORE UPDATE ON sessions FOR EACH ROW
        WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
        EXECUTE FUNCTION ${fn}();`);

  const canLogIn = async (member: LoggedInMember, password: string) =>
    (
      await postJson(t.baseUrl, '/service/login', {
        ic_or_passport: member.ic_or_passport,
        password,
      })
    ).status === 200;

  const sessionLive = async (token: string) =>
    (await getJson(t.baseUrl, '/user/profile/get', { token })).status === 200;

  it('keeps the old password when revoking the other sessions fails during a password change', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const otherDevice = await login(t.baseUrl, member);
    await failRevocations('test_refuse_write');

    const change = await postJson(
      t.baseUrl,
      '/user/profile/update',
      { password: 'a brand new secret' },
      { token: member.token },
    );

    expect(change.status).toBe(500);
    expect(change.body.status).toBe(0);
    await t.container.db.exec('DROP TRIGGER test_fail_revocation ON sessions');
    expect(await canLogIn(member, 'a brand new secret')).toBe(false);
    expect(await canLogIn(member, member.password)).toBe(true);
    expect(await sessionLive(otherDevice.token)).toBe(true);
    expect(await sessionLive(member.token)).toBe(true);
  });

  it('keeps the old password and the code unused when revoking fails during a reset', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const sent = await postJson(t.baseUrl, '/service/send_sms_code', {
      phone_no: member.phone_no,
      purpose: 'password_reset',
    });
    expect(sent.status).toBe(200);
    const code = await latestSmsCode(t.baseUrl, member.phone_no, 'password_reset');
    const reset = () =>
      postJson(t.baseUrl, '/service/forgot-password/reset', {
        phone_no: member.phone_no,
        tac_code: code,
        new_password: 'another long password',
      });
    await failRevocations('test_refuse_write');

    expect((await reset()).status).toBe(500);

    await t.container.db.exec('DROP TRIGGER test_fail_revocation ON sessions');
    expect(await sessionLive(member.token)).toBe(true);
    expect(await canLogIn(member, 'another long password')).toBe(false);
    expect(await canLogIn(member, member.password)).toBe(true);
    // The code was not used up by the failed attempt: it still resets the password.
    expect((await reset()).status).toBe(200);
    expect(await canLogIn(member, 'another long password')).toBe(true);
    expect(await sessionLive(member.token)).toBe(false);
  });

  it('leaves the registration code unused when creating the member fails', async () => {
    const member = aMember();
    const sent = await postJson(t.baseUrl, '/service/send_sms_code', {
      phone_no: member.phone_no,
      purpose: 'registration',
    });
    expect(sent.status).toBe(200);
    const tac_code = await latestSmsCode(t.baseUrl, member.phone_no, 'registration');
    await t.container.db.exec(`
      CREATE TRIGGER test_fail_member_insert BEFORE INSERT ON members FOR EACH ROW
        EXECUTE FUNCTION test_refuse_write();`);

    expect((await postJson(t.baseUrl, '/service/register', { ...member, tac_code })).status).toBe(
      500,
    );

    await t.container.db.exec('DROP TRIGGER test_fail_member_insert ON members');
    expect((await postJson(t.baseUrl, '/service/register', { ...member, tac_code })).status).toBe(
      200,
    );
  });

  it('keeps the failed attempts when opening the session of a right password fails', async () => {
    const member = await registerAndLogin(t.baseUrl);
    expect(await canLogIn(member, 'not the password')).toBe(false);
    await t.container.db.exec(`
      CREATE TRIGGER test_fail_session_insert BEFORE INSERT ON sessions FOR EACH ROW
        EXECUTE FUNCTION test_refuse_write();`);

    const attempt = await postJson(t.baseUrl, '/service/login', {
      ic_or_passport: member.ic_or_passport,
      password: member.password,
    });

    expect(attempt.status).toBe(500);
    const rows = await t.container.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_failures WHERE account_key = $1',
      [member.ic_or_passport],
    );
    // The wrong password's failure and the failed login's own claim: nothing was forgotten.
    expect(Number(rows[0]?.n)).toBe(2);
  });

  if (database === 'postgres') {
    it('keeps the old password when the connection dies between the password and the revocation', async () => {
      const member = await registerAndLogin(t.baseUrl);
      const otherDevice = await login(t.baseUrl, member);
      // The backend ends itself inside the revoking UPDATE, as a restart or a failover would.
      await failRevocations('test_end_own_backend');

      const change = await postJson(
        t.baseUrl,
        '/user/profile/update',
        { password: 'a brand new secret' },
        { token: member.token },
      );

      expect(change.status).toBe(503);
      expect(change.headers.get('retry-after')).not.toBeNull();
      await t.container.db.exec('DROP TRIGGER test_fail_revocation ON sessions');
      expect(await canLogIn(member, 'a brand new secret')).toBe(false);
      expect(await canLogIn(member, member.password)).toBe(true);
      expect(await sessionLive(otherDevice.token)).toBe(true);
      // And the change goes through once the database is whole again.
      const retried = await postJson(
        t.baseUrl,
        '/user/profile/update',
        { password: 'a brand new secret' },
        { token: member.token },
      );
      expect(retried.status).toBe(200);
      expect(await canLogIn(member, 'a brand new secret')).toBe(true);
      expect(await sessionLive(otherDevice.token)).toBe(false);
    });
  }
});
