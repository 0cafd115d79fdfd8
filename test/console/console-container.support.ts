import type { Container } from 'inversify';
import { createConsoleContainer } from '../../console/src/ui/shell/container';
import { ConsoleSessionViewModel } from '../../console/src/ui/shared/session.view-model';
import type { OpsRole } from '../../src/contract/ops-roles';
import { FakeClock } from '../fakes/fake-clock';
import { flushPromises } from '../fakes/fake-clock';
import { FakeConsolePasskeys } from './fake-console-passkeys';
import { FakeOpsHttp, answer, sessionFor } from './fake-ops-http';

/**
 * The console's real container on a fake HTTP port, a fake clock, scripted passkeys and
 * in-memory preferences.
 */
export function consoleContainer() {
  const clock = new FakeClock();
  const http = new FakeOpsHttp();
  const passkeys = new FakeConsolePasskeys();
  const saved = new Map<string, string>();
  const container: Container = createConsoleContainer({
    http,
    clock,
    passkeys,
    preferences: {
      get: (key) => saved.get(key) ?? null,
      set: (key, value) => saved.set(key, value),
    },
    themeRoot: { apply: () => undefined },
  });
  return { clock, http, passkeys, container };
}

/** The same, with `role` signed in (the cookie's session restored). */
export async function signedInAs(role: OpsRole) {
  const setup = consoleContainer();
  setup.http.once('session', answer(sessionFor(role, setup.clock.now())));
  const session = setup.container.get(ConsoleSessionViewModel);
  session.start();
  await flushPromises();
  return { ...setup, session };
}
