import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { Paths } from '../shared/paths';
import '../styles/layout.css';
import { CompactNav, HeaderActions, MEMBER_LINKS } from './nav-list';
import { SkipLink, usePageChrome } from './page-chrome';

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
        {member && <CompactNav links={MEMBER_LINKS} label={t('common.mainNavigation')} />}
        <HeaderActions />
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
