import { StorageKeys } from '../../src/domain/ports/storage.port';
import { HomeViewModel } from '../../src/ui/screens/catalogue/home.view-model';
import { Screen } from '../../src/ui/shared/screen';
import { sessionOver } from '../builders/session';
import { aMember } from '../builders/session-user.builder';
import { FakeClock } from '../fakes/fake-clock';
import { answer, FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';

function setUp() {
  const http = new FakeHttp();
  const storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' });
  const session = sessionOver(http, storage, new FakeClock());
  session.loggedIn(aMember().withName('Siti Aminah').build(), 'tok-1');
  const notifier = new RecordingNotifier();
  const navigation = new RecordingNavigation();
  return {
    http,
    session,
    notifier,
    navigation,
    vm: new HomeViewModel(new Screen(notifier, navigation, session)),
  };
}

describe('HomeViewModel', () => {
  it('greets the member by name', () => {
    expect(setUp().vm.memberName).toBe('Siti Aminah');
  });

  it('logs out: toast, session ended, /login replacing history', async () => {
    const { http, session, notifier, navigation, vm } = setUp();
    http.on('logout', answer(undefined));
    await vm.logout();
    expect(notifier.last?.message).toEqual({ key: 'session.logoutSuccess' });
    expect(session.status).toBe('unauthenticated');
    expect(navigation.visits).toEqual([{ path: '/login', replace: true }]);
  });

  it('when the server call fails: failure toast, still logged out locally', async () => {
    const { http, session, notifier, navigation, vm } = setUp();
    http.failNetwork('logout');
    await vm.logout();
    expect(notifier.last).toEqual({
      kind: 'error',
      message: { key: 'session.logoutFailed' },
      autoCloseMs: undefined,
    });
    expect(session.user).toBeNull();
    expect(navigation.current).toBe('/login');
  });
});
