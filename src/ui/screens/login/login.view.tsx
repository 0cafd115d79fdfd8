import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useViewModel } from '../../../ui-kit/di';
import { Paths } from '../../shared/paths';
import { boundField } from '../../components/bound-field';
import { PasswordField } from '../../../ui-kit/password-field';
import { TextField } from '../../../ui-kit/text-field';
import { submitWith } from '../../components/submit';
import '../../styles/auth.css';
import './login.css';
import { LoginViewModel } from './login.view-model';

export const LoginScreen = observer(function LoginScreen() {
  const { t } = useTranslation();
  const vm = useViewModel(LoginViewModel);
  const [params] = useSearchParams();
  const next = params.get('next');
  useEffect(() => vm.setReturnTo(next), [vm, next]);
  // Passkeys in the IC field's suggestions, where the browser offers them.
  useEffect(() => {
    void vm.startAutofill();
  }, [vm]);
  return (
    <main id="main" className="card auth-card">
      <h1>{t('login.title')}</h1>
      <p className="auth-subtitle">{t('login.subtitle')}</p>
      {vm.sessionEnded && (
        <p className="auth-notice" role="alert">
          {t('session.expired')}
        </p>
      )}
      <form onSubmit={submitWith(vm.submit)} noValidate>
        <TextField
          name="ic_or_passport"
          label={t('login.icOrPassport')}
          {...boundField(vm, 'icOrPassport')}
          autoComplete={vm.passkeySupported ? 'username webauthn' : 'username'}
          disabled={vm.busy}
        />
        <PasswordField
          name="password"
          label={t('login.password')}
          {...boundField(vm, 'password')}
          disabled={vm.busy}
        />
        <div className="auth-row-end">
          <Link to={Paths.forgotPassword}>{t('login.forgotPassword')}</Link>
        </div>
        <button type="submit" className="button-primary" disabled={vm.busy} aria-busy={vm.busy}>
          {vm.busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      {vm.passkeySupported && (
        <div className="auth-passkey">
          <p className="auth-divider">
            <span>{t('login.or')}</span>
          </p>
          <button
            type="button"
            className="button-secondary"
            onClick={vm.signInWithPasskey}
            disabled={vm.busy}
            aria-busy={vm.status === 'passkey'}
          >
            {vm.status === 'passkey' ? t('login.passkeyWaiting') : t('login.passkey')}
          </button>
        </div>
      )}
      <p className="auth-footer">
        {t('login.noAccount')} <Link to={Paths.signUp}>{t('login.signUp')}</Link>
      </p>
    </main>
  );
});
