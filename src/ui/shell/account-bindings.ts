import type { Container, Newable } from 'inversify';
import { pageWasReloaded, SessionStorageAdapter } from '../../adapters/session-storage.adapter';
import { SESSION_STORAGE_PORT, type StoragePort } from '../../domain/ports/storage.port';
import { CheckPhoneUseCase } from '../../domain/use-cases/check-phone.use-case';
import { PendingSignUpUseCase } from '../../domain/use-cases/pending-sign-up.use-case';
import { RegisterUseCase } from '../../domain/use-cases/register.use-case';
import { ResetPasswordUseCase } from '../../domain/use-cases/reset-password.use-case';
import { SendSmsCodeUseCase } from '../../domain/use-cases/send-sms-code.use-case';
import { SmsCodeLifecycleUseCase } from '../../domain/use-cases/sms-code-lifecycle.use-case';
import { ForgotPasswordViewModel } from '../screens/forgot-password/forgot-password.view-model';
import { SignUpViewModel } from '../screens/sign-up/sign-up.view-model';
import {
  CHECK_PHONE_USE_CASE,
  PENDING_SIGN_UP_USE_CASE,
  REGISTER_USE_CASE,
  RESET_PASSWORD_USE_CASE,
  SEND_SMS_CODE_USE_CASE,
  SMS_CODE_LIFECYCLE_USE_CASE,
} from '../shared/tokens';
import { i18next } from './i18n';
import { bindUseCases, type UseCaseBinding } from './use-case-bindings';

/** The view-models of sign-up and the password reset (account-screens.tsx). */
export const ACCOUNT_VIEW_MODELS: Newable<object>[] = [SignUpViewModel, ForgotPasswordViewModel];

/** Their use cases: the phone check, the SMS code, registering and the password reset. */
const ACCOUNT_USE_CASES: UseCaseBinding[] = [
  [CHECK_PHONE_USE_CASE, (d) => new CheckPhoneUseCase(d.http)],
  // The SMS is written in the language the page shows as the code is sent.
  [
    SEND_SMS_CODE_USE_CASE,
    (d) => new SendSmsCodeUseCase(d.http, () => i18next.resolvedLanguage ?? i18next.language),
  ],
  [REGISTER_USE_CASE, (d) => new RegisterUseCase(d.http)],
  [RESET_PASSWORD_USE_CASE, (d) => new ResetPasswordUseCase(d.http)],
  [
    PENDING_SIGN_UP_USE_CASE,
    (d) =>
      new PendingSignUpUseCase(d.get<StoragePort>(SESSION_STORAGE_PORT), d.clock, pageWasReloaded),
  ],
  // The timed flow, on Clock: each screen gets its own and disposes it.
  [
    SMS_CODE_LIFECYCLE_USE_CASE,
    (d) => new SmsCodeLifecycleUseCase(d.get(SEND_SMS_CODE_USE_CASE), d.clock),
  ],
];

/** Binds sign-up's and the password reset's use cases and view-models, once. */
export function bindAccountScreens(container: Container): void {
  if (container.isBound(ACCOUNT_VIEW_MODELS[0])) return;
  // The tab's own storage, unless createContainer was given one (tests).
  if (!container.isBound(SESSION_STORAGE_PORT)) {
    container.bind(SESSION_STORAGE_PORT).toConstantValue(new SessionStorageAdapter());
  }
  bindUseCases(container, ACCOUNT_USE_CASES);
  for (const viewModel of ACCOUNT_VIEW_MODELS) container.bind(viewModel).toSelf();
}
