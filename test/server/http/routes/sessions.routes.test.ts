import { ApiPaths } from '../../../../src/contract/api';
import { type MemberSessionsResponse } from '../../../../src/contract/sessions';
import { deviceLabelOf } from '../../../../server/adapters/ua-parser-device-labels.adapter';
import { type TestMember } from '../../support/members';
import { injectedApp, type InjectedApp, seedMember } from '../../support/in-memory-server';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const UNKNOWN_SESSION = '00000000-0000-4000-8000-000000000000';

describe('device labels from user agents', () => {
  it('names the browser and the system, never the raw string', () => {
    expect(deviceLabelOf(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(deviceLabelOf(IPHONE_SAFARI)).toBe('Safari on iOS');
    expect(deviceLabelOf(WINDOWS_FIREFOX)).toBe('Firefox on Windows');
    expect(deviceLabelOf('curl/8.5.0')).toBeUndefined();
    expect(deviceLabelOf('')).toBeUndefined();
    expect(deviceLabelOf(undefined)).toBeUndefined();
  });
});

describe('session routes on the in-memory container (app.inject)', () => {
  let t: InjectedApp;
  beforeEach(async () => {
    t = await injectedApp();
  });
  afterEach(() => t.close());

  async function logInWith(member: TestMember, userAgent?: string): Promise<string> {
    const answer = await t.post(
      ApiPaths.login,
      { ic_or_passport: member.ic_or_passport, password: member.password },
      userAgent === undefined ? {} : { headers: { 'user-agent': userAgent } },
    );
    expect(answer.status).toBe(200);
    return (answer.body.data as { token: string }).token;
  }

  const listOf = async (token: string) => {
    const answer = await t.get(ApiPaths.memberSessions, { token });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return (answer.body.data as MemberSessionsResponse).sessions;
  };

  it('lists where the member is signed in: device, start, last activity, this device', async () => {
    const member = await seedMember(t);
    const phone = await logInWith(member, ANDROID_CHROME);
    await t.clock.advance(60_000);
    const laptop = await logInWith(member, WINDOWS_FIREFOX);
    await logInWith(await seedMember(t), IPHONE_SAFARI); // someone else's

    const sessions = await listOf(laptop);
    expect(sessions).toEqual([
      {
        session_id: expect.any(String),
        device: 'Firefox on Windows',
        started_at: new Date(t.clock.now()).toISOString(),
        last_active_at: new Date(t.clock.now()).toISOString(),
        current: true,
      },
      {
        session_id: expect.any(String),
        device: 'Chrome on Android',
        started_at: new Date(t.clock.now() - 60_000).toISOString(),
        last_active_at: new Date(t.clock.now() - 60_000).toISOString(),
        current: false,
      },
    ]);
    // No raw user agent anywhere in the answer.
    expect(JSON.stringify(sessions)).not.toContain('Mozilla');
    expect((await listOf(phone)).map((one) => one.current)).toEqual([false, true]);
  });

  it('signs out another session, which the next check refuses', async () => {
    const member = await seedMember(t);
    const phone = await logInWith(member, ANDROID_CHROME);
    const laptop = await logInWith(member, WINDOWS_FIREFOX);
    const other = (await listOf(laptop)).find((one) => !one.current);

    const out = await t.post(
      ApiPaths.signOutSession,
      { session_id: other?.session_id },
      { token: laptop },
    );
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 1, message: 'Signed out.' });
    const check = await t.post(ApiPaths.sessionCheck, {}, { token: phone });
    expect(check.status).toBe(401);
    expect(check.body.code).toBe('AUTH_SESSION_ENDED');
    expect((await listOf(laptop)).map((one) => one.device)).toEqual(['Firefox on Windows']);
  });

  it("answers an unknown and another member's session with the same 404, ending neither", async () => {
    const member = await seedMember(t);
    const mine = await logInWith(member);
    const stranger = await logInWith(await seedMember(t));
    const theirs = (await listOf(stranger))[0]?.session_id;

    const foreign = await t.post(ApiPaths.signOutSession, { session_id: theirs }, { token: mine });
    const unknown = await t.post(
      ApiPaths.signOutSession,
      { session_id: UNKNOWN_SESSION },
      { token: mine },
    );
    for (const answer of [foreign, unknown]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        status: 0,
        code: 'SESSION_NOT_FOUND',
        message: 'session_id: no such session is signed in.',
        field: 'session_id',
      });
    }
    expect((await t.post(ApiPaths.sessionCheck, {}, { token: stranger })).status).toBe(200);
  });

  it('signs out of all other devices and says how many', async () => {
    const member = await seedMember(t);
    const mine = await logInWith(member);
    const others = [await logInWith(member), await logInWith(member)];

    const out = await t.post(ApiPaths.signOutOtherSessions, {}, { token: mine });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({
      status: 1,
      message: 'Signed out of all other devices.',
      data: { signed_out: 2 },
    });
    for (const token of others) {
      expect((await t.post(ApiPaths.sessionCheck, {}, { token })).status).toBe(401);
    }
    expect((await t.post(ApiPaths.sessionCheck, {}, { token: mine })).status).toBe(200);
  });

  it('validates the session id (400 naming the field) and needs a session (401)', async () => {
    const member = await seedMember(t);
    const token = await logInWith(member);
    for (const body of [{}, { session_id: 'not-an-id' }, { session_id: 7 }]) {
      const answer = await t.post(ApiPaths.signOutSession, body, { token });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'session_id' });
    }
    const extra = await t.post(
      ApiPaths.signOutSession,
      { session_id: UNKNOWN_SESSION, also: 1 },
      { token },
    );
    expect(extra.status).toBe(400);
    expect((await t.get(ApiPaths.memberSessions)).status).toBe(401);
    expect((await t.post(ApiPaths.signOutSession, { session_id: UNKNOWN_SESSION })).status).toBe(
      401,
    );
    expect((await t.post(ApiPaths.signOutOtherSessions)).status).toBe(401);
  });

  it('limits sign-outs per session', async () => {
    const member = await seedMember(t);
    const token = await logInWith(member);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const answer = await t.post(
        ApiPaths.signOutSession,
        { session_id: UNKNOWN_SESSION },
        { token },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
