import { LOGIN_FAILURE_WINDOW_MS } from '../../../server/domain/login-throttle-policy';
import { hashSessionToken } from '../../../server/domain/session-policy';
import { FakePasswordHasher } from '../support/fake-password-hasher';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores, loginOver } from '../support/in-memory-stores';

const MINUTE = 60_000;

async function setUp(maxFailures = 3) {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const hasher = new FakePasswordHasher();
  const login = loginOver(stores, { hasher, clock, maxFailures });
  const member = aMemberRow({
    icOrPassport: 'A1234567',
    passwordHash: await hasher.hash('correct horse battery'),
  });
  await stores.members.insert(member);
  return { ...stores, clock, hasher, login, member };
}

describe('LoginUseCase on in-memory stores', () => {
  it('opens a session for the right password and answers the session user', async () => {
    const { login, member, sessions, clock } = await setUp();
    const result = await login.execute({
      icOrPassport: ' a1234567 ',
      password: 'correct horse battery',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual({
      user_id: member.id,
      name: member.name,
      phone_no: member.phoneNo,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const session = await sessions.findByTokenHash(hashSessionToken(result.value.token));
    expect(session).toMatchObject({
      memberId: member.id,
      createdAt: new Date(clock.now()),
      revokedAt: null,
    });
  });

  it('answers an unknown IC and a wrong password alike, spending a verify on both', async () => {
    const { login, hasher, loginFailures, clock } = await setUp();
    const unknown = await login.execute({ icOrPassport: 'Z9999999', password: 'whatever1' });
    const wrong = await login.execute({ icOrPassport: 'A1234567', password: 'wrong password' });
    expect(unknown).toEqual({ ok: false, error: { code: 'AUTH_INVALID_CREDENTIALS' } });
    expect(wrong).toEqual(unknown);
    expect(hasher.dummyVerifies).toBe(1);
    const since = new Date(clock.now() - MINUTE);
    expect(await loginFailures.failuresSince('Z9999999', since)).toHaveLength(1);
    expect(await loginFailures.failuresSince('A1234567', since)).toHaveLength(1);
  });

  it('throttles an account after too many failures, even with the right password', async () => {
    const { login, clock } = await setUp(3);
    for (let i = 0; i < 3; i += 1) {
      await login.execute({ icOrPassport: 'A1234567', password: 'wrong password' });
      await clock.advance(MINUTE);
    }
    const throttled = await login.execute({
      icOrPassport: 'A1234567',
      password: 'correct horse battery',
    });
    // The oldest of the three failures leaves the 15-minute window 12 minutes from now.
    expect(throttled).toEqual({
      ok: false,
      error: {
        code: 'AUTH_TOO_MANY_ATTEMPTS',
        retryAfterS: (LOGIN_FAILURE_WINDOW_MS - 3 * MINUTE) / 1000,
      },
    });

    await clock.advance(LOGIN_FAILURE_WINDOW_MS - 3 * MINUTE + 1);
    const after = await login.execute({
      icOrPassport: 'A1234567',
      password: 'correct horse battery',
    });
    expect(after.ok).toBe(true);
  });

  it('forgets the failures of an account once it logs in', async () => {
    const { login, loginFailures, clock } = await setUp(3);
    await login.execute({ icOrPassport: 'A1234567', password: 'wrong password' });
    await login.execute({ icOrPassport: 'A1234567', password: 'correct horse battery' });
    const since = new Date(clock.now() - MINUTE);
    expect(await loginFailures.failuresSince('A1234567', since)).toEqual([]);
  });
});
