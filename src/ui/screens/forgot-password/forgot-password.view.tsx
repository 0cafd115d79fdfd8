import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useViewModel } from '../../../ui-kit/di';
import { Paths } from '../../shared/paths';
import { NewPasswordFields } from '../../components/new-password-fields';
import { SmsCodeEntry } from '../../components/sms-code-entry';
import { TwoStepCard } from '../../components/two-step-card';
import { TextField } from '../../../ui-kit/text-field';
import { submitWith } from '../../components/submit';
import '../../styles/auth.css';
import { ForgotPasswordViewModel } from './forgot-password.view-model';

export const ForgotPasswordScreen = observer(function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const vm = useViewModel(ForgotPasswordViewModel);
  return (
    <TwoStepCard
      step={vm.codeStep.step}
      footer={<Link to={Paths.login}>{t('forgotPassword.backToLogin')}</Link>}
    >
      {vm.codeStep.step === 1 ? (
        <>
          <h1>{t('forgotPassword.title')}</h1>
          <p className="auth-subtitle">{t('forgotPassword.intro')}</p>
          <form onSubmit={submitWith(vm.sendCode)} noValidate>
            <TextField
              name="phone_no"
              type="tel"
              label={t('forgotPassword.phoneNumber')}
              value={vm.phoneNo}
              onChange={vm.setPhone}
              error={vm.phoneError}
              placeholder={t('signUp.phonePlaceholder')}
              autoComplete="tel"
              inputMode="tel"
              disabled={vm.busy}
            />
            <button type="submit" className="button-primary" disabled={vm.busy} aria-busy={vm.busy}>
              {vm.status === 'sending' ? t('forgotPassword.sending') : t('forgotPassword.sendCode')}
            </button>
          </form>
        </>
      ) : (
        <>
          <h1>{t('forgotPassword.resetTitle')}</h1>
          <p className="auth-subtitle">
            {t('forgotPassword.codeSentTo', { phone: vm.codeStep.sentTo })}
          </p>
          <form onSubmit={submitWith(vm.reset)} noValidate>
            <SmsCodeEntry
              step={vm.codeStep}
              onChange={vm.setCode}
              digitsOnly
              label={t('forgotPassword.smsCode')}
              error={vm.errors.code}
              locked={vm.status === 'resetting' || vm.status === 'done'}
              onResend={() => void vm.sendCode()}
              busy={vm.busy}
            />
            <NewPasswordFields
              name="new_password"
              labels={{
                password: t('forgotPassword.newPassword'),
                confirmPassword: t('forgotPassword.confirmNewPassword'),
              }}
              values={{ password: vm.newPassword, confirmPassword: vm.confirmPassword }}
              errors={{
                password: vm.errors.newPassword,
                confirmPassword: vm.errors.confirmPassword,
              }}
              onChange={(field, value) =>
                vm.setField(field === 'password' ? 'newPassword' : 'confirmPassword', value)
              }
              disabled={vm.busy}
            />
            <button type="submit" className="button-primary" disabled={vm.busy} aria-busy={vm.busy}>
              {vm.status === 'resetting'
                ? t('forgotPassword.resetting')
                : t('forgotPassword.reset')}
            </button>
          </form>
        </>
      )}
    </TwoStepCard>
  );
});
