import { SESSION_IDLE_TTL_MS } from '../../../server/domain/session-policy';
import { AuthenticateSessionUseCase } from '../../../server/use-cases/authenticate-session.use-case';
import {
  ListMemberSessionsUseCase,
  SignOutOtherSessionsUseCase,
  SignOutSessionUseCase,
} from '../../../server/use-cases/member-sessions.use-case';
import { FakePasswordHasher } from '../support/fake-password-hasher';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores, loginOver } from '../support/in-memory-stores';

const MINUTE = 60_000;
const NOT_FOUND = { ok: false, error: { code: 'SESSION_NOT_FOUND' } };

async function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const hasher = new FakePasswordHasher();
  const login = loginOver(stores, { hasher, clock, maxFailures: 10 });
  const authenticate = new AuthenticateSessionUseCase(stores.sessions, clock);
  const aMember = async () => {
    const member = aMemberRow({ passwordHash: await hasher.hash('correct horse battery') });
    await stores.members.insert(member);
    return member;
  };
  /** Logs in on a device; answers the token and the session id. */
  const logIn = async (member: { icOrPassport: string }, deviceLabel?: string) => {
    const result = await login.execute({
      icOrPassport: member.icOrPassport,
      password: 'correct horse battery',
      deviceLabel,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const session = await authenticate.execute({ token: result.value.token });
    if (!session.ok) throw new Error(JSON.stringify(session.error));
    return { token: result.value.token, sessionId: session.value.sessionId };
  };
  return {
    ...stores,
    clock,
    aMember,
    logIn,
    authenticate,
    list: new ListMemberSessionsUseCase(stores.sessions, clock),
    signOut: new SignOutSessionUseCase(stores.sessions, clock),
    signOutOthers: new SignOutOtherSessionsUseCase(stores.sessions, clock),
  };
}

describe('where a member is signed in', () => {
  it('lists the live sessions, most recently active first, marking the one asking', async () => {
    const s = await setUp();
    const member = await s.aMember();
    const started = new Date(s.clock.now());
    const phone = await s.logIn(member, 'Chrome on Android');
    await s.clock.advance(5 * MINUTE);
    const laptop = await s.logIn(member);
    await s.clock.advance(5 * MINUTE);
    await s.authenticate.execute({ token: phone.token }); // the phone is used again
    const phoneUsedAt = new Date(s.clock.now());
    // Uses are written once a minute, off the request's path (SessionTouches).
    await s.clock.advance(MINUTE);

    const answer = await s.list.execute({ memberId: member.id, sessionId: laptop.sessionId });
    if (!answer.ok) throw new Error('list');
    expect(
      answer.value.map(({ session, current }) => ({
        id: session.id,
        device: session.deviceLabel,
        startedAt: session.createdAt,
        lastActiveAt: session.lastSeenAt,
        current,
      })),
    ).toEqual([
      {
        id: phone.sessionId,
        device: 'Chrome on Android',
        startedAt: started,
        lastActiveAt: phoneUsedAt,
        current: false,
      },
      {
        id: laptop.sessionId,
        device: null,
        startedAt: new Date(started.getTime() + 5 * MINUTE),
        lastActiveAt: new Date(started.getTime() + 5 * MINUTE),
        current: true,
      },
    ]);
  });

  it('leaves out sessions that expired by the clock or were signed out', async () => {
    const s = await setUp();
    const member = await s.aMember();
    const idle = await s.logIn(member, 'Firefox on Linux');
    await s.clock.advance(SESSION_IDLE_TTL_MS - MINUTE);
    const current = await s.logIn(member, 'Safari on iOS');
    const loggedOut = await s.logIn(member, 'Edge on Windows');
    await s.sessions.revoke(loggedOut.sessionId, new Date(s.clock.now()));

    const before = await s.list.execute({ memberId: member.id, sessionId: current.sessionId });
    expect(before.ok && before.value.map((one) => one.session.id)).toEqual([
      current.sessionId,
      idle.sessionId,
    ]);
    await s.clock.advance(MINUTE);
    const after = await s.list.execute({ memberId: member.id, sessionId: current.sessionId });
    expect(after.ok && after.value.map((one) => one.session.id)).toEqual([current.sessionId]);
    // An expired session is already signed out: signing it out answers like an unknown one.
    expect(
      await s.signOut.execute({
        memberId: member.id,
        sessionId: current.sessionId,
        targetSessionId: idle.sessionId,
      }),
    ).toEqual(NOT_FOUND);
  });

  it('signs out one other session, which is then refused', async () => {
    const s = await setUp();
    const member = await s.aMember();
    const mine = await s.logIn(member);
    const other = await s.logIn(member);
    const target = { memberId: member.id, sessionId: mine.sessionId };

    expect(await s.signOut.execute({ ...target, targetSessionId: other.sessionId })).toEqual({
      ok: true,
      value: null,
    });
    expect((await s.authenticate.execute({ token: other.token })).ok).toBe(false);
    expect((await s.authenticate.execute({ token: mine.token })).ok).toBe(true);
    // A second time: it is no longer signed in.
    expect(await s.signOut.execute({ ...target, targetSessionId: other.sessionId })).toEqual(
      NOT_FOUND,
    );
  });

  it("answers another member's session like an unknown one, and leaves it signed in", async () => {
    const s = await setUp();
    const member = await s.aMember();
    const stranger = await s.aMember();
    const mine = await s.logIn(member);
    const theirs = await s.logIn(stranger);
    const asking = { memberId: member.id, sessionId: mine.sessionId };

    expect(await s.signOut.execute({ ...asking, targetSessionId: theirs.sessionId })).toEqual(
      NOT_FOUND,
    );
    expect(
      await s.signOut.execute({
        ...asking,
        targetSessionId: '00000000-0000-4000-8000-000000000000',
      }),
    ).toEqual(NOT_FOUND);
    expect((await s.authenticate.execute({ token: theirs.token })).ok).toBe(true);
  });

  it('signs out of all other devices, keeping the one asking and other members alone', async () => {
    const s = await setUp();
    const member = await s.aMember();
    const stranger = await s.aMember();
    const mine = await s.logIn(member);
    const others = [await s.logIn(member), await s.logIn(member)];
    const theirs = await s.logIn(stranger);

    expect(
      await s.signOutOthers.execute({ memberId: member.id, sessionId: mine.sessionId }),
    ).toEqual({ ok: true, value: { signedOut: 2 } });
    for (const other of others) {
      expect((await s.authenticate.execute({ token: other.token })).ok).toBe(false);
    }
    expect((await s.authenticate.execute({ token: mine.token })).ok).toBe(true);
    expect((await s.authenticate.execute({ token: theirs.token })).ok).toBe(true);
    expect(
      await s.signOutOthers.execute({ memberId: member.id, sessionId: mine.sessionId }),
    ).toEqual({ ok: true, value: { signedOut: 0 } });
  });
});
