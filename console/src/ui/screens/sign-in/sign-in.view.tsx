import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useService, useViewModel } from '../../../../../src/ui-kit/di';
import { PasswordField } from '../../../../../src/ui-kit/password-field';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { TextField } from '../../../../../src/ui-kit/text-field';
import { ConsoleSettings } from '../../shared/console-settings';
import { PageHeading } from '../../shared/page-heading';
import { ConsoleSessionViewModel } from '../../shared/session.view-model';
import { SignInViewModel } from './sign-in.view-model';

/**
 * The second factor's part of the form: the authenticator's code, with the switch to a passkey
 * beside it where the browser can use one; or, with a passkey, the switch back.
 */
const SecondFactor = observer(function SecondFactor({ vm }: { vm: SignInViewModel }) {
  const { t } = useTranslation();
  const passkey = vm.mode === 'passkey';
  return (
    <>
      {passkey ? (
        <p className="field-hint">{t('signIn.passkeyHint')}</p>
      ) : (
        <TextField
          name="totp_code"
          label={t('signIn.code')}
          hint={t('signIn.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={vm.code}
          onChange={vm.setCode}
          error={vm.errors.totp_code}
        />
      )}
      {vm.passkeyAvailable && (
        <SurfaceButton disabled={vm.busy} onClick={() => vm.setMode(passkey ? 'code' : 'passkey')}>
          {passkey ? t('signIn.useCode') : t('signIn.usePasskey')}
        </SurfaceButton>
      )}
    </>
  );
});

/** Sign-in: e-mail, password and the authenticator's code or a passkey. */
export const SignInView = observer(function SignInView() {
  const { t } = useTranslation();
  const vm = useViewModel(SignInViewModel);
  const session = useService(ConsoleSessionViewModel);
  const firstError = vm.firstError;
  const submitText = vm.mode === 'passkey' ? 'signIn.submitPasskey' : 'signIn.submit';

  // A refused submit puts the focus on the first field at fault.
  useEffect(() => {
    if (firstError) document.getElementById(`field-${firstError}`)?.focus();
  }, [firstError, vm.errors]);

  return (
    <main id="main" className="console-main console-narrow">
      <ConsoleSettings />
      <section className="surface-panel console-card">
        <PageHeading>{t('signIn.title')}</PageHeading>
        {session.ended && (
          <p className="console-notice" role="status">
            {t('signIn.ended')}
          </p>
        )}
        <form
          className="console-form"
          noValidate
          aria-label={t('signIn.title')}
          onSubmit={(event) => {
            event.preventDefault();
            void vm.submit();
          }}
        >
          <TextField
            name="email"
            type="email"
            label={t('signIn.email')}
            autoComplete="username"
            value={vm.email}
            onChange={vm.setEmail}
            error={vm.errors.email}
          />
          <PasswordField
            name="password"
            label={t('signIn.password')}
            value={vm.password}
            onChange={vm.setPassword}
            error={vm.errors.password}
          />
          <SecondFactor vm={vm} />
          {vm.failure && (
            <p className="console-failure" role="alert">
              {t(vm.failure)}
            </p>
          )}
          <SurfaceButton type="submit" tone="primary" aria-busy={vm.busy} disabled={vm.busy}>
            {vm.busy ? t('signIn.busy') : t(submitText)}
          </SurfaceButton>
        </form>
      </section>
    </main>
  );
});
