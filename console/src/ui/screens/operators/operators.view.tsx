import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { OPS_ROLES, isOpsRole } from '../../../../../src/contract/ops-roles';
import { useLoadedViewModel } from '../../../../../src/ui-kit/loaded-view-model';
import { FieldFrame } from '../../../../../src/ui-kit/field-frame';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { TextField } from '../../../../../src/ui-kit/text-field';
import { formatTime } from '../../shared/format';
import { PageHeading } from '../../shared/page-heading';
import { ReasonDialog } from '../../shared/reason-dialog';
import { EnrolmentLink } from './enrolment-link';
import { SecondAdminPanel } from './second-admin';
import { OperatorsViewModel, type OperatorRow } from './operators.view-model';

/** The admin's operators page: create, list, and each operator's role and access. */
export const OperatorsView = observer(function OperatorsView() {
  const { t } = useTranslation();
  const vm = useLoadedViewModel(OperatorsViewModel);
  const task = vm.task;
  const taskTitle =
    task === null
      ? ''
      : task.kind === 'role'
        ? t('operators.task.role', { name: task.operator.name, role: t(`roles.${task.role}`) })
        : t(`operators.task.${task.kind}`, { name: task.operator.name });

  return (
    <>
      <PageHeading times>{t('operators.title')}</PageHeading>
      <section aria-labelledby="create-operator" className="surface-panel console-card">
        <h2 id="create-operator">{t('operators.create')}</h2>
        <form
          className="console-form console-form-row"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void vm.submit();
          }}
        >
          <TextField
            name="name"
            label={t('operators.name')}
            value={vm.name}
            onChange={vm.setName}
            error={vm.createErrors.name}
            autoComplete="off"
          />
          <TextField
            name="email"
            type="email"
            label={t('signIn.email')}
            value={vm.email}
            onChange={vm.setEmail}
            error={vm.createErrors.email}
            autoComplete="off"
          />
          <FieldFrame id="field-role" label={t('operators.role')}>
            {(control) => (
              <select
                {...control}
                name="role"
                value={vm.role}
                onChange={(e) => isOpsRole(e.target.value) && vm.setRole(e.target.value)}
              >
                {OPS_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <SurfaceButton type="submit" tone="primary" disabled={vm.busy}>
            {t('operators.createSubmit')}
          </SurfaceButton>
        </form>
        {vm.createFailure && (
          <p className="console-failure" role="alert">
            {t(vm.createFailure)}
          </p>
        )}
      </section>
      {vm.link && <EnrolmentLink link={vm.link} />}
      {vm.awaitsSecondAdmin && (
        <p className="console-status" role="status">
          {t('operators.awaitsSecondAdmin')}
        </p>
      )}
      <SecondAdminPanel vm={vm} />
      {vm.loadFailure && (
        <p className="console-failure" role="alert">
          {t(vm.loadFailure)}
        </p>
      )}
      <ul className="console-list" aria-label={t('operators.list')}>
        {vm.items.map((row) => (
          <OperatorItem key={row.id} row={row} vm={vm} />
        ))}
      </ul>
      <ReasonDialog
        open={task !== null}
        title={taskTitle}
        description={task ? t(`operators.explain.${task.kind}`) : ''}
        reason={vm.reason}
        error={vm.reasonError}
        failure={vm.taskFailure}
        busy={vm.busy}
        confirmText={t('common.confirm')}
        tone={task?.kind === 'disable' ? 'danger' : 'primary'}
        onReason={vm.setReason}
        onCancel={vm.cancel}
        onConfirm={() => void vm.confirm()}
      />
    </>
  );
});

const OperatorItem = observer(function OperatorItem(props: {
  row: OperatorRow;
  vm: OperatorsViewModel;
}) {
  const { t, i18n } = useTranslation();
  const { row, vm } = props;
  const self = vm.isSelf(row);
  const state = row.disabled ? 'disabled' : row.enrolled ? 'active' : 'invited';
  return (
    <li className="surface-panel console-row">
      <h2 className="console-row-title">{row.name}</h2>
      <dl className="console-facts">
        <dt>{t('signIn.email')}</dt>
        <dd>{row.email}</dd>
        <dt>{t('operators.role')}</dt>
        <dd>{t(`roles.${row.role}`)}</dd>
        <dt>{t('operators.state')}</dt>
        <dd>{t(`operators.states.${state}`)}</dd>
        <dt>{t('members.created')}</dt>
        <dd>{formatTime(row.created_at, i18n.language)}</dd>
      </dl>
      {self ? (
        <p className="field-hint">{t('operators.self')}</p>
      ) : (
        <div
          className="console-actions"
          role="group"
          aria-label={t('operators.actionsFor', { name: row.name })}
        >
          <label className="console-inline-select">
            <span>{t('operators.changeRole')}</span>
            <select
              value={row.role}
              onChange={(e) =>
                isOpsRole(e.target.value) &&
                e.target.value !== row.role &&
                vm.open({ kind: 'role', operator: row, role: e.target.value })
              }
            >
              {OPS_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </label>
          <SurfaceButton
            tone={row.disabled ? undefined : 'danger'}
            onClick={() => vm.open({ kind: row.disabled ? 'enable' : 'disable', operator: row })}
          >
            {t(row.disabled ? 'operators.enable' : 'operators.disable')}
          </SurfaceButton>
          <SurfaceButton onClick={() => vm.open({ kind: 'reset-second-factor', operator: row })}>
            {t('operators.reset')}
          </SurfaceButton>
          {row.enrolled && (
            <SurfaceButton onClick={() => vm.open({ kind: 'clear-sign-in-lock', operator: row })}>
              {t('operators.clearLock')}
            </SurfaceButton>
          )}
        </div>
      )}
    </li>
  );
});
