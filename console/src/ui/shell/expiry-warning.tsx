import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../../src/ui-kit/modal-dialog';
import { SurfaceButton } from '../../../../src/ui-kit/surface-button';
import { useService } from '../../../../src/ui-kit/di';
import { formatTime } from '../shared/format';
import { ConsoleSessionViewModel } from '../shared/session.view-model';

/**
 * A minute before the session ends: "Stay signed in" (GET /auth/session moves the idle end on)
 * or "Sign out". At the 12-hour end nothing can keep the session, so the dialog only says so.
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
    <ModalDialog
      open={open}
      title={t('expiry.title')}
      onClose={close}
      describedBy="expiry-text"
      className="console-expiry"
    >
      <p id="expiry-text">
        {warning === 'absolute' ? t('expiry.absolute', { at }) : t('expiry.idle', { at })}
      </p>
      {session.stayFailure && (
        <p className="console-failure" role="alert">
          {t(session.stayFailure)}
        </p>
      )}
      {/* The first button has the focus when the dialog opens: keeping the session is Enter. */}
      <div className="console-dialog-actions">
        {warning === 'idle' ? (
          <SurfaceButton
            tone="primary"
            disabled={session.staying}
            onClick={() => void session.stay()}
          >
            {t('expiry.stay')}
          </SurfaceButton>
        ) : (
          <SurfaceButton tone="primary" onClick={close}>
            {t('common.close')}
          </SurfaceButton>
        )}
        <SurfaceButton onClick={() => void session.signOut()}>{t('frame.signOut')}</SurfaceButton>
      </div>
    </ModalDialog>
  );
});
