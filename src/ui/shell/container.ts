import { Container, type Newable, type ResolutionContext } from 'inversify';
import { FetchHttpAdapter, browserPageLifecycle } from '../../adapters/fetch-http.adapter';
import { LocalStorageAdapter } from '../../adapters/local-storage.adapter';
import { SystemClockAdapter } from '../../adapters/system-clock.adapter';
import { FormPostGatewayAdapter } from '../../adapters/form-post-gateway.adapter';
import { BrowserFileSaverAdapter } from '../../adapters/browser-file-saver.adapter';
import { WindowPrintAdapter } from '../../adapters/window-print.adapter';
import { WebAuthnPasskeyAdapter } from '../../adapters/webauthn-passkey.adapter';
import { PASSKEY_PORT, type PasskeyPort } from '../../domain/ports/passkey.port';
import { bindSecurityUseCases } from './security-bindings';
import { SecurityViewModel } from '../screens/security/security.view-model';
import { FILE_SAVER_PORT, type FileSaverPort } from '../../domain/ports/file-saver.port';
import { PRINTER_PORT, type PrinterPort } from '../../domain/ports/printer.port';
import { DownloadReceiptUseCase } from '../../domain/use-cases/download-receipt.use-case';
import { ListPaymentHistoryUseCase } from '../../domain/use-cases/list-payment-history.use-case';
import { PaymentHistoryViewModel } from '../screens/payment-history/payment-history.view-model';
import { GATEWAY_PORT, type GatewayPort } from '../../domain/ports/gateway.port';
import { CLOCK_PORT, type ClockPort } from '../../domain/ports/clock.port';
import { HTTP_PORT, type HttpPort } from '../../domain/ports/http.port';
import { STORAGE_PORT, type StoragePort } from '../../domain/ports/storage.port';
import { CheckPhoneUseCase } from '../../domain/use-cases/check-phone.use-case';
import { CheckSessionUseCase } from '../../domain/use-cases/check-session.use-case';
import { LoginUseCase } from '../../domain/use-cases/login.use-case';
import { LogoutUseCase } from '../../domain/use-cases/logout.use-case';
import { RegisterUseCase } from '../../domain/use-cases/register.use-case';
import { ResetPasswordUseCase } from '../../domain/use-cases/reset-password.use-case';
import { SendSmsCodeUseCase } from '../../domain/use-cases/send-sms-code.use-case';
import { GetProfileUseCase } from '../../domain/use-cases/get-profile.use-case';
import { UpdateProfileUseCase } from '../../domain/use-cases/update-profile.use-case';
import { InitiatePaymentUseCase } from '../../domain/use-cases/initiate-payment.use-case';
import { PollPaymentUseCase } from '../../domain/use-cases/poll-payment.use-case';
import { GetTransactionUseCase } from '../../domain/use-cases/get-transaction.use-case';
import { PayUseCase } from '../../domain/use-cases/pay.use-case';
import { SmsCodeLifecycleUseCase } from '../../domain/use-cases/sms-code-lifecycle.use-case';
import { WatchPaymentUseCase } from '../../domain/use-cases/watch-payment.use-case';
import { WatchSessionUseCase } from '../../domain/use-cases/watch-session.use-case';
import { WatchTransactionUseCase } from '../../domain/use-cases/watch-transaction.use-case';
import { ListCatalogueUseCase } from '../../domain/use-cases/list-catalogue.use-case';
import { ToggleBookmarkUseCase } from '../../domain/use-cases/toggle-bookmark.use-case';
import { SubscribeNewsletterUseCase } from '../../domain/use-cases/subscribe-newsletter.use-case';
import { QueryCache } from '../../domain/query-cache';
import { PaymentViewModel } from '../screens/payment/payment.view-model';
import { PaymentStatusViewModel } from '../screens/payment-status/payment-status.view-model';
import { CLIPBOARD, NavigatorClipboard, type Clipboard } from '../screens/payment-status/clipboard';
import { ReturnViewModel } from '../screens/return/return.view-model';
import { ForgotPasswordViewModel } from '../screens/forgot-password/forgot-password.view-model';
import { HomeViewModel } from '../screens/catalogue/home.view-model';
import { CatalogueViewModel } from '../screens/catalogue/catalogue.view-model';
import { LoginViewModel } from '../screens/login/login.view-model';
import { SignUpViewModel } from '../screens/sign-up/sign-up.view-model';
import { ProfileViewModel } from '../screens/profile/profile.view-model';
import { WizardzViewModel } from '../screens/wizardz/wizardz.view-model';
import {
  THEME_ROOT,
  ThemeViewModel,
  documentThemeRoot,
  type ThemeRoot,
} from '../shared/theme.view-model';
import { readConfig, type AppConfig } from '../shared/config';
import { i18next } from './i18n';
import { NAVIGATION, type Navigation } from '../shared/navigation';
import { NOTIFIER, type Notifier } from '../shared/notifier';
import { LocationNavigation } from './router-navigation';
import { SessionViewModel } from '../shared/session.view-model';
import { Screen } from '../shared/screen';
import { ToastNotifier } from './toast-notifier';
import {
  CHECK_PHONE_USE_CASE,
  CHECK_SESSION_USE_CASE,
  LOGIN_USE_CASE,
  LOGOUT_USE_CASE,
  REGISTER_USE_CASE,
  RESET_PASSWORD_USE_CASE,
  SEND_SMS_CODE_USE_CASE,
  GET_PROFILE_USE_CASE,
  UPDATE_PROFILE_USE_CASE,
  INITIATE_PAYMENT_USE_CASE,
  POLL_PAYMENT_USE_CASE,
  GET_TRANSACTION_USE_CASE,
  PAY_USE_CASE,
  WATCH_PAYMENT_USE_CASE,
  WATCH_TRANSACTION_USE_CASE,
  WATCH_SESSION_USE_CASE,
  SMS_CODE_LIFECYCLE_USE_CASE,
  QUERY_CACHE,
  LIST_CATALOGUE_USE_CASE,
  TOGGLE_BOOKMARK_USE_CASE,
  SUBSCRIBE_NEWSLETTER_USE_CASE,
  LIST_PAYMENT_HISTORY_USE_CASE,
  DOWNLOAD_RECEIPT_USE_CASE,
} from '../shared/tokens';

