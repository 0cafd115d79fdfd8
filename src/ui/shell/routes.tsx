import { useEffect } from 'react';
import { Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../components/guard';
import { MemberLayout, PublicLayout } from '../components/layouts';
import { BookmarksScreen, MoviesScreen, TvSeriesScreen } from '../screens/catalogue/catalogue.view';
import { ForgotPasswordScreen } from '../screens/forgot-password/forgot-password.view';
import { HomeScreen } from '../screens/catalogue/home.view';
import { LoginScreen } from '../screens/login/login.view';
import { PaymentHistoryScreen } from '../screens/payment-history/payment-history.view';
import { PaymentStatusScreen } from '../screens/payment-status/payment-status.view';
import { PaymentScreen } from '../screens/payment/payment.view';
import { ProfileScreen } from '../screens/profile/profile.view';
import { SecurityScreen } from '../screens/security/security.view';
import { ReturnScreen } from '../screens/return/return.view';
import { SignUpScreen } from '../screens/sign-up/sign-up.view';
import { WizardzScreen } from '../screens/wizardz/wizardz.view';
import { Paths } from '../shared/paths';
import type { RouterNavigator } from './router-navigator';

/*
 * Every screen is in the first bundle, on purpose. Measured with Parcel 2.16 (npm run size):
 * loading the screens with React.lazy made /login's first load about 7 KB gzip larger, not
 * smaller, because every module a lazy chunk imports from the main bundle (react-router,
 * inversify, mobx, the view-models...) is then wrapped in a registration function, which defeats
 * tree shaking; the screens themselves weigh about 6 KB. The one large dependency only one
 * screen needs, react-phone-input-2, is loaded lazily where it is shown
 * (components/phone-input.tsx), and so is @simplewebauthn/browser, by the passkey adapter
 * (adapters/webauthn-passkey.adapter.ts), only when a passkey ceremony starts. The declarative router (BrowserRouter + useRoutes) is used
 * rather than createBrowserRouter: the data router's loaders, actions and fetchers are not
 * used here, and leaving them out saves about 16 KB gzip.
 */

/**
 * Every route of the app. Guarded: / and /member/profile, /member/payments (the member's own
 * payments), /member/security (sessions, passkeys, the member's data), /payment, which is for a
 * logged-in member, and the catalogue views (/movies, /tv-series,
 * /bookmarks), which show a member's own bookmarks. The payment result pages stay public: the
 * gateway sends the payer's tab there, and they only read a status.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <MemberLayout />
      </RequireAuth>
    ),
    children: [
      { path: Paths.home, element: <HomeScreen /> },
      { path: Paths.profile, element: <ProfileScreen /> },
      { path: Paths.payment, element: <PaymentScreen /> },
      { path: Paths.movies, element: <MoviesScreen /> },
      { path: Paths.tvSeries, element: <TvSeriesScreen /> },
      { path: Paths.bookmarks, element: <BookmarksScreen /> },
      { path: Paths.paymentHistory, element: <PaymentHistoryScreen /> },
      { path: Paths.security, element: <SecurityScreen /> },
    ],
  },
  {
    element: <PublicLayout />,
    children: [
      { path: Paths.login, element: <LoginScreen /> },
      { path: Paths.signUp, element: <SignUpScreen /> },
      { path: Paths.forgotPassword, element: <ForgotPasswordScreen /> },
      { path: Paths.paymentStatus, element: <PaymentStatusScreen /> },
      { path: Paths.receiptPattern, element: <PaymentStatusScreen /> },
      { path: Paths.return, element: <ReturnScreen /> },
    ],
  },
  // The marketing placeholder has its own nav and footer.
  { path: Paths.wizardz, element: <WizardzScreen /> },
  { path: '*', element: <Navigate to={Paths.home} replace /> },
];

/** The routes, rendered inside <BrowserRouter>; hands the router's navigate to `navigator`. */
export function AppRoutes({ navigator }: { navigator: RouterNavigator }) {
  const navigate = useNavigate();
  useEffect(() => navigator.attach(navigate), [navigator, navigate]);
  return useRoutes(routes);
}
