import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useService } from '../../../../src/ui-kit/di';
import { ConsoleSettings } from '../shared/console-settings';
import { ConsoleSessionViewModel } from '../shared/session.view-model';
import { StepUpDialog } from '../shared/step-up-dialog';
import { ExpiryWarning } from './expiry-warning';

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
