import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NATIONALITIES, type Nationality } from '../../../contract/rules';
import { useViewModel } from '../../../ui-kit/di';
import { Paths } from '../../shared/paths';
import { boundField } from '../../components/bound-field';
import { FieldFrame } from '../../../ui-kit/field-frame';
import { NewPasswordFields } from '../../components/new-password-fields';
import { SmsCodeEntry } from '../../components/sms-code-entry';
import { TwoStepCard } from '../../components/two-step-card';
import { TextField } from '../../../ui-kit/text-field';
import { submitWith } from '../../components/submit';
import '../../styles/auth.css';
import { SignUpViewModel } from './sign-up.view-model';

const nationalityKey: Record<Nationality, string> = {
  Malaysian: 'signUp.malaysian',
  'Non-Malaysian': 'signUp.nonMalaysian',
};

export const SignUpScreen = observer(function SignUpScreen() {
  const { t } = useTranslation();
  const vm = useViewModel(SignUpViewModel);
  return (
    <TwoStepCard
      step={vm.codeStep.step}
      footer={
        <>
          {t('signUp.haveAccount')} <Link to={Paths.login}>{t('signUp.logIn')}</Link>
        </>
      }
    >
      {vm.codeStep.step === 1 ? (
        <>
          <h1>{t('signUp.createAccount')}</h1>
          <form onSubmit={submitWith(vm.proceed)} noValidate>
            <TextField
              name="name"
              label={t('signUp.fullName')}
              {...boundField(vm, 'name')}
              autoComplete="name"
              disabled={vm.busy}
            />
            <FieldFrame
              id="field-nationality"
              label={t('signUp.nationality')}
              error={vm.errors.nationality}
            >
              {(control) => (
                <select
                  {...control}
                  name="nationality"
                  value={vm.nationality}
                  onChange={(event) => vm.setNationality(event.target.value as Nationality)}
                  disabled={vm.busy}
                >
                  {NATIONALITIES.map((nationality) => (
                    <option key={nationality} value={nationality}>
                      {t(nationalityKey[nationality])}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
            <TextField
              name="ic_or_passport"
              label={t('signUp.icOrPassport')}
              {...boundField(vm, 'icOrPassport')}
              disabled={vm.busy}
            />
            <TextField
              name="phone_no"
              type="tel"
              label={t('signUp.phoneNumber')}
              hint={t('signUp.phoneHint')}
              {...boundField(vm, 'phoneNo')}
              autoComplete="tel"
              placeholder={t('signUp.phonePlaceholder')}
              inputMode="tel"
              disabled={vm.busy}
            />
            <NewPasswordFields
              name="password"
              labels={{
                password: t('signUp.password'),
                confirmPassword: t('signUp.confirmPassword'),
              }}
              values={{ password: vm.password, confirmPassword: vm.confirmPassword }}
              errors={vm.errors}
              onChange={vm.setField}
              disabled={vm.busy}
            />
            <button type="submit" className="button-primary" disabled={vm.busy} aria-busy={vm.busy}>
              {vm.status === 'verifying' || vm.status === 'sending'
                ? t('signUp.verifying')
                : t('signUp.proceed')}
            </button>
            {/* Says at once what is being waited for, each time Proceed is pressed. */}
            <p className="auth-progress" role="status">
              {(vm.status === 'verifying' || vm.status === 'sending') && (
                <>
                  <span className="spinner auth-spinner" aria-hidden="true" />
                  {vm.status === 'verifying' ? t('signUp.checkingPhone') : t('signUp.sendingCode')}
                </>
              )}
            </p>
          </form>
        </>
      ) : (
        <>
          <h1>{t('signUp.verifyPhone')}</h1>
          <p className="auth-subtitle">{t('signUp.codeSentTo', { phone: vm.codeStep.sentTo })}</p>
          <form onSubmit={submitWith(vm.submitCode)} noValidate>
            {vm.passwordNeeded && (
              <>
                <p className="field-hint">{t('signUp.passwordAgain')}</p>
                <NewPasswordFields
                  name="password"
                  labels={{
                    password: t('signUp.password'),
                    confirmPassword: t('signUp.confirmPassword'),
                  }}
                  values={{ password: vm.password, confirmPassword: vm.confirmPassword }}
                  errors={vm.errors}
                  onChange={vm.setField}
                  disabled={vm.busy}
                />
              </>
            )}
            <SmsCodeEntry
              step={vm.codeStep}
              onChange={vm.setCode}
              digitsOnly={false}
              label={t('signUp.verificationCode')}
              error={vm.codeError}
              locked={vm.status === 'registering' || vm.status === 'registered'}
              onResend={() => void vm.resend()}
              busy={vm.busy}
            />
            <button type="submit" className="button-primary" disabled={vm.busy} aria-busy={vm.busy}>
              {vm.status === 'registering' ? t('signUp.registering') : t('signUp.register')}
            </button>
          </form>
        </>
      )}
    </TwoStepCard>
  );
});
