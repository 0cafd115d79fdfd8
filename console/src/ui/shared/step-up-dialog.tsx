import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useService } from '../../../../src/ui-kit/di';
import { DialogActions } from '../../../../src/ui-kit/dialog-actions';
import { ModalDialog } from '../../../../src/ui-kit/modal-dialog';
import { SurfaceButton } from '../../../../src/ui-kit/surface-button';
import { TextField } from '../../../../src/ui-kit/text-field';
import { StepUpViewModel } from './step-up.view-model';

/**
 * "Confirm it's you": shown when an action wants the second factor again. The authenticator's
 * code, or a passkey where the browser can use one; the action then goes ahead by itself.
 */
export const StepUpDialog = observer(function StepUpDialog() {
  const { t } = useTranslation();
  const vm = useService(StepUpViewModel);
  const passkey = vm.mode === 'passkey';
  return (
    <ModalDialog
      open={vm.open}
      title={t('stepUp.title')}
      onClose={vm.cancel}
      describedBy="step-up-text"
    >
      <form
        className="console-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void vm.submit();
        }}
      >
        <p id="step-up-text">{passkey ? t('stepUp.passkeyText') : t('stepUp.codeText')}</p>
        {!passkey && (
          <TextField
            name="step_up_code"
            label={t('signIn.code')}
            hint={t('signIn.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={vm.code}
            onChange={vm.setCode}
            error={vm.codeError}
          />
        )}
        {vm.passkeyAvailable && (
          <SurfaceButton
            disabled={vm.busy}
            onClick={() => vm.setMode(passkey ? 'code' : 'passkey')}
          >
            {passkey ? t('signIn.useCode') : t('stepUp.usePasskey')}
          </SurfaceButton>
        )}
        {vm.failure && (
          <p className="console-failure" role="alert">
            {t(vm.failure)}
          </p>
        )}
        <DialogActions
          className="console-dialog-actions"
          busy={vm.busy}
          onCancel={vm.cancel}
          cancelText={t('common.cancel')}
          submitText={passkey ? t('stepUp.submitPasskey') : t('stepUp.submit')}
          busyText={t('common.working')}
        />
      </form>
    </ModalDialog>
  );
});
