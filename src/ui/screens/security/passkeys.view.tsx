import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '../../../domain/model/security';
import { formatMalaysiaTime } from '../../components/malaysia-time';
import { ModalDialog } from '../../components/modal-dialog';
import { PasswordField } from '../../components/password-field';
import { submitWith } from '../../components/submit';
import { TextField } from '../../components/text-field';
import type { PasskeysSection } from './passkeys-section';
import { DialogActions } from '../../components/dialog-actions';

/** The member's passkeys; a browser without WebAuthn still lists them but cannot add one. */
export const PasskeysCard = observer(function PasskeysCard({
  section,
}: {
  section: PasskeysSection;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="security-card"
      aria-labelledby="security-passkeys-title"
      aria-busy={section.status === 'loading'}
    >
      <h2 id="security-passkeys-title">{t('security.passkeys.title')}</h2>
      <p className="security-muted">{t('security.passkeys.text')}</p>
      {section.status === 'failed' && <p>{t('security.passkeys.loadFailed')}</p>}
      {section.status === 'displayed' && section.passkeys.length === 0 && (
        <p>{t('security.passkeys.none')}</p>
      )}
      <ul className="security-list" aria-label={t('security.passkeys.title')}>
        {section.passkeys.map((passkey) => (
          <PasskeyItem key={passkey.id} section={section} passkey={passkey} />
        ))}
      </ul>
      {section.supported && (
        <button
          type="button"
          className="surface-button surface-button-primary"
          onClick={section.openAdd}
        >
          {t('security.passkeys.add')}
        </button>
      )}
      <AddPasskeyDialog section={section} />
    </section>
  );
});

const PasskeyItem = observer(function PasskeyItem({
  section,
  passkey,
}: {
  section: PasskeysSection;
  passkey: Passkey;
}) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) =>
    t('security.malaysiaTime', { time: formatMalaysiaTime(iso, i18n.language) });
  const busy = section.busyId !== null;
  if (section.renamingId === passkey.id) {
    return (
      <li className="security-item">
        <form
          className="security-inline-form"
          onSubmit={submitWith(section.saveRename)}
          onKeyDown={(event) => event.key === 'Escape' && section.cancelRename()}
          noValidate
        >
          <TextField
            name="passkey_name"
            label={t('security.passkeys.name')}
            value={section.draft}
            onChange={section.setDraft}
            error={section.draftError}
            autoComplete="off"
            autoFocus
          />
          <button type="submit" className="surface-button surface-button-primary" disabled={busy}>
            {t('security.save')}
          </button>
          <button type="button" className="surface-button" onClick={section.cancelRename}>
            {t('security.cancel')}
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className="security-item" data-passkey-id={passkey.id}>
      <div>
        <p className="security-item-name">{passkey.name}</p>
        <p className="security-item-dates">
          {t('security.passkeys.created', { time: when(passkey.createdAt) })}
          <br />
          {passkey.lastUsedAt
            ? t('security.passkeys.lastUsed', { time: when(passkey.lastUsedAt) })
            : t('security.passkeys.neverUsed')}
        </p>
      </div>
      <div className="security-actions">
        <button
          type="button"
          className="surface-button"
          onClick={() => section.startRename(passkey)}
          disabled={busy}
        >
          {t('security.passkeys.rename')}
          <span className="visually-hidden"> {passkey.name}</span>
        </button>
        <button
          type="button"
          className="surface-button surface-button-danger"
          onClick={() => void section.remove(passkey)}
          disabled={busy}
        >
          {t('security.passkeys.remove')}
          <span className="visually-hidden"> {passkey.name}</span>
        </button>
      </div>
    </li>
  );
});

/** "Add a passkey": the password again and a name, then the browser's own prompt. */
const AddPasskeyDialog = observer(function AddPasskeyDialog({
  section,
}: {
  section: PasskeysSection;
}) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      open={section.addOpen}
      title={t('security.passkeys.addTitle')}
      onClose={section.closeAdd}
      describedBy="add-passkey-text"
    >
      <p id="add-passkey-text">{t('security.passkeys.addText')}</p>
      <form onSubmit={submitWith(section.submitAdd)} noValidate>
        <PasswordField
          name="passkey_password"
          label={t('security.currentPassword')}
          value={section.password}
          onChange={section.setPassword}
          error={section.errors.password}
          autoComplete="current-password"
          disabled={section.adding}
        />
        <TextField
          name="passkey_new_name"
          label={t('security.passkeys.name')}
          hint={t('security.passkeys.nameHint')}
          value={section.name}
          onChange={section.setName}
          error={section.errors.name}
          autoComplete="off"
          disabled={section.adding}
        />
        <DialogActions
          className="security-dialog-actions"
          buttonClass="surface-button"
          busy={section.adding}
          onCancel={section.closeAdd}
          cancelText={t('security.cancel')}
          submitText={t('security.passkeys.addSubmit')}
          busyText={t('security.passkeys.adding')}
        />
      </form>
    </ModalDialog>
  );
});
