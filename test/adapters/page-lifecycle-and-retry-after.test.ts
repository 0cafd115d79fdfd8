import { browserPageLifecycle, parseRetryAfter } from '../../src/adapters/fetch-http.adapter';
import { FakeClock } from '../fakes/fake-clock';

describe('browserPageLifecycle', () => {
  /** The window is a third-party edge: a map of listeners stands in for it. */
  function pageWith(clock: FakeClock) {
    const listeners = new Map<string, () => void>();
    const target = {
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    } as unknown as Pick<Window, 'addEventListener'>;
    const fire = (type: string) => listeners.get(type)?.();
    return { leaving: browserPageLifecycle(clock, 5000, target), fire };
  }

  it.each(['beforeunload', 'pagehide'])(
    'marks the page as leaving on %s, for 5 s on the clock',
    async (event) => {
      const clock = new FakeClock();
      const { leaving, fire } = pageWith(clock);
      expect(leaving()).toBe(false);
      fire(event);
      expect(leaving()).toBe(true);
      await clock.advance(4999);
      expect(leaving()).toBe(true);
      await clock.advance(1);
      expect(leaving()).toBe(false);
      expect(clock.pendingTimers).toBe(0);
    },
  );

  it('pageshow (the page stayed or came back) clears the mark and its timer', () => {
    const clock = new FakeClock();
    const { leaving, fire } = pageWith(clock);
    fire('beforeunload');
    fire('pagehide');
    expect(clock.pendingTimers).toBe(1);
    fire('pageshow');
    expect(leaving()).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 9, 0, 0);
  it.each([
    [null, undefined],
    ['', undefined],
    ['120', 120],
    ['Thu, 01 Jan 2026 09:01:30 GMT', 90],
    ['soon', undefined],
  ])('%p -> %p', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});
