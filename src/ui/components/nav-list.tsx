import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { Paths } from '../shared/paths';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';

export interface NavLinkItem {
  to: string;
  /** An i18n key. */
  key: string;
}

/** Where a member can go from the app's header. */
export const MEMBER_LINKS = [
  { to: Paths.home, key: 'pages.home' },
  { to: Paths.movies, key: 'pages.movies' },
  { to: Paths.tvSeries, key: 'pages.tvSeries' },
  { to: Paths.bookmarks, key: 'pages.bookmarks' },
  { to: Paths.payment, key: 'pages.payment' },
  { to: Paths.paymentHistory, key: 'pages.paymentHistory' },
  { to: Paths.profile, key: 'pages.profile' },
] as const;

/**
 * A list of links (a header's or a footer's), named for screen readers by `label`. With `markCurrent` the link to
 * the page shown carries aria-current="page" and the class "active".
 */
export function NavList({
  links,
  label,
  navClassName,
  listClassName,
  markCurrent = false,
}: {
  links: readonly NavLinkItem[];
  label: string;
  navClassName?: string;
  listClassName?: string;
  markCurrent?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav className={navClassName} aria-label={label}>
      <ul className={listClassName}>
        {links.map((link) => (
          <li key={link.to}>
            {markCurrent ? (
              <NavLink to={link.to} end>
                {t(link.key)}
              </NavLink>
            ) : (
              <Link to={link.to}>{t(link.key)}</Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The language and theme pickers at the end of every header. */
export function HeaderActions() {
  return (
    <div className="app-header-actions">
      <LanguageSwitcher />
      <ThemeToggle />
    </div>
  );
}
