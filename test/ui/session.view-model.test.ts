import { StorageKeys } from '../../src/domain/ports/storage.port';
import { SESSION_CHECK_INTERVAL_MS } from '../../src/domain/use-cases/watch-session.use-case';
import { sessionOver } from '../builders/session';
import { aMember } from '../builders/session-user.builder';
import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';

function setUp(storedToken: string | null) {
  const http = new FakeHttp();
  const storage = new InMemoryStorage(storedToken ? { [StorageKeys.token]: storedToken } : {});
  const clock = new FakeClock();
  const session = sessionOver(http, storage, clock);
  return { http, storage, clock, session };
}

/** Logged out everywhere: no member or token in memory, storage or the HTTP header, no timer left. */
function expectLoggedOut({ http, storage, clock, session }: ReturnType<typeof setUp>): void {
  expect(session.status).toBe('unauthenticated');
  expect(session.user).toBeNull();
  expect(session.token).toBeNull();
  expect(storage.get(StorageKeys.token)).toBeNull();
  expect(http.token).toBeNull();
  expect(clock.pendingTimers).toBe(0);
}

describe('SessionViewModel', () => {
  it('starts loading', () => {
    expect(setUp(null).session.status).toBe('loading');
  });

  it('without a stored token ends loading at once, with no call and no timer', () => {
    const { http, clock, session } = setUp(null);
    session.start();
    expect(session.status).toBe('unauthenticated');
    expect(http.calls).toHaveLength(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('with a stored token sets the bearer, checks at once and sets the user on status 1 with data', async () => {
    const { http, session } = setUp('tok-1');
    http.on('sessionCheck', answer(aMember().buildDto()));

    session.start();
    expect(session.status).toBe('loading');
    await flushPromises();

    expect(http.callsTo('sessionCheck')).toHaveLength(1);
    expect(http.calls[0].token).toBe('tok-1');
    expect(session.status).toBe('authenticated');
    expect(session.user).toEqual(aMember().build());
    expect(session.token).toBe('tok-1');
    expect(session.isAuthenticated).toBe(true);
  });

  it('re-checks every 10 s', async () => {
    const { http, clock, session } = setUp('tok-1');
    http.on('sessionCheck', answer(aMember().buildDto()));
    session.start();
    await flushPromises();

    await clock.advance(SESSION_CHECK_INTERVAL_MS - 1);
    expect(http.callsTo('sessionCheck')).toHaveLength(1);
    await clock.advance(1);
    expect(http.callsTo('sessionCheck')).toHaveLength(2);
    await clock.advance(2 * SESSION_CHECK_INTERVAL_MS);
    expect(http.callsTo('sessionCheck')).toHaveLength(4);
  });

  it('takes up a changed name from a later check', async () => {
    const { http, clock, session } = setUp('tok-1');
    http
      .once('sessionCheck', answer(aMember().buildDto()))
      .on('sessionCheck', answer(aMember().withName('Siti A.').buildDto()));
    session.start();
    await clock.advance(SESSION_CHECK_INTERVAL_MS);
    expect(session.user?.name).toBe('Siti A.');
  });

  it.each([
    [
      'an ended session',
      (http: FakeHttp) => http.on('sessionCheck', failure('AUTH_SESSION_ENDED')),
    ],
    ['a network failure', (http: FakeHttp) => http.failNetwork('sessionCheck')],
  ])('logs out locally on %s of a later check and stops checking', async (_case, breakIt) => {
    const fixture = setUp('tok-1');
    const { http, clock, session } = fixture;
    http.once('sessionCheck', answer(aMember().buildDto()));
    breakIt(http);
    session.start();
    await flushPromises();
    expect(session.status).toBe('authenticated');

    await clock.advance(SESSION_CHECK_INTERVAL_MS);

    expectLoggedOut(fixture);
  });

  it('ends loading as unauthenticated when the first check fails', async () => {
    const { http, session } = setUp('tok-1');
    http.on('sessionCheck', failure('AUTH_SESSION_ENDED'));
    session.start();
    await flushPromises();
    expect(session.status).toBe('unauthenticated');
  });

  it('loggedIn sets the member and starts the 10 s re-check', async () => {
    const { http, clock, session } = setUp(null);
    http.on('sessionCheck', answer(aMember().buildDto()));
    session.start();

    session.loggedIn(aMember().build(), 'tok-2');

    expect(session.isAuthenticated).toBe(true);
    await clock.advance(SESSION_CHECK_INTERVAL_MS);
    expect(http.callsTo('sessionCheck')).toHaveLength(1);
    expect(http.calls[0].token).toBe('tok-2');
  });

  it.each([
    ['succeeds', (http: FakeHttp) => http.on('logout', answer(undefined)), true],
    ['fails', (http: FakeHttp) => http.failNetwork('logout'), false],
  ])(
    'logout clears user, token, stored token and header when the server call %s',
    async (_case, script, confirmed) => {
      const fixture = setUp('tok-1');
      const { http, session } = fixture;
      http.on('sessionCheck', answer(aMember().buildDto()));
      script(http);
      session.start();
      await flushPromises();

      const confirmedByServer = await session.logout();

      expect(confirmedByServer).toBe(confirmed);
      expect(http.callsTo('logout')).toHaveLength(1);
      expectLoggedOut(fixture);
    },
  );

  it('ignores a check answer that arrives after logout', async () => {
    const { http, session } = setUp('tok-1');
    let reply: (() => void) | undefined;
    http.on(
      'sessionCheck',
      () =>
        new Promise((resolve) => {
          reply = () => resolve(answer(aMember().buildDto()));
        }),
    );
    http.on('logout', answer(undefined));
    session.start();
    await session.logout();

    reply?.();
    await flushPromises();

    expect(session.status).toBe('unauthenticated');
    expect(session.user).toBeNull();
  });

  it('dispose cancels the re-check', async () => {
    const { http, clock, session } = setUp('tok-1');
    http.on('sessionCheck', answer(aMember().buildDto()));
    session.start();
    session.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('stays logged in when a re-check is cut off by the page being left', async () => {
    const { http, clock, storage, session } = setUp('tok-1');
    http
      .once('sessionCheck', answer(aMember().buildDto()))
      .on('sessionCheck', failure('INTERRUPTED'));
    session.start();
    await clock.advance(SESSION_CHECK_INTERVAL_MS);

    expect(http.callsTo('sessionCheck')).toHaveLength(2);
    expect(session.status).toBe('authenticated');
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
  });
});
