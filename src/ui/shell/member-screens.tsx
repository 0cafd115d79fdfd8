import type { ComponentType } from 'react';
import { screenByName } from './lazy-screens';
import english from '../../../locales/en/translation.json';
import { BookmarksScreen, MoviesScreen, TvSeriesScreen } from '../screens/catalogue/catalogue.view';
import { HomeScreen } from '../screens/catalogue/home.view';
import { PaymentHistoryScreen } from '../screens/payment-history/payment-history.view';
import { PaymentStatusScreen } from '../screens/payment-status/payment-status.view';
import { PaymentScreen } from '../screens/payment/payment.view';
import { ProfileScreen } from '../screens/profile/profile.view';
import { ReturnScreen } from '../screens/return/return.view';
import { SecurityScreen } from '../screens/security/security.view';
import { WizardzScreen } from '../screens/wizardz/wizardz.view';

/**
 * A bundle loaded lazily (routes.tsx): the member's screens, the payment result pages and the
 * marketing page, by the name of their path in Paths. Their view-models and use cases are bound
 * by member-bindings.ts.
 */
const MEMBER_SCREENS = {
  home: HomeScreen,
  profile: ProfileScreen,
  payment: PaymentScreen,
  movies: MoviesScreen,
  tvSeries: TvSeriesScreen,
  bookmarks: BookmarksScreen,
  paymentHistory: PaymentHistoryScreen,
  security: SecurityScreen,
  paymentStatus: PaymentStatusScreen,
  return: ReturnScreen,
  wizardz: WizardzScreen,
} satisfies Record<string, ComponentType>;

export type MemberScreenName = keyof typeof MEMBER_SCREENS;

/** One of the screens above, by name. */
export const Screen = screenByName<MemberScreenName>(MEMBER_SCREENS);

export { bindMemberScreens as bindScreens } from './member-bindings';
export { english };
