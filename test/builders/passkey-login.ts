import { PasskeyAutofillUseCase } from '../../src/domain/use-cases/passkey-autofill.use-case';
import { PasskeyLoginUseCase } from '../../src/domain/use-cases/passkey-login.use-case';
import { LoginUseCase } from '../../src/domain/use-cases/login.use-case';
import { LoginViewModel } from '../../src/ui/screens/login/login.view-model';
import { Screen } from '../../src/ui/shared/screen';
import { FakeClock } from '../fakes/fake-clock';
import type { FakeHttp } from '../fakes/fake-http';
import { FakePasskeys } from '../fakes/fake-passkeys';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';
import { sessionOver } from './session';

/** The login screen's passkey use cases (button, autofill) over the given fakes. */
export const passkeyLoginOver = (
  http: FakeHttp,
  storage: InMemoryStorage,
  clock: FakeClock,
  passkeys = new FakePasskeys(),
): [PasskeyLoginUseCase, PasskeyAutofillUseCase] => {
  const login = new PasskeyLoginUseCase(http, storage, passkeys);
  return [login, new PasskeyAutofillUseCase(login, clock)];
};

/** The login screen's view-model over fresh fakes: `http` as given, storage, clock, session. */
export function loginViewModelOver(http: FakeHttp, passkeys = new FakePasskeys()) {
  const storage = new InMemoryStorage();
  const clock = new FakeClock();
  const session = sessionOver(http, storage, clock);
  const notifier = new RecordingNotifier();
  const navigation = new RecordingNavigation();
  const vm = new LoginViewModel(
    new LoginUseCase(http, storage),
    new Screen(notifier, navigation, session),
    ...passkeyLoginOver(http, storage, clock, passkeys),
  );
  return { http, storage, clock, passkeys, session, notifier, navigation, vm };
}
