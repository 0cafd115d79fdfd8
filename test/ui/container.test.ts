import { expectFreshPerGet, fakeEdges } from '../builders/container-edges';
import { CLOCK_PORT } from '../../src/domain/ports/clock.port';
import { HTTP_PORT } from '../../src/domain/ports/http.port';
import { STORAGE_PORT } from '../../src/domain/ports/storage.port';
import { FetchHttpAdapter } from '../../src/adapters/fetch-http.adapter';
import { LocalStorageAdapter } from '../../src/adapters/local-storage.adapter';
import { SystemClock } from '../../src/contract/clock';
import { createContainer, SCREEN_VIEW_MODELS } from '../../src/ui/shell/container';
import { bindMemberScreens, MEMBER_VIEW_MODELS } from '../../src/ui/shell/member-bindings';
import { ACCOUNT_VIEW_MODELS, bindAccountScreens } from '../../src/ui/shell/account-bindings';
import { LOGIN_USE_CASE, PAY_USE_CASE, REGISTER_USE_CASE } from '../../src/ui/shared/tokens';
import { GATEWAY_PORT } from '../../src/domain/ports/gateway.port';
import { PRINTER_PORT } from '../../src/domain/ports/printer.port';
import { FormPostGatewayAdapter } from '../../src/adapters/form-post-gateway.adapter';
import { LoginViewModel } from '../../src/ui/screens/login/login.view-model';
import { createAppContainer } from './app-container.support';
import { NAVIGATION } from '../../src/ui/shared/navigation';
import { NOTIFIER } from '../../src/ui/shared/notifier';
import { SessionViewModel } from '../../src/ui/shared/session.view-model';
import { ToastNotifier } from '../../src/ui/shell/toast-notifier';
import * as tokens from '../../src/ui/shared/tokens';

describe('createContainer', () => {
  it('resolves every use-case token once, with the later screens bound', () => {
    const container = createAppContainer(fakeEdges());
    const all = Object.values(tokens).filter((value) => typeof value === 'symbol');
    expect(all.length).toBeGreaterThan(0);
    for (const token of all) expect(container.get(token)).toBeDefined();
  });

  it('resolves every screen view-model, a fresh one each time', () => {
    const container = createAppContainer(fakeEdges());
    expectFreshPerGet(container, [
      ...SCREEN_VIEW_MODELS,
      ...ACCOUNT_VIEW_MODELS,
      ...MEMBER_VIEW_MODELS,
    ]);
  });

  it('binds the later screens only when their bundle binds them, and only once', () => {
    const container = createContainer(fakeEdges());
    expect(container.isBound(LOGIN_USE_CASE)).toBe(true);
    expect(container.isBound(LoginViewModel)).toBe(true);
    expect(container.isBound(PAY_USE_CASE)).toBe(false);
    expect(container.isBound(REGISTER_USE_CASE)).toBe(false);
    for (const viewModel of [...ACCOUNT_VIEW_MODELS, ...MEMBER_VIEW_MODELS]) {
      expect(container.isBound(viewModel)).toBe(false);
    }
    bindMemberScreens(container);
    bindMemberScreens(container);
    bindAccountScreens(container);
    bindAccountScreens(container);
    // Bound twice, a token would have two bindings and resolving it would throw.
    expect(container.get(PAY_USE_CASE)).toBeDefined();
    expect(container.get(REGISTER_USE_CASE)).toBeDefined();
    expectFreshPerGet(container, [...ACCOUNT_VIEW_MODELS, ...MEMBER_VIEW_MODELS]);
  });

  it('binds the member edges with the member screens, unless createContainer was given them', () => {
    const given = fakeEdges();
    const printer = { print: () => undefined };
    const container = createContainer({ ...given, printer });
    expect(container.isBound(GATEWAY_PORT)).toBe(false);
    bindMemberScreens(container);
    expect(container.get(GATEWAY_PORT)).toBeInstanceOf(FormPostGatewayAdapter);
    expect(container.get(PRINTER_PORT)).toBe(printer);
  });

  it('shares one session across the app, and a fresh one per container', () => {
    const container = createContainer(fakeEdges());
    const session = container.get(SessionViewModel);
    expect(container.get(SessionViewModel)).toBe(session);
    expect(createContainer(fakeEdges()).get(SessionViewModel)).not.toBe(session);
  });

  it('uses the overrides it is given', () => {
    const given = fakeEdges();
    const container = createContainer(given);
    expect(container.get(HTTP_PORT)).toBe(given.http);
    expect(container.get(STORAGE_PORT)).toBe(given.storage);
    expect(container.get(CLOCK_PORT)).toBe(given.clock);
    expect(container.get(NOTIFIER)).toBe(given.notifier);
    expect(container.get(NAVIGATION)).toBe(given.navigation);
  });

  it('binds the real adapters by default', () => {
    const container = createContainer();
    expect(container.get(HTTP_PORT)).toBeInstanceOf(FetchHttpAdapter);
    expect(container.get(STORAGE_PORT)).toBeInstanceOf(LocalStorageAdapter);
    expect(container.get(CLOCK_PORT)).toBeInstanceOf(SystemClock);
    expect(container.get(NOTIFIER)).toBeInstanceOf(ToastNotifier);
  });
});
