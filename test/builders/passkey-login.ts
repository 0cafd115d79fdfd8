import { PasskeyAutofillUseCase } from '../../src/domain/use-cases/passkey-autofill.use-case';
import { PasskeyLoginUseCase } from '../../src/domain/use-cases/passkey-login.use-case';
import type { FakeClock } from '../fakes/fake-clock';
import type { FakeHttp } from '../fakes/fake-http';
import { FakePasskeys } from '../fakes/fake-passkeys';
import type { InMemoryStorage } from '../fakes/in-memory-storage';

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
