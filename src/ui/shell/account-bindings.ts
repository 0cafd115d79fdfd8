import type { Container, Newable } from 'inversify';
import { CheckPhoneUseCase } from '../../domain/use-cases/check-phone.use-case';
import { RegisterUseCase } from '../../domain/use-cases/register.use-case';
import { ResetPasswordUseCase } from '../../domain/use-cases/reset-password.use-case';
import { SendSmsCodeUseCase } from '../../domain/use-cases/send-sms-code.use-case';
import { SmsCodeLifecycleUseCase } from '../../domain/use-cases/sms-code-lifecycle.use-case';
import { ForgotPasswordViewModel } from '../screens/forgot-password/forgot-password.view-model';
import { SignUpViewModel } from '../screens/sign-up/sign-up.view-model';
import {
  CHECK_PHONE_USE_CASE,
  REGISTER_USE_CASE,
  RESET_PASSWORD_USE_CASE,
  SEND_SMS_CODE_USE_CASE,
  SMS_CODE_LIFECYCLE_USE_CASE,
} from '../shared/tokens';
import { bindUseCases, type UseCaseBinding } from './use-case-bindings';

/** The view-models of sign-up and the password reset (account-screens.tsx). */
export const ACCOUNT_VIEW_MODELS: Newable<object>[] = [SignUpViewModel, ForgotPasswordViewModel];

/** Their use cases: the phone check, the SMS code, registering and the password reset. */
const ACCOUNT_USE_CASES: UseCaseBinding[] = [
  [CHECK_PHONE_USE_CASE, (d) => new CheckPhoneUseCase(d.http)],
  [SEND_SMS_CODE_USE_CASE, (d) => new SendSmsCodeUseCase(d.http)],
  [REGISTER_USE_CASE, (d) => new RegisterUseCase(d.http)],
  [RESET_PASSWORD_USE_CASE, (d) => new ResetPasswordUseCase(d.http)],
  // The timed flow, on Clock: each screen gets its own and disposes it.
  [
    SMS_CODE_LIFECYCLE_USE_CASE,
    (d) => new SmsCodeLifecycleUseCase(d.get(SEND_SMS_CODE_USE_CASE), d.clock),
  ],
];

/** Binds sign-up's and the password reset's use cases and view-models, once. */
export function bindAccountScreens(container: Container): void {
  if (container.isBound(ACCOUNT_VIEW_MODELS[0])) return;
  bindUseCases(container, ACCOUNT_USE_CASES);
  for (const viewModel of ACCOUNT_VIEW_MODELS) container.bind(viewModel).toSelf();
}
