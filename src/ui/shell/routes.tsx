import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../components/guard';
import { MemberLayout, PublicLayout } from '../components/layouts';
import { Spinner } from '../components/spinner';
import { LoginScreen } from '../screens/login/login.view';
import { useService } from '../../ui-kit/di';
import { Paths } from '../shared/paths';
import { SessionViewModel } from '../shared/session.view-model';
import type { AccountScreenName } from './account-screens';
import type { LoadScreens } from './lazy-screens';
import type { MemberScreenName } from './member-screens';
import type { RouterNavigator } from './router-navigator';

/*
 * The first bundle holds the shell and the login page, the page a visitor starts on; every other
 * screen is in one of two lazily loaded bundles, each with its view-models, use cases and the
 * whole English file (the first bundle carries only its own texts: scripts/first-load-locale.cjs):
 * account-screens.tsx (sign-up, password reset) and member-screens.tsx (the member's pages, the
 * payment result pages, the marketing page). Measured with Parcel 2.16: a React.lazy per screen
 * made /login's first load about 7 KB gzip larger, not smaller, because every module of the main
 * bundle that a lazy bundle imports (react-router, inversify, mobx, the view-models...), and
 * everything those import, is then wrapped in a registration function, which defeats part of the
 * minification. With two bundles that cost is paid once and outweighed: with them and the shorter
 * English, /login's first visit went from 184.7 to 168.8 KB gzip (1 KB = 1,000 bytes; each step
 * in docs/performance.md). The one large dependency only one screen needs, react-phone-input-2, is
 * loaded lazily where it is shown (components/phone-input.tsx); @simplewebauthn/browser only by
 * a browser without WebAuthn's JSON forms (adapters/webauthn-passkey.adapter.ts). The
 * declarative router (BrowserRouter + useRoutes) is used rather than createBrowserRouter: the data
 * router's loaders, actions and fetchers are not used here, and leaving them out saves about
 * 16 KB gzip.
 */

/** The lazily loaded bundles of screens (index.tsx makes their loaders with screensLoader). */
export interface ScreenBundles {
  account: LoadScreens<AccountScreenName>;
  member: LoadScreens<MemberScreenName>;
}

/** A route whose screen comes from a lazily loaded bundle, with a spinner until it arrives. */
function lazyRoutes<Name extends string>(load: LoadScreens<Name>) {
  const Screen = lazy(() => load().then((screens) => ({ default: screens.Screen })));
  return (name: Name & keyof typeof Paths, path: string = Paths[name] as string): RouteObject => ({
    path,
    element: (
      <Suspense fallback={<Spinner centred />}>
        <Screen name={name} />
      </Suspense>
    ),
  });
}

/**
 * The guarded pages: the bundle starts loading while the session is checked, and not at all
 * for a visitor without a session (sent to /login).
 */
const MemberArea = observer(function MemberArea({ load }: { load: LoadScreens<MemberScreenName> }) {
  const session = useService(SessionViewModel);
  const wanted = session.status !== 'unauthenticated';
  useEffect(() => {
    if (wanted) void load();
  }, [wanted, load]);
  return (
    <RequireAuth>
      <MemberLayout />
    </RequireAuth>
  );
});

/**
 * Every route of the app. Guarded: / and /member/profile, /member/payments (the member's own
 * payments), /member/security (sessions, passkeys, the member's data), /payment, which is for a
 * logged-in member, and the catalogue views (/movies, /tv-series,
 * /bookmarks), which show a member's own bookmarks. The payment result pages stay public: the
 * gateway sends the payer's tab there, and they only read a status.
 */
export function appRoutes(bundles: ScreenBundles): RouteObject[] {
  const member = lazyRoutes(bundles.member);
  const account = lazyRoutes(bundles.account);
  const guarded = [
    'home',
    'profile',
    'payment',
    'movies',
    'tvSeries',
    'bookmarks',
    'paymentHistory',
    'security',
  ] as const;
  return [
    {
      element: <MemberArea load={bundles.member} />,
      children: guarded.map((name) => member(name)),
    },
    {
      element: <PublicLayout />,
      children: [
        { path: Paths.login, element: <LoginScreen /> },
        account('signUp'),
        account('forgotPassword'),
        member('paymentStatus'),
        member('paymentStatus', Paths.receiptPattern),
        member('return'),
      ],
    },
    // The marketing placeholder has its own nav and footer.
    member('wizardz'),
    { path: '*', element: <Navigate to={Paths.home} replace /> },
  ];
}

/** The routes, rendered inside <BrowserRouter>; hands the router's navigate to `navigator`. */
export function AppRoutes({
  navigator,
  bundles,
}: {
  navigator: RouterNavigator;
  bundles: ScreenBundles;
}) {
  const navigate = useNavigate();
  useEffect(() => navigator.attach(navigate), [navigator, navigate]);
  const routes = useMemo(() => appRoutes(bundles), [bundles]);
  return useRoutes(routes);
}
