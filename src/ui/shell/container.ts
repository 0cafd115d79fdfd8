import { Container, type Newable } from 'inversify';
import { FetchHttpAdapter, browserPageLifecycle } from '../../adapters/fetch-http.adapter';
import { LocalStorageAdapter } from '../../adapters/local-storage.adapter';
import { SystemClock } from '../../contract/clock';
import { WebAuthnPasskeyAdapter } from '../../adapters/webauthn-passkey.adapter';
import { PASSKEY_PORT, type PasskeyPort } from '../../domain/ports/passkey.port';
import { FILE_SAVER_PORT, type FileSaverPort } from '../../domain/ports/file-saver.port';
import { PRINTER_PORT, type PrinterPort } from '../../domain/ports/printer.port';
import { GATEWAY_PORT, type GatewayPort } from '../../domain/ports/gateway.port';
import { CLOCK_PORT, type Clock } from '../../domain/ports/clock.port';
import { HTTP_PORT, type HttpPort } from '../../domain/ports/http.port';
import {
  SESSION_STORAGE_PORT,
  STORAGE_PORT,
  type StoragePort,
} from '../../domain/ports/storage.port';
import { CheckSessionUseCase } from '../../domain/use-cases/check-session.use-case';
import { LoginUseCase } from '../../domain/use-cases/login.use-case';
import { LogoutUseCase } from '../../domain/use-cases/logout.use-case';
import { PasskeyAutofillUseCase } from '../../domain/use-cases/passkey-autofill.use-case';
import { PasskeyLoginUseCase } from '../../domain/use-cases/passkey-login.use-case';
import { WatchSessionUseCase } from '../../domain/use-cases/watch-session.use-case';
import { QueryCache } from '../../domain/query-cache';
import { CLIPBOARD, type Clipboard } from '../screens/payment-status/clipboard';
import { LoginViewModel } from '../screens/login/login.view-model';
import {
  THEME_ROOT,
  THEME_STORE,
  ThemeViewModel,
  documentThemeRoot,
} from '../../ui-kit/theme.view-model';
import { readConfig, type AppConfig } from '../shared/config';
import { i18next } from './i18n';
import { NAVIGATION, type Navigation } from '../shared/navigation';
import { NOTIFIER, type Notifier } from '../shared/notifier';
import { LocationNavigation } from './router-navigation';
import { SessionViewModel } from '../shared/session.view-model';
import { Screen } from '../shared/screen';
import { ToastNotifier } from './toast-notifier';
import { bindUseCases, type UseCaseBinding } from './use-case-bindings';
import {
  CHECK_SESSION_USE_CASE,
  LOGIN_USE_CASE,
  LOGOUT_USE_CASE,
  WATCH_SESSION_USE_CASE,
  QUERY_CACHE,
  PASSKEY_AUTOFILL_USE_CASE,
  PASSKEY_LOGIN_USE_CASE,
} from '../shared/tokens';

/** What tests (and index.tsx) may replace: the app's edges. */
export interface ContainerOverrides {
  config?: AppConfig;
  http?: HttpPort;
  storage?: StoragePort;
  /** The tab's session storage (bound with the sign-up screens unless given here). */
  sessionStorage?: StoragePort;
  clock?: Clock;
  notifier?: Notifier;
  navigation?: Navigation;
  gateway?: GatewayPort;
  clipboard?: Clipboard;
  fileSaver?: FileSaverPort;
  printer?: PrinterPort;
  passkeys?: PasskeyPort;
}

/**
 * The view-models of the screens in the first bundle (login), bound transient (a fresh one per
 * mount, see useViewModel in di.tsx); the lazily loaded screens' are in account-bindings.ts and
 * member-bindings.ts. Add a screen's view-model to its bundle's list; test/ui/container.test.ts
 * resolves every entry.
 */
export const SCREEN_VIEW_MODELS: Newable<object>[] = [LoginViewModel];

