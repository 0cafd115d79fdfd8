import { watchSessionOver } from '../builders/session';
import { aMember } from '../builders/session-user.builder';
import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import { QueryCache } from '../../src/domain/query-cache';
import {
  SESSION_CHECK_INTERVAL_MS,
  type SessionState,
} from '../../src/domain/use-cases/watch-session.use-case';

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

describe('WatchSessionUseCase', () => {
  it('checks a stored token now, then every 10 s (advance 10 s, see one check)', async () => {
    const { http, clock, session } = setUp('tok-1');
    http.on('sessionCheck', answer(aMember().buildDto()));

    session.execute();
    expect(session.state).toEqual({ status: 'loading', user: null, token: 'tok-1' });
    await flushPromises();
    expect(session.state).toEqual({
      status: 'authenticated',
      user: aMember().build(),
      token: 'tok-1',
    });
    expect(http.callsTo('sessionCheck')).toHaveLength(1);

    await clock.advance(SESSION_CHECK_INTERVAL_MS - 1);
    expect(http.callsTo('sessionCheck')).toHaveLength(1);
    await clock.advance(1);
    expect(http.callsTo('sessionCheck')).toHaveLength(2);
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
      .once('sessionCheck', answer(aMember().buildDto()))
      .on('sessionCheck', failure('AUTH_SESSION_ENDED'));
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
    expect(http.callsTo('sessionCheck')).toHaveLength(2);
  });

  it('a check cut off by leaving the page (interrupted) keeps the session and the checks', async () => {
    const { http, clock, storage, session } = setUp('tok-1');
    http
      .once('sessionCheck', answer(aMember().buildDto()))
      .on('sessionCheck', failure('INTERRUPTED'));
    session.execute();
    await clock.advance(SESSION_CHECK_INTERVAL_MS);
    expect(http.callsTo('sessionCheck')).toHaveLength(2);
    expect(session.state.status).toBe('authenticated');
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
    expect(clock.pendingTimers).toBe(1);
    session.dispose();
  });

  it('a network failure (not interrupted) logs out locally', async () => {
    const { http, clock, session } = setUp('tok-1');
    http.failNetwork('sessionCheck');
    session.execute();
    await flushPromises();
    expect(session.state.status).toBe('unauthenticated');
    expect(clock.pendingTimers).toBe(0);
  });

  it('loggedIn starts the 10 s checks with the new token', async () => {
    const { http, clock, session } = setUp(null);
    http.on('sessionCheck', answer(aMember().buildDto()));
    session.execute();
    session.loggedIn(aMember().build(), 'tok-2');
    expect(session.state.status).toBe('authenticated');
    await clock.advance(SESSION_CHECK_INTERVAL_MS);
    expect(http.callsTo('sessionCheck').map((call) => call.token)).toEqual(['tok-2']);
    session.dispose();
  });

  it('logout ends the session locally even when the server call fails, and answers whether it confirmed', async () => {
    const { http, clock, session } = setUp('tok-1');
    http.on('sessionCheck', answer(aMember().buildDto()));
    http.failNetwork('logout');
    session.execute();
    await flushPromises();
    expect(await session.logout()).toBe(false);
    expect(session.state).toEqual({ status: 'unauthenticated', user: null, token: null });
    expect(clock.pendingTimers).toBe(0);
  });

  it('an answer to a check of a token that has since changed is ignored', async () => {
    const { http, session } = setUp('tok-1');
    let reply: (() => void) | undefined;
    http.on(
      'sessionCheck',
      () =>
        new Promise((resolve) => {
          reply = () => resolve(failure('AUTH_SESSION_ENDED'));
        }),
    );
    session.execute();
    session.loggedIn(aMember().withName('New').build(), 'tok-2');
    reply?.();
    await flushPromises();
    expect(session.state.status).toBe('authenticated');
    expect(session.state.token).toBe('tok-2');
    session.dispose();
  });
});
