import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** Each console page's own title key (the browser tab, history, what a screen reader says). */
const TITLES: readonly [RegExp, string][] = [
  [/^\/members\/?$/, 'members.title'],
  [/^\/members\/[^/]+$/, 'member.title'],
  [/^\/payments\/?$/, 'payments.title'],
  [/^\/payments\/[^/]+$/, 'payment.title'],
  [/^\/refunds\/?$/, 'menu.refunds'],
  [/^\/reports\/?$/, 'reports.title'],
  [/^\/operators\/?$/, 'operators.title'],
  [/^\/audit\/?$/, 'audit.title'],
];

/**
 * The title key of the page at `pathname`: the enrolment page for anyone, the sign-in page for
 * every other address until a session exists, then the page the address names; null for the
 * index (it moves on to the first page) and not-found for any other.
 */
export function consoleTitleKeyOf(pathname: string, signedIn: boolean): string | null {
  if (/^\/enrol\/?$/.test(pathname)) return 'enrol.title';
  if (!signedIn) return 'signIn.title';
  if (pathname === '/' || pathname === '') return null;
  return TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'notFound.title';
}

/** Keeps document.title on the page's own title and the console's name, in its language. */
export function useConsoleTitle(signedIn: boolean): void {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    const key = consoleTitleKeyOf(pathname, signedIn);
    const app = t('frame.title');
    document.title = key === null ? app : t('frame.titleFormat', { page: t(key), app });
  }, [pathname, signedIn, t, i18n.language]);
}