/** What tests (and index.tsx) may replace: the app's edges. */
export interface ContainerOverrides {
  config?: AppConfig;
  http?: HttpPort;
  storage?: StoragePort;
  clock?: ClockPort;
  notifier?: Notifier;
  navigation?: Navigation;
  gateway?: GatewayPort;
  clipboard?: Clipboard;
  fileSaver?: FileSaverPort;
  printer?: PrinterPort;
  passkeys?: PasskeyPort;
}

/**
 * Screen view-models, bound transient (a fresh one per mount, see useViewModel in di.tsx).
 * Add a screen's view-model here; test/ui/container.test.ts resolves every entry.
 */
export const SCREEN_VIEW_MODELS: Newable<object>[] = [
  LoginViewModel,
  SignUpViewModel,
  ForgotPasswordViewModel,
  HomeViewModel,
  CatalogueViewModel,
  ProfileViewModel,
  WizardzViewModel,
  PaymentViewModel,
  PaymentStatusViewModel,
  ReturnViewModel,
  PaymentHistoryViewModel,
  SecurityViewModel,
];

/** The composition root: the only place that binds. A fresh container per call. */
export function createContainer(overrides: ContainerOverrides = {}): Container {
  const container = new Container({ defaultScope: 'Transient' });
  const config = overrides.config ?? readConfig();

  // Ports
  const clock = overrides.clock ?? new SystemClockAdapter();
  container
    .bind<HttpPort>(HTTP_PORT)
    .toConstantValue(
      overrides.http ?? new FetchHttpAdapter(config.http, undefined, browserPageLifecycle(clock)),
    );
  container
    .bind<StoragePort>(STORAGE_PORT)
    .toConstantValue(overrides.storage ?? new LocalStorageAdapter());
  container.bind<ClockPort>(CLOCK_PORT).toConstantValue(clock);
  container
    .bind<Notifier>(NOTIFIER)
    .toConstantValue(overrides.notifier ?? new ToastNotifier(i18next));
  container
    .bind<Navigation>(NAVIGATION)
    .toConstantValue(overrides.navigation ?? new LocationNavigation());
  container
    .bind<GatewayPort>(GATEWAY_PORT)
    .toConstantValue(overrides.gateway ?? new FormPostGatewayAdapter());
  container
    .bind<Clipboard>(CLIPBOARD)
    .toConstantValue(overrides.clipboard ?? new NavigatorClipboard());
  container
    .bind<FileSaverPort>(FILE_SAVER_PORT)
    .toConstantValue(overrides.fileSaver ?? new BrowserFileSaverAdapter(clock));
  container
    .bind<PrinterPort>(PRINTER_PORT)
    .toConstantValue(overrides.printer ?? new WindowPrintAdapter());

  container
    .bind<PasskeyPort>(PASSKEY_PORT)
    .toConstantValue(overrides.passkeys ?? new WebAuthnPasskeyAdapter());

  // Use cases: plain classes (domain knows nothing of inversify), built here from their ports.
  const http = (ctx: ResolutionContext) => ctx.get<HttpPort>(HTTP_PORT);
  const storage = (ctx: ResolutionContext) => ctx.get<StoragePort>(STORAGE_PORT);
  const clockOf = (ctx: ResolutionContext) => ctx.get<ClockPort>(CLOCK_PORT);
  const cache = (ctx: ResolutionContext) => ctx.get<QueryCache>(QUERY_CACHE);
  container
    .bind(QUERY_CACHE)
    .toDynamicValue((ctx) => new QueryCache(clockOf(ctx)))
    .inSingletonScope();
  container.bind(LOGIN_USE_CASE).toDynamicValue((ctx) => new LoginUseCase(http(ctx), storage(ctx)));
  container
    .bind(LOGOUT_USE_CASE)
    .toDynamicValue((ctx) => new LogoutUseCase(http(ctx), storage(ctx)));
  container
    .bind(CHECK_SESSION_USE_CASE)
    .toDynamicValue((ctx) => new CheckSessionUseCase(http(ctx), storage(ctx)));
  container.bind(CHECK_PHONE_USE_CASE).toDynamicValue((ctx) => new CheckPhoneUseCase(http(ctx)));
  container.bind(SEND_SMS_CODE_USE_CASE).toDynamicValue((ctx) => new SendSmsCodeUseCase(http(ctx)));
  container.bind(REGISTER_USE_CASE).toDynamicValue((ctx) => new RegisterUseCase(http(ctx)));
  container
    .bind(RESET_PASSWORD_USE_CASE)
    .toDynamicValue((ctx) => new ResetPasswordUseCase(http(ctx)));
  container
    .bind(GET_PROFILE_USE_CASE)
    .toDynamicValue((ctx) => new GetProfileUseCase(http(ctx), cache(ctx)));
  container
    .bind(UPDATE_PROFILE_USE_CASE)
    .toDynamicValue((ctx) => new UpdateProfileUseCase(http(ctx)));
  container
    .bind(INITIATE_PAYMENT_USE_CASE)
    .toDynamicValue((ctx) => new InitiatePaymentUseCase(http(ctx), storage(ctx)));
  container.bind(POLL_PAYMENT_USE_CASE).toDynamicValue((ctx) => new PollPaymentUseCase(http(ctx)));
  container
    .bind(GET_TRANSACTION_USE_CASE)
    .toDynamicValue((ctx) => new GetTransactionUseCase(http(ctx), cache(ctx)));
  container
    .bind(LIST_PAYMENT_HISTORY_USE_CASE)
    .toDynamicValue((ctx) => new ListPaymentHistoryUseCase(http(ctx)));
  container
    .bind(DOWNLOAD_RECEIPT_USE_CASE)
    .toDynamicValue(
      (ctx) => new DownloadReceiptUseCase(http(ctx), ctx.get<FileSaverPort>(FILE_SAVER_PORT)),
    );
  bindSecurityUseCases(container);
  container
    .bind(LIST_CATALOGUE_USE_CASE)
    .toDynamicValue((ctx) => new ListCatalogueUseCase(storage(ctx)));
  container
    .bind(TOGGLE_BOOKMARK_USE_CASE)
    .toDynamicValue((ctx) => new ToggleBookmarkUseCase(storage(ctx)));
  container
    .bind(SUBSCRIBE_NEWSLETTER_USE_CASE)
    .toDynamicValue((ctx) => new SubscribeNewsletterUseCase(storage(ctx)));

  // The timed flows, on ClockPort. Transient: each screen gets its own and disposes it.
  container
    .bind(WATCH_PAYMENT_USE_CASE)
    .toDynamicValue((ctx) => new WatchPaymentUseCase(ctx.get(POLL_PAYMENT_USE_CASE), clockOf(ctx)));
  container
    .bind(PAY_USE_CASE)
    .toDynamicValue(
      (ctx) =>
        new PayUseCase(
          ctx.get(INITIATE_PAYMENT_USE_CASE),
          ctx.get(WATCH_PAYMENT_USE_CASE),
          ctx.get<GatewayPort>(GATEWAY_PORT),
          clockOf(ctx),
        ),
    );
  container
    .bind(WATCH_TRANSACTION_USE_CASE)
    .toDynamicValue(
      (ctx) => new WatchTransactionUseCase(ctx.get(GET_TRANSACTION_USE_CASE), clockOf(ctx)),
    );
  container
    .bind(SMS_CODE_LIFECYCLE_USE_CASE)
    .toDynamicValue(
      (ctx) => new SmsCodeLifecycleUseCase(ctx.get(SEND_SMS_CODE_USE_CASE), clockOf(ctx)),
    );
  // One session per app, like the SessionViewModel that renders it.
  container
    .bind(WATCH_SESSION_USE_CASE)
    .toDynamicValue(
      (ctx) =>
        new WatchSessionUseCase(
          ctx.get(CHECK_SESSION_USE_CASE),
          ctx.get(LOGOUT_USE_CASE),
          storage(ctx),
          clockOf(ctx),
          cache(ctx),
        ),
    )
    .inSingletonScope();

  // View-models
  container.bind(SessionViewModel).toSelf().inSingletonScope();
  container.bind(Screen).toSelf().inSingletonScope();
  // One theme for the whole page; the root is <html data-theme>.
  container.bind<ThemeRoot>(THEME_ROOT).toConstantValue(documentThemeRoot);
  container.bind(ThemeViewModel).toSelf().inSingletonScope();
  for (const viewModel of SCREEN_VIEW_MODELS) container.bind(viewModel).toSelf();

  return container;
}
