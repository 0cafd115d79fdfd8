import { observer } from 'mobx-react-lite';
import { CodeBoxes } from './code-boxes';
import { CodeExpiry } from './code-expiry';
import type { CodeStep } from './code-step';

/** The SMS-code boxes with their expiry countdown and Resend button (sign-up, password reset). */
export const SmsCodeEntry = observer(function SmsCodeEntry({
  step,
  onChange,
  digitsOnly,
  label,
  error,
  locked,
  onResend,
  busy,
}: {
  step: CodeStep;
  onChange: (code: string[]) => void;
  digitsOnly: boolean;
  label: string;
  /** An i18n key. */
  error?: string | null;
  /** The code was accepted or is being checked: the boxes take no more typing. */
  locked: boolean;
  onResend: () => void;
  busy: boolean;
}) {
  return (
    <>
      <CodeBoxes
        autoFocus
        value={step.code}
        onChange={onChange}
        digitsOnly={digitsOnly}
        label={label}
        error={error}
        disabled={locked}
      />
      <CodeExpiry
        timer={step.timer}
        onResend={onResend}
        busy={busy}
        expiryKnown={step.expiryKnown}
      />
    </>
  );
});
