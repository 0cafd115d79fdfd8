import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailRow } from '../../components/detail-row';
import { useLoadedViewModel } from '../../../ui-kit/loaded-view-model';
import { ModalDialog } from '../../../ui-kit/modal-dialog';
import { NewPasswordFields } from '../../components/new-password-fields';
import { PhoneInput } from '../../components/phone-input';
import { PhoneInputA11y } from '../../components/phone-input-a11y';
import { submitWith } from '../../components/submit';
import { SurfaceButton } from '../../../ui-kit/surface-button';
import '../../../ui-kit/theme.css';
import '../../../ui-kit/surface-button.css';
import './profile.css';
import './profile-phone-input.css';
import { ProfileViewModel, type EditableField } from './profile.view-model';
import { SecurityLink } from './security-link';
import { DialogActions } from '../../../ui-kit/dialog-actions';

/** The country dropdown is at most 200px tall. */
const COUNTRY_DROPDOWN_STYLE = { maxHeight: 200 };

/** The profile screen: read, edit name/phone inline, change the password. */
export const ProfileScreen = observer(function ProfileScreen() {
  const vm = useLoadedViewModel(ProfileViewModel);
  const { t } = useTranslation();
  const orNA = (value: string | null | undefined) => value ?? t('profile.notAvailable');

  return (
    <main id="main" className="profile-page">
      <section
        className="profile-card surface-panel"
        aria-labelledby="profile-title"
        aria-busy={vm.status === 'loading'}
      >
        <header className="profile-header">
          <h1 id="profile-title">{t('profile.title')}</h1>
          <p className="profile-subtitle">{t('profile.subtitle')}</p>
        </header>

        {vm.status === 'loading' ? (
          <div className="profile-loading" role="status">
            <span className="profile-spinner" aria-hidden="true" />
            {t('profile.loading')}
          </div>
        ) : (
          <>
            {vm.status === 'failed' && (
              <div className="profile-load-failed">
                <p>{t('profile.loadFailed')}</p>
                <SurfaceButton onClick={vm.load}>{t('profile.retry')}</SurfaceButton>
              </div>
            )}
            <dl className="profile-fields">
              <EditableRow
                vm={vm}
                field="name"
                label={t('profile.fullName')}
                value={orNA(vm.name)}
              />
              <EditableRow
                vm={vm}
                field="phone_no"
                label={t('profile.phoneNumber')}
                value={orNA(vm.phoneNo)}
              />
              <Row label={t('profile.password')}>
                <span>••••••••</span>
                {vm.status === 'displayed' && (
                  <button type="button" className="profile-link-button" onClick={vm.password.open}>
                    {t('profile.changePassword')}
                  </button>
                )}
              </Row>
              <Row label={t('profile.icOrPassport')}>{orNA(vm.icOrPassport)}</Row>
              <Row label={t('profile.userId')}>{orNA(vm.userId)}</Row>
              <Row label={t('profile.memberSince')}>
                {/* The browser's own locale decides the date format. */}
                {vm.memberSince ? vm.memberSince.toLocaleDateString() : t('profile.notAvailable')}
              </Row>
            </dl>
          </>
        )}

        <footer className="profile-actions">
          <SecurityLink />
          <SurfaceButton tone="primary" onClick={vm.goHome}>
            {t('profile.home')}
          </SurfaceButton>
        </footer>
      </section>

      <PasswordDialog vm={vm} />
    </main>
  );
});

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DetailRow label={label} className="profile-row">
      {children}
    </DetailRow>
  );
}

