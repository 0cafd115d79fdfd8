import type { ComponentType } from 'react';
import { screenByName } from './lazy-screens';
import english from '../../../locales/en/translation.json';
import { ForgotPasswordScreen } from '../screens/forgot-password/forgot-password.view';
import { SignUpScreen } from '../screens/sign-up/sign-up.view';

/**
 * A bundle loaded lazily (routes.tsx): the pages that confirm a phone number by SMS, sign-up and
 * the password reset, by the name of their path in Paths. Their view-models and use cases are
 * bound by account-bindings.ts.
 */
const ACCOUNT_SCREENS = {
  signUp: SignUpScreen,
  forgotPassword: ForgotPasswordScreen,
} satisfies Record<string, ComponentType>;

export type AccountScreenName = keyof typeof ACCOUNT_SCREENS;

/** One of the screens above, by name. */
export const Screen = screenByName<AccountScreenName>(ACCOUNT_SCREENS);

export { bindAccountScreens as bindScreens } from './account-bindings';
export { english };
