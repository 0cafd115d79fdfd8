import { Container, type Newable } from 'inversify';
import { SystemClock } from '../../../../src/contract/clock';
import { BrowserPasskeyAdapter } from '../../adapters/browser-passkey.adapter';
import { FetchOpsHttpAdapter } from '../../adapters/fetch-ops-http.adapter';
import { LocalPreferencesAdapter } from '../../adapters/local-preferences.adapter';
import { CLOCK_PORT, type Clock } from '../../domain/ports/clock.port';
import { OPS_HTTP_PORT, type OpsHttpPort } from '../../domain/ports/ops-http.port';
import type { PasskeyPort } from '../../domain/ports/passkey.port';
import { PREFERENCES_PORT, type PreferencesPort } from '../../domain/ports/preferences.port';
import { SessionBoundHttp } from '../../domain/session-bound-http';
import { AuditUseCase } from '../../domain/use-cases/audit.use-case';
import { EnrolmentUseCase } from '../../domain/use-cases/enrolment.use-case';
import { MemberSupportUseCase } from '../../domain/use-cases/member-support.use-case';
import { OperatorsUseCase } from '../../domain/use-cases/operators.use-case';
import { PasskeySignInUseCase } from '../../domain/use-cases/passkey-sign-in.use-case';
import { PaymentsUseCase } from '../../domain/use-cases/payments.use-case';
import { RefundsUseCase } from '../../domain/use-cases/refunds.use-case';
import { ReportsUseCase } from '../../domain/use-cases/reports.use-case';
import { SessionKeeper } from '../../domain/use-cases/session-keeper.use-case';
import { StepUpUseCase } from '../../domain/use-cases/step-up.use-case';
import { AuditViewModel } from '../screens/audit/audit.view-model';
import { EnrolmentViewModel } from '../screens/enrolment/enrolment.view-model';
import { MemberViewModel } from '../screens/member/member.view-model';
import { MemberSearchViewModel } from '../screens/members/member-search.view-model';
import { OperatorsViewModel } from '../screens/operators/operators.view-model';
import { PaymentViewModel } from '../screens/payment/payment.view-model';
import { PaymentSearchViewModel } from '../screens/payments/payment-search.view-model';
import { RefundsQueueViewModel } from '../screens/refunds/refunds-queue.view-model';
import { ReportsViewModel } from '../screens/reports/reports.view-model';
import { SignInViewModel } from '../screens/sign-in/sign-in.view-model';
import { ConsoleSessionViewModel } from '../shared/session.view-model';
import { StepUpViewModel } from '../shared/step-up.view-model';
import {
  THEME_ROOT,
  THEME_STORE,
  ThemeViewModel,
  documentThemeRoot,
  type ThemeRoot,
} from '../../../../src/ui-kit/theme.view-model';
import {
  API_BASE,
  AUDIT,
  ENROLMENT,
  MEMBER_SUPPORT,
  OPERATORS,
  PASSKEY_SIGN_IN,
  PAYMENTS,
  REFUNDS,
  REPORTS,
  SESSION_KEEPER,
  STEP_UP,
} from '../shared/tokens';

/** What tests (and index.tsx) may replace: the console's edges. */
export interface ConsoleOverrides {
  http?: OpsHttpPort;
  clock?: Clock;
  passkeys?: PasskeyPort;
  preferences?: PreferencesPort;
  themeRoot?: ThemeRoot;
  apiBase?: string;
}

/** The screens' view-models: a fresh one per mount (useViewModel). */
export const CONSOLE_VIEW_MODELS: Newable<object>[] = [
  SignInViewModel,
  EnrolmentViewModel,
  MemberSearchViewModel,
  MemberViewModel,
  OperatorsViewModel,
  AuditViewModel,
  PaymentSearchViewModel,
  PaymentViewModel,
  RefundsQueueViewModel,
  ReportsViewModel,
];

/**
 * The console's composition root, the only place that binds: the fetch adapter on the console's
 * own `/api`, the system clock, the browser's passkeys, one session keeper, and the pages' use cases on the HTTP port
 * that keeps the session informed. A fresh container per call.
 */
export function createConsoleContainer(overrides: ConsoleOverrides = {}): Container {
  const container = new Container({ defaultScope: 'Transient' });
  const apiBase = overrides.apiBase ?? '/api';
  const http = overrides.http ?? new FetchOpsHttpAdapter(apiBase);
  const clock = overrides.clock ?? new SystemClock();
  const passkeys = overrides.passkeys ?? new BrowserPasskeyAdapter();
  const keeper = new SessionKeeper(http, clock);
  const pagesHttp = new SessionBoundHttp(http, keeper);

  container.bind(OPS_HTTP_PORT).toConstantValue(http);
  container.bind(API_BASE).toConstantValue(apiBase);
  container
    .bind(PREFERENCES_PORT)
    .toConstantValue(overrides.preferences ?? new LocalPreferencesAdapter());
  // The UI kit's theme, kept among the console's preferences.
  container.bind(THEME_STORE).toService(PREFERENCES_PORT);
  container.bind(THEME_ROOT).toConstantValue(overrides.themeRoot ?? documentThemeRoot);
  container.bind(SESSION_KEEPER).toConstantValue(keeper);
  container.bind(ENROLMENT).toConstantValue(new EnrolmentUseCase(http, passkeys, clock));
  container.bind(PASSKEY_SIGN_IN).toConstantValue(new PasskeySignInUseCase(http, passkeys, keeper));
  container.bind(MEMBER_SUPPORT).toConstantValue(new MemberSupportUseCase(pagesHttp));
  container.bind(OPERATORS).toConstantValue(new OperatorsUseCase(pagesHttp));
  container.bind(AUDIT).toConstantValue(new AuditUseCase(pagesHttp));
  container.bind(PAYMENTS).toConstantValue(new PaymentsUseCase(pagesHttp));
  container.bind(REFUNDS).toConstantValue(new RefundsUseCase(pagesHttp));
  container.bind(STEP_UP).toConstantValue(new StepUpUseCase(pagesHttp, passkeys));
  container.bind(REPORTS).toConstantValue(new ReportsUseCase(pagesHttp));
  container.bind(CLOCK_PORT).toConstantValue(clock);

  container.bind(ConsoleSessionViewModel).toSelf().inSingletonScope();
  container.bind(ThemeViewModel).toSelf().inSingletonScope();
  container.bind(StepUpViewModel).toSelf().inSingletonScope();
  for (const viewModel of CONSOLE_VIEW_MODELS) container.bind(viewModel).toSelf();
  return container;
}
