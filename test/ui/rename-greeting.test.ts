import { StorageKeys } from '../../src/domain/ports/storage.port';
import type { UpdateProfileUseCase } from '../../src/domain/use-cases/update-profile.use-case';
import { HomeViewModel } from '../../src/ui/screens/catalogue/home.view-model';
import { SessionViewModel } from '../../src/ui/shared/session.view-model';
import { UPDATE_PROFILE_USE_CASE } from '../../src/ui/shared/tokens';
import { aMember } from '../builders/session-user.builder';
import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { answer, FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';
import { createAppContainer } from './app-container.support';

/** The app as wired, a member signed in as Siti Aminah. */
function signedIn() {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const container = createAppContainer({
    http,
    clock,
    storage: new InMemoryStorage({ [StorageKeys.token]: 'tok-1' }),
    notifier: new RecordingNotifier(),
    navigation: new RecordingNavigation(),
  });
  const session = container.get(SessionViewModel);
  session.loggedIn(aMember().withName('Siti Aminah').build(), 'tok-1');
  const update = container.get<UpdateProfileUseCase>(UPDATE_PROFILE_USE_CASE);
  return { http, clock, container, session, update };
}

describe('a rename reaches the home greeting at once', () => {
  it('greets by the new name as soon as the save answers, before any session check', async () => {
    const { http, container, update } = signedIn();
    http.on('updateProfile', answer(undefined));
    await update.execute({ name: 'Siti Rahman' });
    expect(container.get(HomeViewModel).memberName).toBe('Siti Rahman');
    expect(http.callsTo('sessionCheck')).toHaveLength(0);
  });

  it('keeps the new name when a check that left before the save answers with the old one', async () => {
    const { http, clock, container, session, update } = signedIn();
    let answerCheck: () => void = () => undefined;
    http.once(
      'sessionCheck',
      () =>
        new Promise((resolve) => {
          answerCheck = () => resolve(answer(aMember().withName('Siti Aminah').buildDto()));
        }),
    );
    http.on('updateProfile', answer(undefined));
    const checking = session.check();
    await flushPromises();
    await update.execute({ name: 'Siti Rahman' });
    answerCheck();
    await checking;
    expect(container.get(HomeViewModel).memberName).toBe('Siti Rahman');

    // The next check reads the server's (new) name as usual.
    http.on('sessionCheck', answer(aMember().withName('Siti Rahman').buildDto()));
    await clock.advance(10_000);
    expect(session.user?.name).toBe('Siti Rahman');
    expect(session.status).toBe('authenticated');
  });

  it('also takes a new phone number, and changes nothing on a refused save', async () => {
    const { http, session, update } = signedIn();
    http.once('updateProfile', answer(undefined));
    await update.execute({ phone_no: '60198765432' });
    expect(session.user?.phoneNo).toBe('60198765432');
    http.on('updateProfile', { ok: false, error: { code: 'VALIDATION_FAILED', httpStatus: 400 } });
    await update.execute({ name: 'Someone Else' });
    expect(session.user?.name).toBe('Siti Aminah');
  });
});
