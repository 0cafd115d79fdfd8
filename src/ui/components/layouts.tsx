import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import '../styles/layout.css';
import { ThemeToggle } from './theme-toggle';

/** Public pages: full-height dark page, purple radial gradient, content scrolls (the spec). */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <div className="public-layout-content">
        <Outlet />
      </div>
    </div>
  );
}

/** Member pages behind the guard: the same backdrop with the app's header. */
export function MemberLayout() {
  const { t } = useTranslation();
  return (
    <div className="public-layout member-layout">
      <header className="member-header">
        <span className="member-header-brand">{t('common.appName')}</span>
        <div className="member-header-actions">
          <ThemeToggle />
        </div>
      </header>
      <div className="public-layout-content">
        <Outlet />
      </div>
    </div>
  );
}
