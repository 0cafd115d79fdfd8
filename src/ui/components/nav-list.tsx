import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
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
  id,
  navClassName,
  listClassName,
  markCurrent = false,
}: {
  links: readonly NavLinkItem[];
  label: string;
  id?: string;
  navClassName?: string;
  listClassName?: string;
  markCurrent?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav id={id} className={navClassName} aria-label={label}>
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

/**
 * The member header's links. Wide screens show them in a row; narrow ones (layout.css) hide them
 * behind a Menu button (a disclosure: aria-expanded, aria-controls). Opening moves focus to the
 * first link, Escape closes and gives focus back to the button, and a page change closes it.
 */
export function CompactNav({ links, label }: { links: readonly NavLinkItem[]; label: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // A page change closes the menu (adjusting state while rendering, as React advises).
  if (open && openedAt !== pathname) setOpen(false);

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('a')?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      ref={menu}
      className={open ? 'app-header-menu is-open' : 'app-header-menu'}
      onKeyDown={onKeyDown}
    >
      <button
        ref={button}
        type="button"
        className="app-header-menu-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen(!open);
        }}
      >
        <MenuIcon open={open} />
        <span>{t('common.menu')}</span>
      </button>
      <NavList links={links} label={label} id={id} navClassName="app-header-nav" markCurrent />
    </div>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={open ? 'M5 5l14 14M19 5L5 19' : 'M3 6h18M3 12h18M3 18h18'}
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
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
