import { ApiPaths } from '../../../../src/contract/api';
import { type MemberSessionsResponse } from '../../../../src/contract/sessions';
import { eachDatabase } from '../../../../scripts/support/databases';
import { getJson, postJson } from '../../support/http';
import { eventually, startAnotherInstance } from '../../support/instances';
import { login, registerAndLogin } from '../../support/members';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(60_000);

/** Long enough that only an invalidation, never the cache lifetime, can end a cached session. */
const TTL_MS = 30_000;

const sessionCheck = (t: TestApp, token: string) =>
  postJson(t.baseUrl, ApiPaths.sessionCheck, {}, { token });
const accepted = async (t: TestApp, token: string) => (await sessionCheck(t, token)).status === 200;
const refused = async (t: TestApp, token: string) => (await sessionCheck(t, token)).status === 401;
const sessionsOf = async (t: TestApp, token: string) =>
  (await getJson<MemberSessionsResponse>(t.baseUrl, ApiPaths.memberSessions, { token })).body.data
    ?.sessions ?? [];

// A loop, not describe.each: without PostgreSQL there is nothing to share (eachDatabase warns).
for (const database of eachDatabase().filter((name) => name === 'postgres')) {
  describe(`signing devices out across two instances over one ${database} database`, () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp({ database, config: { readCacheTtlMs: TTL_MS } });
      b = await startAnotherInstance(a, { readCacheTtlMs: TTL_MS });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('refuses a session signed out from the list on one instance on the other without waiting for the cache’s lifetime', async () => {
      const member = await registerAndLogin(a.baseUrl);
      const phone = await login(b.baseUrl, member);
      expect(await accepted(b, phone.token)).toBe(true); // cached on b
      const target = (await sessionsOf(a, member.token)).find((one) => !one.current);

      const out = await postJson(
        a.baseUrl,
        ApiPaths.signOutSession,
        { session_id: target?.session_id },
        { token: member.token },
      );
      expect(out.status).toBe(200);
      expect(await eventually(() => refused(b, phone.token))).toBe(true);
      expect(await accepted(b, member.token)).toBe(true);
    });

    it('refuses every other session after "sign out of all other devices" on the other instance without waiting', async () => {
      const member = await registerAndLogin(a.baseUrl);
      const others = [await login(b.baseUrl, member), await login(a.baseUrl, member)];
      for (const other of others) {
        expect(await accepted(a, other.token)).toBe(true);
        expect(await accepted(b, other.token)).toBe(true);
      }

      const out = await postJson<{ signed_out: number }>(
        a.baseUrl,
        ApiPaths.signOutOtherSessions,
        {},
        { token: member.token },
      );
      expect(out.body.data).toEqual({ signed_out: 2 });
      for (const other of others) {
        expect(await eventually(() => refused(b, other.token))).toBe(true);
        expect(await refused(a, other.token)).toBe(true);
      }
      expect(await accepted(b, member.token)).toBe(true);
      expect((await sessionsOf(b, member.token)).length).toBe(1);
    });
  });
}

describe.each(eachDatabase())('signing devices out on one instance over %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, config: { readCacheTtlMs: TTL_MS } });
  });
  afterAll(() => t?.close());

  it('refuses a cached session at its next check once signed out from the list', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const other = await login(t.baseUrl, member);
    expect(await accepted(t, other.token)).toBe(true);
    const target = (await sessionsOf(t, member.token)).find((one) => !one.current);
    const out = await postJson(
      t.baseUrl,
      ApiPaths.signOutSession,
      { session_id: target?.session_id },
      { token: member.token },
    );
    expect(out.status).toBe(200);
    expect(await refused(t, other.token)).toBe(true);
    expect(await accepted(t, member.token)).toBe(true);
  });
});
