import { observer } from 'mobx-react-lite';
import { toDataURL } from 'qrcode';
import type { EnrolmentInvitation } from '../../../domain/model/enrolment';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useViewModel } from '../../../../../src/ui-kit/di';
import { PasswordField } from '../../../../../src/ui-kit/password-field';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { TextField } from '../../../../../src/ui-kit/text-field';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/rules';
import { ConsoleSettings } from '../../shared/console-settings';
import { PageHeading } from '../../shared/page-heading';
import { EnrolmentViewModel, type SecondFactor } from './enrolment.view-model';

/** The authenticator's QR code, drawn in the browser from the otpauth:// URI. */
function TotpQrCode({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    toDataURL(uri, { margin: 2, width: 200, errorCorrectionLevel: 'M' })
      .then((url) => current && setSrc(url))
      .catch(() => current && setSrc(null));
    return () => {
      current = false;
    };
  }, [uri]);
  return src ? (
    <img className="console-qr" src={src} width={200} height={200} alt={t('enrol.qrAlt')} />
  ) : null;
}

/** The choice of second factor, offered where the browser can create a passkey. */
const SecondFactorChoice = observer(function SecondFactorChoice({
  vm,
}: {
  vm: EnrolmentViewModel;
}) {
  const { t } = useTranslation();
  const options: [SecondFactor, string][] = [
    ['totp', t('enrol.methodTotp')],
    ['passkey', t('enrol.methodPasskey')],
  ];
  return (
    <fieldset className="console-choice">
      <legend>{t('enrol.method')}</legend>
      {options.map(([method, label]) => (
        <label key={method}>
          <input
            type="radio"
            name="second_factor"
            value={method}
            checked={vm.method === method}
            disabled={vm.busy}
            onChange={() => vm.setMethod(method)}
          />{' '}
          {label}
        </label>
      ))}
    </fieldset>
  );
});

/** The authenticator app's set-up: its QR code and the secret as text. */
function TotpSecret({ details }: { details: EnrolmentInvitation }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t('enrol.step1')}</h2>
      <p>{t('enrol.scan')}</p>
      <TotpQrCode uri={details.totpUri} />
      <p>
        {t('enrol.secret')} <code className="console-secret">{details.totpSecret}</code>
      </p>
    </>
  );
}

/** Enrolment from a one-time link: a password and a second factor (an app's code or a passkey). */
export const EnrolmentView = observer(function EnrolmentView() {
  const { t } = useTranslation();
  const vm = useViewModel(EnrolmentViewModel);
  useEffect(() => {
    void vm.load(window.location.hash);
  }, [vm]);
  const details = vm.details;
  const totp = vm.method === 'totp';
  const submitText = totp ? 'enrol.submit' : 'enrol.createPasskey';

  return (
    <main id="main" className="console-main console-narrow">
      <ConsoleSettings />
      <section className="surface-panel console-card">
        <PageHeading>{t('enrol.title')}</PageHeading>
        {vm.phase === 'loading' && <p role="status">{t('common.loading')}</p>}
        {vm.phase === 'invalid' && (
          <p className="console-failure" role="alert">
            {t('errors.enrolmentInvalid')}
          </p>
        )}
        {vm.phase === 'done' && (
          <>
            <p role="status">{t('enrol.done')}</p>
            <Link to="/">{t('enrol.toSignIn')}</Link>
          </>
        )}
        {vm.phase === 'ready' && details && (
          <>
            <p>{t('enrol.welcome', { name: details.name, role: t(`roles.${details.role}`) })}</p>
            {vm.passkeyAvailable && <SecondFactorChoice vm={vm} />}
            {totp && <TotpSecret details={details} />}
            <h2>{totp ? t('enrol.step2') : t('enrol.passkeyStep')}</h2>
            {!totp && <p>{t('enrol.passkeyHint')}</p>}
            <form
              className="console-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void vm.submit();
              }}
            >
              <TextField
                name="email"
                label={t('signIn.email')}
                value={details.email}
                onChange={() => undefined}
                readOnly
                autoComplete="username"
              />
              <PasswordField
                name="password"
                label={t('enrol.password')}
                autoComplete="new-password"
                value={vm.password}
                onChange={vm.setPassword}
                error={vm.errors.password}
              />
              <p className="field-hint">
                {t('enrol.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
              </p>
              <PasswordField
                name="confirmation"
                label={t('enrol.confirmation')}
                autoComplete="new-password"
                value={vm.confirmation}
                onChange={vm.setConfirmation}
                error={vm.errors.confirmation}
              />
              {totp && (
                <TextField
                  name="totp_code"
                  label={t('enrol.code')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={vm.code}
                  onChange={vm.setCode}
                  error={vm.errors.totp_code}
                />
              )}
              {vm.failure && (
                <p className="console-failure" role="alert">
                  {t(vm.failure)}
                </p>
              )}
              <SurfaceButton type="submit" tone="primary" aria-busy={vm.busy} disabled={vm.busy}>
                {vm.busy ? t('common.working') : t(submitText)}
              </SurfaceButton>
            </form>
          </>
        )}
      </section>
    </main>
  );
});
