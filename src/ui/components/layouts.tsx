import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { Paths } from '../app/paths';
import '../styles/layout.css';
import { LanguageSwitcher } from './language-switcher';
import { SkipLink, usePageChrome } from './page-chrome';
import { ThemeToggle } from './theme-toggle';

/** Where a member can go from the app's header. */
const MEMBER_LINKS = [
  { to: Paths.home, key: 'pages.home' },
  { to: Paths.movies, key: 'pages.movies' },
  { to: Paths.tvSeries, key: 'pages.tvSeries' },
  { to: Paths.bookmarks, key: 'pages.bookmarks' },
  { to: Paths.payment, key: 'pages.payment' },
  { to: Paths.paymentHistory, key: 'pages.paymentHistory' },
  { to: Paths.profile, key: 'pages.profile' },
] as const;

/** The header of every page: skip link, brand, (for members) the app's links, language, theme. */
export function AppHeader({ member }: { member: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <header className="app-header">
        <Link className="app-header-brand" to={member ? Paths.home : Paths.login}>
          {t('common.appName')}
        </Link>
        {member && (
          <nav className="app-header-nav" aria-label={t('common.mainNavigation')}>
            <ul>
              {MEMBER_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end>
                    {t(link.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="app-header-actions">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
    </>
  );
}

/**
 * Public pages: full-height page with a purple radial gradient, content scrolls. The
 * dark theme is a dark page; the light theme lightens it (theme.css).
 */
export function PublicLayout() {
  usePageChrome();
  return (
    <div className="public-layout">
      <AppHeader member={false} />
      <div className="public-layout-content">
        <Outlet />
      </div>
    </div>
  );
}

/** Member pages behind the guard: the same backdrop with the app's links in the header. */
export function MemberLayout() {
  usePageChrome();
  return (
    <div className="public-layout member-layout">
      <AppHeader member />
      <div className="public-layout-content">
        <Outlet />
      </div>
    </div>
  );
}
