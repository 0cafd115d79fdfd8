import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMalaysiaTime } from '../../components/malaysia-time';
import { useViewModel } from '../../shared/di';
import '../../styles/theme.css';
import '../../styles/auth.css';
import '../../styles/surface-button.css';
import './security.css';
import { DeleteAccountSection } from './delete-account.view';
import { PasskeysCard } from './passkeys.view';
import { SecurityViewModel } from './security.view-model';

/** The member's security page: sessions, passkeys, their data and leaving. */
export const SecurityScreen = observer(function SecurityScreen() {
  const vm = useViewModel(SecurityViewModel);
  const { t } = useTranslation();
  useEffect(() => {
    void vm.load();
  }, [vm]);

  return (
    <main id="main" className="security-page">
      <section className="security-card" aria-labelledby="security-title">
        <h1 id="security-title">{t('security.title')}</h1>
        <p className="security-muted">{t('security.subtitle')}</p>
      </section>
      <SessionsCard vm={vm} />
      <PasskeysCard section={vm.passkeys} />
      <section className="security-card" aria-labelledby="security-data-title">
        <h2 id="security-data-title">{t('security.data.title')}</h2>
        <p className="security-muted">{t('security.data.text')}</p>
        <button
          type="button"
          className="surface-button"
          onClick={vm.download}
          disabled={vm.downloading}
          aria-busy={vm.downloading}
        >
          {vm.downloading ? t('security.data.downloading') : t('security.data.download')}
        </button>
      </section>
      <DeleteAccountSection dialog={vm.deletion} />
    </main>
  );
});

/** Where the member is signed in. */
const SessionsCard = observer(function SessionsCard({ vm }: { vm: SecurityViewModel }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) =>
    t('security.malaysiaTime', { time: formatMalaysiaTime(iso, i18n.language) });
  return (
    <section
      className="security-card"
      aria-labelledby="security-sessions-title"
      aria-busy={vm.sessionsStatus === 'loading'}
    >
      <h2 id="security-sessions-title">{t('security.sessions.title')}</h2>
      <p className="security-muted">{t('security.sessions.text')}</p>
      {vm.sessionsStatus === 'loading' && <p role="status">{t('security.loading')}</p>}
      {vm.sessionsStatus === 'failed' && (
        <p>
          {t('security.sessions.loadFailed')}{' '}
          <button type="button" className="surface-button" onClick={vm.loadSessions}>
            {t('security.retry')}
          </button>
        </p>
      )}
      <ul className="security-list" aria-label={t('security.sessions.title')}>
        {vm.sessions.map((session) => {
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
                <button
                  type="button"
                  className="surface-button"
                  onClick={() => void vm.signOut(session)}
                  disabled={vm.signingOut !== null}
                >
                  {t('security.sessions.signOut')}
                  <span className="visually-hidden"> {device}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {vm.hasOtherSessions && (
        <button
          type="button"
          className="surface-button surface-button-danger"
          onClick={vm.signOutOthers}
          disabled={vm.signingOut !== null}
        >
          {t('security.sessions.signOutOthers')}
        </button>
      )}
    </section>
  );
});
