import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { LANGUAGE_NAMES, LANGUAGES, languageOfTag } from '../../../../src/contract/languages';
import { useService } from '../../../../src/ui-kit/di';
import { ConsoleSessionViewModel } from '../shared/session.view-model';
import { StepUpDialog } from '../shared/step-up-dialog';
import { ConsoleThemeViewModel } from '../shared/theme.view-model';
import { ExpiryWarning } from './expiry-warning';

/** The language select and the theme switch, on every console page (sign-in included). */
export const ConsoleSettings = observer(function ConsoleSettings() {
  const { t, i18n } = useTranslation();
  const theme = useService(ConsoleThemeViewModel);
  return (
    <div className="console-settings">
      <label className="console-language">
        <span>{t('frame.language')}</span>
        <select
          value={languageOfTag(i18n.language) ?? 'en'}
          onChange={(event) => void i18n.changeLanguage(event.target.value)}
        >
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng === 'zn' ? 'zh' : lng}>
              {LANGUAGE_NAMES[lng]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="theme-toggle"
        aria-pressed={theme.isDark}
        onClick={theme.toggle}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
        </svg>
        <span className="console-theme-label">{t('frame.darkTheme')}</span>
      </button>
    </div>
  );
});

/**
 * The signed-in frame: a skip link, the console's name, the menu (only the pages the role
 * opens), who is signed in, the settings and sign-out; the page; the second factor again when an
 * action asks for it; the expiry warning.
 */
export const ConsoleFrame = observer(function ConsoleFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useService(ConsoleSessionViewModel);
  const operator = session.operator;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('frame.skip')}
      </a>
      <header className="console-header">
        <p className="console-brand">{t('frame.title')}</p>
        <nav aria-label={t('frame.menu')}>
          <ul className="console-menu">
            {session.pages.map((page) => (
              <li key={page.id}>
                <NavLink to={page.path}>{t(`menu.${page.id}`)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="console-account">
          {operator && (
            <p
              className="console-operator"
              title={`${operator.name} (${t(`roles.${operator.role}`)})`}
            >
              <span className="console-operator-name">{operator.name}</span>{' '}
              <span className="console-operator-role">({t(`roles.${operator.role}`)})</span>
            </p>
          )}
          <ConsoleSettings />
          <button type="button" className="surface-button" onClick={() => void session.signOut()}>
            {t('frame.signOut')}
          </button>
        </div>
      </header>
      <main id="main" className="console-main">
        {children}
      </main>
      <StepUpDialog />
      <ExpiryWarning />
    </>
  );
});
