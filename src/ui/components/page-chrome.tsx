import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Paths } from '../shared/paths';
import { toastsWanted } from '../shared/toasts-wanted';

const noToasts = () => undefined;

/** Each route's own title key (the browser tab, history, and what a screen reader says first). */
const TITLES: readonly [RegExp, string][] = [
  [/^\/$/, 'pages.home'],
  [/^\/movies$/, 'pages.movies'],
  [/^\/tv-series$/, 'pages.tvSeries'],
  [/^\/bookmarks$/, 'pages.bookmarks'],
  [/^\/login$/, 'login.title'],
  [/^\/sign-up$/, 'signUp.createAccount'],
  [/^\/forgot-password$/, 'forgotPassword.title'],
  [/^\/payment$/, 'payment.title'],
  [/^\/(payment-status|receipt\/.*)$/, 'paymentStatus.title'],
  [/^\/return$/, 'pages.return'],
  [/^\/member\/profile$/, 'profile.title'],
  [/^\/member\/payments$/, 'pages.paymentHistory'],
  [/^\/member\/security$/, 'pages.security'],
  [new RegExp(`^${Paths.wizardz}$`), 'wizardz.brand'],
];

export const titleKeyOf = (pathname: string): string | null =>
  TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;

/** Focuses the page's main heading (made focusable for this only), once it is rendered. */
export function focusMainHeading(): () => void {
  const tryFocus = (): boolean => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: false });
    return true;
  };
  if (tryFocus()) return () => undefined;
  // A lazily loaded screen renders its heading a moment later.
  const observer = new MutationObserver(() => {
    if (tryFocus()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Page-wide, not per layout: moving between the public and the member layout mounts a new one,
 * and that is a navigation too.
 */
const navigation = {
  loadedAt: typeof location === 'undefined' ? '' : location.pathname,
  happened: false,
};

/**
 * What every layout does on each route: the document title follows the route (and the
 * language), and after a navigation (not the first load) focus moves to the new page's main
 * heading, so keyboard and screen-reader users start at the top of what changed.
 */
export function usePageChrome(): void {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();

  useEffect(() => {
    const key = titleKeyOf(pathname);
    const app = t('common.appName');
    document.title = key ? t('pages.titleFormat', { page: t(key), app }) : app;
  }, [pathname, t, i18n.language]);

  useEffect(() => {
    if (!navigation.happened && pathname === navigation.loadedAt) return;
    navigation.happened = true;
    // The toasts' own chunk comes with the first toast: before one, there is none to clear.
    if (toastsWanted()) {
      void import('./toasts').then((toasts) => toasts.dismissStaleErrorToasts(), noToasts);
    }
    return focusMainHeading();
  }, [pathname]);
}

/** The first stop of the Tab key on every page: straight to the page's main heading. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        focusMainHeading();
      }}
    >
      {t('common.skipToContent')}
    </a>
  );
}
