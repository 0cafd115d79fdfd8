import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '../../../domain/model/security';
import { rowControl, useFocusAfter, useFocusWhenEnded } from '../../components/focus-after';
import { submitWith } from '../../components/submit';
import { SurfaceButton } from '../../../ui-kit/surface-button';
import { TextField } from '../../../ui-kit/text-field';
import type { PasskeysSection } from './passkeys-section';
import { PasswordCheckDialog } from './password-check-dialog';
import { SecurityCard } from './security-card';
import { useSecurityTime } from './security-time';

/**
 * The member's passkeys; a browser without WebAuthn still lists them but cannot add one. A
 * passkey removed leaves the list: focus goes to the next row's first button (or the heading
 * when none is left), never to the page's body.
 */
export const PasskeysCard = observer(function PasskeysCard({
  section,
}: {
  section: PasskeysSection;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const after = useFocusAfter();
  const heading = () => document.getElementById('security-passkeys-title');
  return (
    <SecurityCard card="passkeys" busy={section.status === 'loading'}>
      {section.status === 'failed' && <p>{t('security.passkeys.loadFailed')}</p>}
      {section.status === 'displayed' && section.passkeys.length === 0 && (
        <p>{t('security.passkeys.none')}</p>
      )}
      <ul ref={list} className="security-list" aria-label={t('security.passkeys.title')}>
        {section.passkeys.map((passkey, index) => (
          <PasskeyItem
            key={passkey.id}
            section={section}
            passkey={passkey}
            onRemove={() =>
              after(section.remove(passkey), () => rowControl(list.current, index), heading)
            }
          />
        ))}
      </ul>
      {section.needsSiteName && (
        <p className="security-muted">{t('security.passkeys.needsSiteName')}</p>
      )}
      {section.supported && (
        <SurfaceButton tone="primary" onClick={section.openAdd}>
          {t('security.passkeys.add')}
        </SurfaceButton>
      )}
      <AddPasskeyDialog section={section} />
    </SecurityCard>
  );
});

/**
 * One passkey, or the form renaming it in its place: when the form closes (saved, cancelled or
 * Escape), focus returns to the Rename button that opened it.
 */
const PasskeyItem = observer(function PasskeyItem({
  section,
  passkey,
  onRemove,
}: {
  section: PasskeysSection;
  passkey: Passkey;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const when = useSecurityTime();
  const renameButton = useRef<HTMLButtonElement>(null);
  const renaming = section.renamingId === passkey.id;
  useFocusWhenEnded(renaming, () => renameButton.current);
  const busy = section.busyId !== null;
  if (renaming) {
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
          <SurfaceButton type="submit" tone="primary" disabled={busy}>
            {t('security.save')}
          </SurfaceButton>
          <SurfaceButton onClick={section.cancelRename}>{t('security.cancel')}</SurfaceButton>
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
        <SurfaceButton
          ref={renameButton}
          onClick={() => section.startRename(passkey)}
          disabled={busy}
        >
          {t('security.passkeys.rename')}
          <span className="visually-hidden"> {passkey.name}</span>
        </SurfaceButton>
        <SurfaceButton tone="danger" onClick={onRemove} disabled={busy}>
          {t('security.passkeys.remove')}
          <span className="visually-hidden"> {passkey.name}</span>
        </SurfaceButton>
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
    <PasswordCheckDialog
      open={section.addOpen}
      title={t('security.passkeys.addTitle')}
      onClose={section.closeAdd}
      textId="add-passkey-text"
      text={t('security.passkeys.addText')}
      onSubmit={section.submitAdd}
      form={section}
      passwordName="passkey_password"
      busy={section.adding}
      submitText={t('security.passkeys.addSubmit')}
      busyText={t('security.passkeys.adding')}
    >
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
    </PasswordCheckDialog>
  );
});
