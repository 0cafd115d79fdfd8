import type { ProfileDto } from '../../src/contract/api';
import { profileData } from '../builders/profile-data';
import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { QueryCache } from '../../src/domain/query-cache';
import { loaded, setUp } from './profile.view-model.support';

describe('ProfileViewModel: loading', () => {
  it('starts loading, then displays the profile', async () => {
    const { vm } = setUp();
    expect(vm.status).toBe('loading');

    await vm.load();

    expect(vm.status).toBe('displayed');
    expect([vm.name, vm.phoneNo, vm.icOrPassport, vm.userId]).toEqual([
      'Aminah binti Ali',
      '60123456789',
      '900101145678',
      'u-42',
    ]);
    expect(vm.memberSince?.toISOString()).toBe('2025-03-14T08:00:00.000Z');
  });

  it('gives null (shown as N/A) for every missing value, and for an unreadable date', async () => {
    const http = new FakeHttp().on('profile', answer({ created_at: 'not a date' } as ProfileDto));
    const { vm } = await loaded(http);

    expect(vm.status).toBe('displayed');
    expect([vm.name, vm.phoneNo, vm.icOrPassport, vm.userId, vm.memberSince]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("toasts the failure code's text when the fetch fails, for 3 s", async () => {
    const http = new FakeHttp().on('profile', failure('AUTH_SESSION_ENDED'));
    const { vm, notifier } = await loaded(http);

    expect(vm.status).toBe('failed');
    expect(vm.name).toBeNull();
    expect(notifier.toasts).toEqual([
      { kind: 'error', message: { key: 'session.expired' }, autoCloseMs: 3000 },
    ]);
  });

  it("falls back to 'Failed to fetch profile data' when there was no answer", async () => {
    const { notifier } = await loaded(new FakeHttp().failNetwork('profile'));

    expect(notifier.toasts).toEqual([
      { kind: 'error', message: { key: 'profile.toast.fetchFailed' }, autoCloseMs: 3000 },
    ]);
  });

  it('ignores an answer that arrives after dispose', async () => {
    let reply: (() => void) | undefined;
    const http = new FakeHttp().on(
      'profile',
      () =>
        new Promise((resolve) => {
          reply = () => resolve(failure('INTERNAL_ERROR'));
        }),
    );
    const { vm, notifier } = setUp(http);

    const loading = vm.load();
    vm.dispose();
    reply!();
    await loading;

    expect(vm.status).toBe('loading');
    expect(notifier.toasts).toEqual([]);
  });
});

describe('ProfileViewModel: the data cache', () => {
  it('shows a profile read within 5 minutes at once, then the fresh read', async () => {
    const http = new FakeHttp()
      .once('profile', answer(profileData))
      .on('profile', answer({ ...profileData, name: 'Aminah A.' }));
    const clock = new FakeClock();
    const cache = new QueryCache(clock);
    await setUp(http, cache).vm.load();

    await clock.advance(4 * 60_000);
    const { vm } = setUp(http, cache);
    const loading = vm.load();
    expect(vm.status).toBe('displayed');
    expect(vm.name).toBe('Aminah binti Ali');
    await loading;
    expect(vm.name).toBe('Aminah A.');

    // Five minutes after its last use the cached profile is gone.
    await clock.advance(5 * 60_000);
    const later = setUp(http, cache).vm;
    void later.load();
    expect(later.status).toBe('loading');
  });
});

describe('ProfileViewModel: navigation', () => {
  it("'Home' goes to /payment", async () => {
    const { vm, navigation } = await loaded();

    vm.goHome();

    expect(navigation.visits).toEqual([{ path: '/payment', replace: false }]);
  });
});