/** A field shown as text with 'Edit', or (while editing) as an input with Save and Cancel. */
const EditableRow = observer(function EditableRow({
  vm,
  field,
  label,
  value,
}: {
  vm: ProfileViewModel;
  field: EditableField;
  label: string;
  value: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const isEditing = vm.editing === field;

  // After Save or Cancel, put keyboard focus back on this field's Edit button.
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  if (!isEditing) {
    return (
      <Row label={label}>
        <span>{value}</span>
        {vm.status === 'displayed' && (
          <button
            ref={editButton}
            type="button"
            className="profile-link-button"
            onClick={() => vm.startEdit(field)}
            disabled={vm.saving}
          >
            {t('profile.edit')}
            <span className="visually-hidden"> {label}</span>
          </button>
        )}
      </Row>
    );
  }

  const describedBy = [field === 'phone_no' ? hintId : null, vm.draftError ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="profile-row profile-row-editing">
      <dt>
        <label htmlFor={id}>{label}</label>
      </dt>
      <dd>
        <form
          className="profile-inline-form"
          onSubmit={submitWith(vm.saveEdit)}
          onKeyDown={(event) => {
            // Escape inside the open country list only closes that list.
            const inCountryList = (event.target as HTMLElement).closest('.country-list');
            if (event.key === 'Escape' && !inCountryList) vm.cancelEdit();
          }}
          noValidate
        >
          {field === 'name' ? (
            <input
              id={id}
              name="name"
              type="text"
              autoComplete="name"
              value={vm.draft}
              onChange={(event) => vm.setDraft(event.target.value)}
              aria-invalid={vm.draftError ? true : undefined}
              aria-describedby={describedBy || undefined}
              autoFocus
            />
          ) : (
            <>
              <PhoneInputA11y listLabel={t('profile.countryList')}>
                <PhoneInput
                  country="my"
                  value={vm.draft}
                  onChange={(digits) => vm.setDraft(digits)}
                  autoFormat={false}
                  placeholder={t('profile.phonePlaceholder')}
                  specialLabel=""
                  dropdownStyle={COUNTRY_DROPDOWN_STYLE}
                  containerClass="profile-phone-input"
                  inputProps={{
                    id,
                    name: 'phone_no',
                    autoComplete: 'tel',
                    autoFocus: true,
                    'aria-invalid': vm.draftError ? true : undefined,
                    'aria-describedby': describedBy || undefined,
                  }}
                />
              </PhoneInputA11y>
              <p id={hintId} className="profile-hint">
                {t('profile.phoneHint')}
              </p>
            </>
          )}
          {vm.draftError && (
            <p id={errorId} role="alert" className="profile-error">
              {t(vm.draftError)}
            </p>
          )}
          <div className="profile-inline-actions">
            <SurfaceButton type="submit" tone="primary" disabled={vm.saving}>
              {vm.saving ? t('profile.saving') : t('profile.save')}
            </SurfaceButton>
            <SurfaceButton onClick={vm.cancelEdit} disabled={vm.saving}>
              {t('profile.cancel')}
            </SurfaceButton>
          </div>
        </form>
      </dd>
    </div>
  );
});

/** The 'Update Password' dialog. */
const PasswordDialog = observer(function PasswordDialog({ vm }: { vm: ProfileViewModel }) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      open={vm.password.isOpen}
      title={t('profile.passwordDialog.title')}
      onClose={vm.password.close}
    >
      <form className="profile-password-form" onSubmit={submitWith(vm.password.submit)} noValidate>
        <NewPasswordFields
          name="new_password"
          labels={{
            password: t('profile.passwordDialog.newPassword'),
            confirmPassword: t('profile.passwordDialog.confirmNewPassword'),
          }}
          values={{
            password: vm.password.newPassword,
            confirmPassword: vm.password.confirmPassword,
          }}
          errors={{
            password: vm.password.errors.new_password,
            confirmPassword: vm.password.errors.confirm_password,
          }}
          onChange={(field, value) =>
            field === 'password'
              ? vm.password.setNewPassword(value)
              : vm.password.setConfirmPassword(value)
          }
        />
        <DialogActions
          className="profile-dialog-actions"
          busy={vm.password.updating}
          onCancel={vm.password.close}
          cancelText={t('profile.passwordDialog.cancel')}
          submitText={t('profile.passwordDialog.update')}
          busyText={t('profile.passwordDialog.updating')}
        />
      </form>
    </ModalDialog>
  );
});
