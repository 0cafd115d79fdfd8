import {
  hashSessionToken,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_IDLE_TTL_MS,
} from '../../../server/domain/session-policy';
import { AuthenticateSessionUseCase } from '../../../server/use-cases/authenticate-session.use-case';
import { LogoutUseCase } from '../../../server/use-cases/logout.use-case';
import { FakePasswordHasher } from '../support/fake-password-hasher';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores, loginOver } from '../support/in-memory-stores';

const HOUR = 60 * 60_000;
const ENDED = { ok: false, error: { code: 'AUTH_SESSION_ENDED' } };

async function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const hasher = new FakePasswordHasher();
  const member = aMemberRow({ passwordHash: await hasher.hash('correct horse battery') });
  await stores.members.insert(member);
  const login = loginOver(stores, { hasher, clock, maxFailures: 10 });
  const logIn = async (): Promise<string> => {
    const result = await login.execute({
      icOrPassport: member.icOrPassport,
      password: 'correct horse battery',
    });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    return result.value.token;
  };
  return {
    ...stores,
    clock,
    member,
    logIn,
    authenticate: new AuthenticateSessionUseCase(stores.sessions, clock),
    logout: new LogoutUseCase(stores.sessions, clock),
  };
}

describe('AuthenticateSessionUseCase on in-memory stores', () => {
  it('resolves a live token to its member and session', async () => {
    const { authenticate, logIn, member, sessions } = await setUp();
    const token = await logIn();
    const session = await sessions.findByTokenHash(hashSessionToken(token));
    expect(await authenticate.execute({ token })).toEqual({
      ok: true,
      value: { id: member.id, sessionId: session?.id },
    });
  });

  it('refuses a token nobody was given', async () => {
    const { authenticate } = await setUp();
    expect(await authenticate.execute({ token: 'x'.repeat(43) })).toEqual(ENDED);
  });

  it('ends a session left unused for the idle time', async () => {
    const { authenticate, logIn, clock } = await setUp();
    const token = await logIn();
    await clock.advance(SESSION_IDLE_TTL_MS - 1);
    expect((await authenticate.execute({ token })).ok).toBe(true);
    // That use slid the idle window: only a further full idle period ends it.
    await clock.advance(SESSION_IDLE_TTL_MS - 1);
    expect((await authenticate.execute({ token })).ok).toBe(true);
    await clock.advance(SESSION_IDLE_TTL_MS);
    expect(await authenticate.execute({ token })).toEqual(ENDED);
  });

  it('ends a session at the absolute limit however often it is used', async () => {
    const { authenticate, logIn, clock } = await setUp();
    const token = await logIn();
    const step = 11 * HOUR;
    let elapsed = 0;
    while (elapsed + step < SESSION_ABSOLUTE_TTL_MS) {
      await clock.advance(step);
      elapsed += step;
      expect((await authenticate.execute({ token })).ok).toBe(true);
    }
    await clock.advance(SESSION_ABSOLUTE_TTL_MS - elapsed);
    expect(await authenticate.execute({ token })).toEqual(ENDED);
  });

  it('records a use off the request path, written once a minute on the clock', async () => {
    const { authenticate, logIn, clock, sessions } = await setUp();
    const token = await logIn();
    const loggedInAt = new Date(clock.now());
    const lastSeen = async () =>
      (await sessions.findByTokenHash(hashSessionToken(token)))?.lastSeenAt;
    await clock.advance(30_000);
    await authenticate.execute({ token });
    // Too soon after the login: nothing to record.
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(30_000);
    const usedAt = new Date(clock.now());
    await authenticate.execute({ token });
    // Noted in memory only: the store still has the login's time.
    expect(await lastSeen()).toEqual(loggedInAt);
    await clock.advance(59_999);
    expect(await lastSeen()).toEqual(loggedInAt);
    await clock.advance(1);
    expect(await lastSeen()).toEqual(usedAt);
    // Nothing left to write: the schedule stops.
    expect(clock.pendingTimers).toBe(0);
  });

  it('measures idle expiry from a use not yet written', async () => {
    const { logIn, clock, sessions } = await setUp();
    // The store's writes fail (a database down): the uses stay in memory.
    let failedWrites = 0;
    const unwritable = Object.create(sessions) as typeof sessions;
    unwritable.touch = async () => {
      failedWrites++;
      throw new Error('database down');
    };
    const authenticate = new AuthenticateSessionUseCase(unwritable, clock);
    const token = await logIn();
    await clock.advance(SESSION_IDLE_TTL_MS - 1);
    expect((await authenticate.execute({ token })).ok).toBe(true);
    await clock.advance(SESSION_IDLE_TTL_MS - 1);
    expect((await authenticate.execute({ token })).ok).toBe(true);
    expect(failedWrites).toBeGreaterThan(0);
  });

  it('writes what it holds when closed', async () => {
    const { authenticate, logIn, clock, sessions } = await setUp();
    const token = await logIn();
    await clock.advance(90_000);
    await authenticate.execute({ token });
    await authenticate.close();
    expect((await sessions.findByTokenHash(hashSessionToken(token)))?.lastSeenAt).toEqual(
      new Date(clock.now()),
    );
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('LogoutUseCase on in-memory stores', () => {
  it('revokes only the session it is given', async () => {
    const { authenticate, logout, logIn } = await setUp();
    const first = await logIn();
    const second = await logIn();
    const session = await authenticate.execute({ token: first });
    if (!session.ok) throw new Error('first session not live');

    expect(await logout.execute({ sessionId: session.value.sessionId })).toEqual({
      ok: true,
      value: null,
    });
    expect(await authenticate.execute({ token: first })).toEqual(ENDED);
    expect((await authenticate.execute({ token: second })).ok).toBe(true);
  });
});
