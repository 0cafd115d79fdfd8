import { watchSessionOver } from '../builders/session';
import { aMember } from '../builders/session-user.builder';
import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { HttpError } from '../../src/domain/ports/http.port';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import { QueryCache } from '../../src/domain/query-cache';
import {
  SESSION_CHECK_INTERVAL_MS,
  type SessionState,
} from '../../src/domain/use-cases/watch-session.use-case';

const CHECK = '/service/session-check';

function setUp(storedToken: string | null) {
  const http = new FakeHttp();
  const storage = new InMemoryStorage(storedToken ? { [StorageKeys.token]: storedToken } : {});
  const clock = new FakeClock();
  const cache = new QueryCache(clock);
  const session = watchSessionOver(http, storage, clock, cache);
  const states: SessionState[] = [];
  session.subscribe((state) => states.push(state));
  return { http, storage, clock, cache, session, states };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('WatchSessionUseCase', () => {
  it('checks a stored token now, then every 10 s (advance 10 s, see one check)', async () => {
    const { http, clock, session } = setUp('tok-1');
    http.on('POST', CHECK, { data: aMember().buildDto() });

    session.execute();
    expect(session.state).toEqual({ status: 'loading', user: null, token: 'tok-1' });
    await flushPromises();
    expect(session.state).toEqual({
      status: 'authenticated',
      user: aMember().build(),
      token: 'tok-1',
    });
    expect(http.callsTo('POST', CHECK)).toHaveLength(1);

    await clock.advance(SESSION_CHECK_INTERVAL_MS - 1);
    expect(http.callsTo('POST', CHECK)).toHaveLength(1);
    await clock.advance(1);
    expect(http.callsTo('POST', CHECK)).toHaveLength(2);
    session.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('without a token: unauthenticated at once, no call, no timer', () => {
    const { http, clock, session, states } = setUp(null);
    session.execute();
    expect(states).toEqual([{ status: 'unauthenticated', user: null, token: null }]);
    expect(http.calls).toHaveLength(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('a refused check logs out locally, stops checking and empties the data cache', async () => {
    const { http, clock, storage, cache, session } = setUp('tok-1');
    http
      .once('POST', CHECK, { data: aMember().buildDto() })
      .on('POST', CHECK, { httpStatus: 401, status: 0, message: 'Expired' });
    await cache.fetch('profile', async () => ({ ok: true, value: 'cached' }));
    session.execute();
    await flushPromises();

    await clock.advance(SESSION_CHECK_INTERVAL_MS);

    // endedByCheck: the login page tells the member why they are there.
    expect(session.state).toEqual({
      status: 'unauthenticated',
      user: null,
      token: null,
      endedByCheck: true,
    });
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(http.token).toBeNull();
    expect(cache.peek('profile')).toBeUndefined();
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(5 * SESSION_CHECK_INTERVAL_MS);
    expect(http.callsTo('POST', CHECK)).toHaveLength(2);
  });

  it('a check cut off by leaving the page (interrupted) keeps the session and the checks', async () => {
    const { http, clock, storage, session } = setUp('tok-1');
    http.once('POST', CHECK, { data: aMember().buildDto() }).on('POST', CHECK, () => {
      throw new HttpError('Failed to fetch', 'interrupted');
    });
    session.execute();
    await clock.advance(SESSION_CHECK_INTERVAL_MS);
    expect(http.callsTo('POST', CHECK)).toHaveLength(2);
    expect(session.state.status).toBe('authenticated');
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
    expect(clock.pendingTimers).toBe(1);
    session.dispose();
  });

  it('a network failure (not interrupted) logs out locally', async () => {
    const { http, clock, session } = setUp('tok-1');
    http.failNetwork('POST', CHECK);
    session.execute();
    await flushPromises();
    expect(session.state.status).toBe('unauthenticated');
    expect(clock.pendingTimers).toBe(0);
  });

  it('loggedIn starts the 10 s checks with the new token', async () => {
    const { http, clock, session } = setUp(null);
    http.on('POST', CHECK, { data: aMember().buildDto() });
    session.execute();
    session.loggedIn(aMember().build(), 'tok-2');
    expect(session.state.status).toBe('authenticated');
    await clock.advance(SESSION_CHECK_INTERVAL_MS);
    expect(http.callsTo('POST', CHECK).map((call) => call.token)).toEqual(['tok-2']);
    session.dispose();
  });

  it('logout ends the session locally even when the server call fails, and answers whether it confirmed', async () => {
    const { http, clock, session } = setUp('tok-1');
    http.on('POST', CHECK, { data: aMember().buildDto() });
    http.failNetwork('POST', '/service/logout');
    session.execute();
    await flushPromises();
    expect(await session.logout()).toBe(false);
    expect(session.state).toEqual({ status: 'unauthenticated', user: null, token: null });
    expect(clock.pendingTimers).toBe(0);
  });

  it('an answer to a check of a token that has since changed is ignored', async () => {
    const { http, session } = setUp('tok-1');
    let answer: (() => void) | undefined;
    http.on(
      'POST',
      CHECK,
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ httpStatus: 401, status: 0, message: '' });
        }),
    );
    session.execute();
    session.loggedIn(aMember().withName('New').build(), 'tok-2');
    answer?.();
    await flushPromises();
    expect(session.state.status).toBe('authenticated');
    expect(session.state.token).toBe('tok-2');
    session.dispose();
  });
});
