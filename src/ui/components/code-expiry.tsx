import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SmsCodeCountdown } from '../../domain/use-cases/sms-code-lifecycle.use-case';

/** 'Code expires in 4:59' and the Resend button, disabled until the server's cooldown passes. */
export const CodeExpiry = observer(function CodeExpiry({
  timer,
  onResend,
  busy,
  expiryKnown = true,
}: {
  timer: SmsCodeCountdown;
  onResend: () => void;
  busy: boolean;
  /** False for a code whose expiry this tab never heard: no countdown is shown for it. */
  expiryKnown?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="code-expiry">
      {/* role="timer" is not announced on every tick (implicit aria-live off). */}
      {expiryKnown && (
        <p role="timer">
          {timer.expired
            ? t('common.codeExpired')
            : t('common.codeExpiresIn', { time: timer.expiresIn })}
        </p>
      )}
      <p>
        {t('common.didNotReceive')}{' '}
        <button
          type="button"
          className="button-link"
          onClick={onResend}
          disabled={busy || !timer.canResend}
          aria-describedby={timer.canResend ? undefined : 'resend-wait'}
        >
          {t('common.resend')}
        </button>
        {!timer.canResend && (
          <span id="resend-wait" className="field-hint">
            {' '}
            ({t('common.resendIn', { seconds: timer.resendInSeconds })})
          </span>
        )}
      </p>
    </div>
  );
});
