import { SessionBoundHttp } from '../../console/src/domain/session-bound-http';
import {
  EXPIRY_WARNING_MS,
  SessionKeeper,
  type SessionState,
} from '../../console/src/domain/use-cases/session-keeper.use-case';
import { FakeClock } from '../fakes/fake-clock';
import { FakeOpsHttp, answer, opsFailure, sessionFor } from './fake-ops-http';

const MINUTE = 60_000;

function setUp() {
  const clock = new FakeClock();
  const http = new FakeOpsHttp();
  const keeper = new SessionKeeper(http, clock);
  const states: SessionState[] = [];
  keeper.subscribe((state) => states.push(state));
  const warning = () => (keeper.current.kind === 'signed-in' ? keeper.current.warning : null);
  return { clock, http, keeper, states, warning };
}

const credentials = {
  email: 'admin@ops.example',
  password: 'correct horse battery',
  totp_code: '123456',
};

describe('SessionKeeper: sign-in and the idle warning', () => {
  it('signs in, keeps the CSRF token for later calls, and warns exactly a minute before the idle end', async () => {
    const { clock, http, keeper, warning } = setUp();
    http.on('signIn', answer(sessionFor('support', clock.now())));

    const result = await keeper.signIn(credentials);

    expect(result.ok).toBe(true);
    expect(http.callsTo('signIn')[0].request).toEqual(credentials);
    expect(http.csrf).toBe(`csrf-${clock.now()}`);
    expect(keeper.current.kind).toBe('signed-in');
    await clock.advance(14 * MINUTE - 1);
    expect(warning()).toBeNull();
    await clock.advance(1);
    expect(warning()).toBe('idle');
    await clock.advance(EXPIRY_WARNING_MS - 1);
    expect(keeper.current.kind).toBe('signed-in');
    await clock.advance(1);
    expect(keeper.current).toEqual({ kind: 'signed-out', ended: true });
    expect(http.csrf).toBeNull();
  });

  it('moves the warning on with every successful call of the pages', async () => {
    const { clock, http, keeper, warning } = setUp();
    http.on('signIn', answer(sessionFor('viewer', clock.now())));
    http.on('searchMembers', answer({ items: [], next_cursor: null }));
    await keeper.signIn(credentials);
    const pages = new SessionBoundHttp(http, keeper);

    await clock.advance(10 * MINUTE);
    await pages.call('searchMembers', { q: 'Siti' });
    await clock.advance(14 * MINUTE - 1);
    expect(warning()).toBeNull();
    await clock.advance(1);
    expect(warning()).toBe('idle');
  });

  it('does not count a refused call as use, and ends the session on a 401', async () => {
    const { clock, http, keeper, warning } = setUp();
    http.on('signIn', answer(sessionFor('viewer', clock.now())));
    http.once('searchMembers', opsFailure('VALIDATION_FAILED', { field: 'q' }));
    http.once('searchMembers', opsFailure('AUTH_REQUIRED'));
    await keeper.signIn(credentials);
    const pages = new SessionBoundHttp(http, keeper);

    await clock.advance(10 * MINUTE);
    await pages.call('searchMembers', { q: '' });
    await clock.advance(4 * MINUTE);
    expect(warning()).toBe('idle');
    await pages.call('searchMembers', { q: 'Siti' });
    expect(keeper.current).toEqual({ kind: 'signed-out', ended: true });
    expect(clock.pendingTimers).toBe(0);
  });

  it('"Stay signed in" asks GET /auth/session and takes its new ends', async () => {
    const { clock, http, keeper, warning } = setUp();
    http.on('signIn', answer(sessionFor('viewer', clock.now())));
    http.on('session', () => answer(sessionFor('viewer', clock.now())));
    await keeper.signIn(credentials);
    await clock.advance(14 * MINUTE);
    expect(warning()).toBe('idle');

    expect((await keeper.stay()).ok).toBe(true);

    expect(http.callsTo('session')).toHaveLength(1);
    expect(warning()).toBeNull();
    await clock.advance(14 * MINUTE - 1);
    expect(warning()).toBeNull();
    await clock.advance(1);
    expect(warning()).toBe('idle');
  });

  it('warns of the absolute end when it comes before the idle end, and no call moves it', async () => {
    const { clock, http, keeper, warning } = setUp();
    const now = clock.now();
    http.on(
      'signIn',
      answer(sessionFor('admin', now, { expires_at: new Date(now + 5 * MINUTE).toISOString() })),
    );
    await keeper.signIn(credentials);
    await clock.advance(4 * MINUTE);
    expect(warning()).toBe('absolute');
    keeper.touched();
    expect(warning()).toBe('absolute');
    await clock.advance(MINUTE);
    expect(keeper.current).toEqual({ kind: 'signed-out', ended: true });
  });

  it('restores the cookie session, or shows the sign-in page without the ended notice', async () => {
    const { clock, http, keeper } = setUp();
    http.once('session', opsFailure('AUTH_REQUIRED'));
    await keeper.restore();
    expect(keeper.current).toEqual({ kind: 'signed-out', ended: false });

    http.once('session', answer(sessionFor('finance', clock.now())));
    await keeper.restore();
    expect(keeper.current.kind).toBe('signed-in');
  });

  it('signs out on the server and cancels its timers', async () => {
    const { clock, http, keeper } = setUp();
    http.on('signIn', answer(sessionFor('viewer', clock.now())));
    http.on('signOut', answer(null));
    await keeper.signIn(credentials);

    await keeper.signOut();

    expect(http.callsTo('signOut')[0].csrf).toBe(`csrf-${clock.now()}`);
    expect(keeper.current).toEqual({ kind: 'signed-out', ended: false });
    expect(clock.pendingTimers).toBe(0);
  });
});
