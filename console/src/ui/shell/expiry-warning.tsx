import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useService } from '../../../../src/ui-kit/di';
import { SessionWarning } from '../../../../src/ui-kit/session-warning';
import { formatTime } from '../shared/format';
import { ConsoleSessionViewModel } from '../shared/session.view-model';

/**
 * A minute before the session ends: "Stay signed in" (GET /auth/session moves the idle end on)
 * or "Sign out". At the 12-hour end nothing can keep the session, so the dialog only says so.
 * Drawn by the UI kit's session warning.
 */
export const ExpiryWarning = observer(function ExpiryWarning() {
  const { t, i18n } = useTranslation();
  const session = useService(ConsoleSessionViewModel);
  // An absolute-end warning, once read, is closed for that end.
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const warning = session.warning;
  const endsAt = session.endsAt;
  const open = warning !== null && !(warning === 'absolute' && closedFor === endsAt);
  // Malaysia time, as every screen's times; named here, over whichever screen it opens.
  const at =
    endsAt === null
      ? null
      : `${formatTime(new Date(endsAt).toISOString(), i18n.language)} ${t('time.abbreviation')}`;
  const close = () => (warning === 'idle' ? void session.stay() : setClosedFor(endsAt));
  return (
    <SessionWarning
      open={open}
      title={t('expiry.title')}
      text={warning === 'absolute' ? t('expiry.absolute', { at }) : t('expiry.idle', { at })}
      failure={session.stayFailure && t(session.stayFailure)}
      keep={
        warning === 'idle'
          ? { label: t('expiry.stay'), onClick: () => void session.stay(), busy: session.staying }
          : { label: t('common.close'), onClick: close }
      }
      signOut={{ label: t('frame.signOut'), onClick: () => void session.signOut() }}
      onClose={close}
      actionsClassName="console-dialog-actions"
      failureClassName="console-failure"
    />
  );
});