/** The use cases of the login page and of the session. */
const PUBLIC_USE_CASES: UseCaseBinding[] = [
  [LOGIN_USE_CASE, (d) => new LoginUseCase(d.http, d.storage)],
  [LOGOUT_USE_CASE, (d) => new LogoutUseCase(d.http, d.storage)],
  [CHECK_SESSION_USE_CASE, (d) => new CheckSessionUseCase(d.http, d.storage)],
  [PASSKEY_LOGIN_USE_CASE, (d) => new PasskeyLoginUseCase(d.http, d.storage, d.passkeys)],
  [
    PASSKEY_AUTOFILL_USE_CASE,
    (d) => new PasskeyAutofillUseCase(d.get(PASSKEY_LOGIN_USE_CASE), d.clock),
  ],
];

/**
 * The composition root: the only place that binds, with account-bindings.ts and
 * member-bindings.ts for the screens that load later. A fresh container per call.
 */
export function createContainer(overrides: ContainerOverrides = {}): Container {
  const container = new Container({ defaultScope: 'Transient' });
  const config = overrides.config ?? readConfig();

  // Ports and the app's other edges, each the override when one is given.
  const clock = overrides.clock ?? new SystemClock();
  const edges: [symbol, unknown][] = [
    [
      HTTP_PORT,
      overrides.http ?? new FetchHttpAdapter(config.http, undefined, browserPageLifecycle(clock)),
    ],
    [STORAGE_PORT, overrides.storage ?? new LocalStorageAdapter()],
    [CLOCK_PORT, clock],
    [NOTIFIER, overrides.notifier ?? new ToastNotifier(i18next)],
    [NAVIGATION, overrides.navigation ?? new LocationNavigation()],
    [PASSKEY_PORT, overrides.passkeys ?? new WebAuthnPasskeyAdapter()],
    // One theme for the whole page; the root is <html data-theme>.
    [THEME_ROOT, documentThemeRoot],
    // Edges only the lazily loaded screens use: their adapters are bound with them
    // (account-bindings.ts, member-bindings.ts), unless replaced here.
    [SESSION_STORAGE_PORT, overrides.sessionStorage],
    [GATEWAY_PORT, overrides.gateway],
    [CLIPBOARD, overrides.clipboard],
    [FILE_SAVER_PORT, overrides.fileSaver],
    [PRINTER_PORT, overrides.printer],
  ];
  for (const [token, value] of edges) {
    if (value !== undefined) container.bind(token).toConstantValue(value);
  }

  // Use cases: plain classes (domain knows nothing of inversify), built from their ports.
  container
    .bind(QUERY_CACHE)
    .toDynamicValue((ctx) => new QueryCache(ctx.get<Clock>(CLOCK_PORT)))
    .inSingletonScope();
  bindUseCases(container, PUBLIC_USE_CASES);
  // One session per app, like the SessionViewModel that renders it.
  container
    .bind(WATCH_SESSION_USE_CASE)
    .toDynamicValue(
      (ctx) =>
        new WatchSessionUseCase(
          ctx.get(CHECK_SESSION_USE_CASE),
          ctx.get(LOGOUT_USE_CASE),
          ctx.get<StoragePort>(STORAGE_PORT),
          ctx.get<Clock>(CLOCK_PORT),
          ctx.get<QueryCache>(QUERY_CACHE),
        ),
    )
    .inSingletonScope();

  // View-models
  container.bind(SessionViewModel).toSelf().inSingletonScope();
  container.bind(Screen).toSelf().inSingletonScope();
  // The theme is kept in the member's storage, as their other preferences are.
  container.bind(THEME_STORE).toService(STORAGE_PORT);
  container.bind(ThemeViewModel).toSelf().inSingletonScope();
  for (const viewModel of SCREEN_VIEW_MODELS) container.bind(viewModel).toSelf();

  return container;
}
