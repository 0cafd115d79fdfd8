import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rowControl, useFocusAfter } from '../../components/focus-after';
import { useLoadedViewModel } from '../../../ui-kit/loaded-view-model';
import { SurfaceButton } from '../../../ui-kit/surface-button';
import '../../../ui-kit/theme.css';
import '../../styles/auth.css';
import '../../../ui-kit/surface-button.css';
import './security.css';
import { DeleteAccountSection } from './delete-account.view';
import { PasskeysCard } from './passkeys.view';
import { SecurityCard } from './security-card';
import { useSecurityTime } from './security-time';
import { SecurityViewModel } from './security.view-model';

/** The member's security page: sessions, passkeys, their data and leaving. */
export const SecurityScreen = observer(function SecurityScreen() {
  const vm = useLoadedViewModel(SecurityViewModel);
  const { t } = useTranslation();
  return (
    <main id="main" className="security-page">
      <section className="security-card surface-panel" aria-labelledby="security-title">
        <h1 id="security-title">{t('security.title')}</h1>
        <p className="security-muted">{t('security.subtitle')}</p>
      </section>
      <SessionsCard vm={vm} />
      <PasskeysCard section={vm.passkeys} />
      <SecurityCard card="data">
        {/* aria-disabled, not disabled, while it works: a disabled button loses the focus. */}
        <SurfaceButton
          onClick={vm.download}
          aria-disabled={vm.downloading}
          aria-busy={vm.downloading}
        >
          {vm.downloading ? t('security.data.downloading') : t('security.data.download')}
        </SurfaceButton>
      </SecurityCard>
      <DeleteAccountSection dialog={vm.deletion} />
    </main>
  );
});

/**
 * Where the member is signed in. A device signed out leaves the list: focus goes to the next
 * row's button (or the heading when none is left), never to the page's body.
 */
const SessionsCard = observer(function SessionsCard({ vm }: { vm: SecurityViewModel }) {
  const { t } = useTranslation();
  const when = useSecurityTime();
  const list = useRef<HTMLUListElement>(null);
  const othersButton = useRef<HTMLButtonElement>(null);
  const after = useFocusAfter();
  const heading = () => document.getElementById('security-sessions-title');
  return (
    <SecurityCard card="sessions" busy={vm.sessionsStatus === 'loading'}>
      {vm.sessionsStatus === 'loading' && <p role="status">{t('security.loading')}</p>}
      {vm.sessionsStatus === 'failed' && (
        <p>
          {t('security.sessions.loadFailed')}{' '}
          <SurfaceButton onClick={vm.loadSessions}>{t('security.retry')}</SurfaceButton>
        </p>
      )}
      <ul ref={list} className="security-list" aria-label={t('security.sessions.title')}>
        {vm.sessions.map((session, index) => {
          const device = session.device ?? t('security.sessions.unknownDevice');
          return (
            <li key={session.id} className="security-item" data-session-id={session.id}>
              <div>
                <p className="security-item-name">
                  {device}
                  {session.current && (
                    <span className="security-badge">{t('security.sessions.thisDevice')}</span>
                  )}
                </p>
                <p className="security-item-dates">
                  {t('security.sessions.started', { time: when(session.startedAt) })}
                  <br />
                  {t('security.sessions.lastActive', { time: when(session.lastActiveAt) })}
                </p>
              </div>
              {!session.current && (
                <SurfaceButton
                  onClick={() =>
                    after(vm.signOut(session), () => rowControl(list.current, index), heading)
                  }
                  disabled={vm.signingOut !== null}
                >
                  {t('security.sessions.signOut')}
                  <span className="visually-hidden"> {device}</span>
                </SurfaceButton>
              )}
            </li>
          );
        })}
      </ul>
      {vm.hasOtherSessions && (
        <SurfaceButton
          ref={othersButton}
          tone="danger"
          onClick={() => after(vm.signOutOthers(), () => othersButton.current, heading)}
          disabled={vm.signingOut !== null}
        >
          {t('security.sessions.signOutOthers')}
        </SurfaceButton>
      )}
    </SecurityCard>
  );
});
