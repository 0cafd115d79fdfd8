import {
  PurgeStaleRecordsUseCase,
  type PurgeReport,
} from '../../../server/use-cases/purge-stale-records.use-case';
import { eachDatabase } from '../../../scripts/support/databases';
import { postJson } from '../support/http';
import { aMember, latestSmsCode, login, registerMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOTHING: PurgeReport = { smsCodes: 0, smsRequests: 0, loginFailures: 0, sessions: 0 };
const DEAD = 'tac_code: too many wrong attempts. Please request a new code later.';

describe.each(eachDatabase())('purging stale records on %s', (database) => {
  let t: TestApp;
  let t0: number;
  const open = async (config: Parameters<typeof startTestApp>[0]['config'] = {}) => {
    t = await startTestApp({ database, config });
    t0 = t.clock.now();
  };
  afterEach(() => t.close());

  const purge = () => t.container.purgeStaleRecords.execute();
  const send = (phone_no: string) =>
    postJson(t.baseUrl, '/service/send_sms_code', { phone_no, purpose: 'registration' });
  const register = (member: ReturnType<typeof aMember>, tac_code: string) =>
    postJson(t.baseUrl, '/service/register', { ...member, tac_code });
  const failLogin = (ic_or_passport: string) =>
    postJson(t.baseUrl, '/service/login', { ic_or_passport, password: 'not the password' });
  const sessionCheck = (token: string) =>
    postJson(t.baseUrl, '/service/session-check', {}, { token });
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
  const rowCounts = async () => {
    const count = async (table: string) => {
      const rows = await t.container.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table}`,
      );
      return Number(rows[0].n);
    };
    return {
      smsCodes: await count('sms_codes'),
      smsRequests: await count('sms_requests'),
      loginFailures: await count('login_failures'),
      sessions: await count('sessions'),
    };
  };

  it('deletes each kind of row once past its retention, and counts what it deleted', async () => {
    await open();
    // At t0: one code request and its (used) code, a logged-out session, an idle one, a failure.
    const member = await registerMember(t.baseUrl, aMember());
    const loggedOut = await login(t.baseUrl, member);
    expect(
      (await postJson(t.baseUrl, '/service/logout', {}, { token: loggedOut.token })).status,
    ).toBe(200);
    await login(t.baseUrl, member);
    expect((await failLogin(aMember().ic_or_passport)).status).toBe(401);
    const everything = { smsCodes: 1, smsRequests: 1, loginFailures: 1, sessions: 2 };
    expect(await rowCounts()).toEqual(everything);
    expect(await purge()).toEqual(NOTHING);

    // Exactly at the 24 h cut-off nothing goes; the code (expired at t0 + 5 min) stays longer.
    await t.clock.set(t0 + DAY);
    expect(await purge()).toEqual(NOTHING);
    await t.clock.set(t0 + DAY + 1);
    expect(await purge()).toEqual({ ...NOTHING, smsRequests: 1, loginFailures: 1 });
    await t.clock.set(t0 + DAY + 5 * MINUTE + 1);
    expect(await purge()).toEqual({ ...NOTHING, smsCodes: 1 });

    // The logged-out session ended at t0, the idle one at t0 + 12 h: each goes 7 days later.
    await t.clock.set(t0 + 7 * DAY);
    expect(await purge()).toEqual(NOTHING);
    await t.clock.set(t0 + 7 * DAY + 1);
    expect(await purge()).toEqual({ ...NOTHING, sessions: 1 });
    await t.clock.set(t0 + 7 * DAY + 12 * HOUR);
    expect(await purge()).toEqual(NOTHING);
    await t.clock.set(t0 + 7 * DAY + 12 * HOUR + 1);
    expect(await purge()).toEqual({ ...NOTHING, sessions: 1 });

    expect(await rowCounts()).toEqual(NOTHING);
    // The member, of course, stays.
    expect((await login(t.baseUrl, member)).token).toEqual(expect.any(String));
  });

  it('keeps what the SMS rules still read: wrong tries carry over and hourly caps hold', async () => {
    await open({ smsPerPhonePerHour: 3 });
    expect((await send(aMember().phone_no)).status).toBe(200);
    await t.clock.set(t0 + 2 * DAY);

    const member = aMember();
    expect((await send(member.phone_no)).status).toBe(200);
    const first = await latestSmsCode(t.baseUrl, member.phone_no);
    for (let i = 0; i < 3; i += 1) {
      expect((await register(member, wrongFor(first))).status).toBe(400);
    }
    await t.clock.advance(MINUTE);
    expect((await send(member.phone_no)).status).toBe(200);
    // The second code (which inherited the 3 tries) has expired, but is within the hour.
    await t.clock.advance(10 * MINUTE);

    // Only the two-day-old request and code go.
    expect(await purge()).toEqual({ ...NOTHING, smsCodes: 1, smsRequests: 1 });

    // A third code still inherits the 3 wrong tries (the expired code was kept)...
    expect((await send(member.phone_no)).status).toBe(200);
    const third = await latestSmsCode(t.baseUrl, member.phone_no);
    const latest = await t.container.db.query<{ attempts: number }>(
      'SELECT attempts FROM sms_codes WHERE phone_no = $1 ORDER BY created_at DESC LIMIT 1',
      [member.phone_no],
    );
    expect(Number(latest[0].attempts)).toBe(3);
    expect((await register(member, wrongFor(third))).body.message).toBe(
      'tac_code: the code is incorrect.',
    );
    expect((await register(member, wrongFor(third))).body.message).toBe(DEAD);
    expect((await register(member, third)).body.message).toBe(DEAD);

    // ...and the hourly cap of 3 still counts the requests made before the purge.
    await t.clock.advance(MINUTE);
    expect(await purge()).toEqual(NOTHING);
    const capped = await send(member.phone_no);
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps what login rules still read: a live session works and the throttle holds', async () => {
    await open({ loginMaxFailures: 3 });
    const member = await registerMember(t.baseUrl, aMember());
    const loggedOut = await login(t.baseUrl, member);
    await postJson(t.baseUrl, '/service/logout', {}, { token: loggedOut.token });
    await failLogin(aMember().ic_or_passport);
    await t.clock.set(t0 + 8 * DAY);

    // A session used 11 h ago (idle expiry is 12 h) and one just used.
    const live = await login(t.baseUrl, member);
    await t.clock.advance(11 * HOUR);
    const fresh = await login(t.baseUrl, member);
    for (let i = 0; i < 3; i += 1)
      expect((await failLogin(member.ic_or_passport)).status).toBe(401);

    expect(await purge()).toEqual({ smsCodes: 1, smsRequests: 1, loginFailures: 1, sessions: 1 });

    expect((await sessionCheck(live.token)).status).toBe(200);
    expect((await sessionCheck(fresh.token)).status).toBe(200);
    expect((await sessionCheck(loggedOut.token)).status).toBe(401);
    // The member's 3 failures of the last 15 minutes survived: even the right password waits.
    const throttled = await postJson(t.baseUrl, '/service/login', {
      ic_or_passport: member.ic_or_passport,
      password: member.password,
    });
    expect(throttled.status).toBe(429);
  });

  it('deletes a large backlog in batches and counts all of it', async () => {
    await open();
    for (let i = 0; i < 7; i += 1) {
      await t.container.loginFailures.record({
        id: t.container.random.uuid(),
        accountKey: `K${i}`,
        at: new Date(t.clock.now()),
      });
    }
    await t.clock.set(t0 + 2 * DAY);
    const c = t.container;
    const batched = new PurgeStaleRecordsUseCase(
      c.smsCodes,
      c.loginFailures,
      c.sessions,
      c.clock,
      3,
    );
    expect(await batched.execute()).toEqual({ ...NOTHING, loginFailures: 7 });
    expect((await rowCounts()).loginFailures).toBe(0);
  });
});
