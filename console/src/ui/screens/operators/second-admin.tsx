import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type {
  OperatorChangeDto,
  UnconfirmedOperatorDto,
} from '../../../../../src/contract/ops-api';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { formatTime } from '../../shared/format';
import type { OperatorsViewModel } from './operators.view-model';

/**
 * What waits for a second admin: the changes another admin asked for (a second-factor reset, a
 * grant of finance or admin), with approve and reject; and the operators an admin created or
 * re-enrolled, with confirm for an admin who was not given their link. Hidden when nothing waits.
 */
export const SecondAdminPanel = observer(function SecondAdminPanel(props: {
  vm: OperatorsViewModel;
}) {
  const { t } = useTranslation();
  const { changes, unconfirmed } = props.vm.approvals;
  if (changes.length === 0 && unconfirmed.length === 0) return null;
  return (
    <section aria-labelledby="second-admin" className="surface-panel console-card">
      <h2 id="second-admin">{t('operators.pending.title')}</h2>
      <p className="field-hint">{t('operators.pending.text')}</p>
      {changes.length > 0 && (
        <ul className="console-list" aria-label={t('operators.pending.changes')}>
          {changes.map((change) => (
            <ChangeItem key={change.id} change={change} vm={props.vm} />
          ))}
        </ul>
      )}
      {unconfirmed.length > 0 && (
        <ul className="console-list" aria-label={t('operators.pending.unconfirmed')}>
          {unconfirmed.map((waiting) => (
            <UnconfirmedItem key={waiting.operator.id} waiting={waiting} vm={props.vm} />
          ))}
        </ul>
      )}
    </section>
  );
});

const ChangeItem = observer(function ChangeItem(props: {
  change: OperatorChangeDto;
  vm: OperatorsViewModel;
}) {
  const { t, i18n } = useTranslation();
  const { change, vm } = props;
  const name = change.operator.name;
  const what =
    change.role !== null
      ? t('operators.pending.role', { name, role: t(`roles.${change.role}`) })
      : t('operators.pending.reset', { name });
  return (
    <li className="console-row">
      <h3 className="console-row-title">{what}</h3>
      <dl className="console-facts">
        <dt>{t('operators.pending.requestedBy')}</dt>
        <dd>{change.requested_by.name}</dd>
        <dt>{t('operators.pending.reason')}</dt>
        <dd>{change.reason}</dd>
        <dt>{t('operators.pending.at')}</dt>
        <dd>{formatTime(change.requested_at, i18n.language)}</dd>
      </dl>
      <div className="console-actions" role="group" aria-label={what}>
        {vm.isOwnRequest(change) ? (
          <p className="field-hint">{t('operators.pending.own')}</p>
        ) : (
          <SurfaceButton
            tone="primary"
            onClick={() => vm.open({ kind: 'approve', operator: change.operator, change })}
          >
            {t('operators.pending.approve')}
          </SurfaceButton>
        )}
        <SurfaceButton
          onClick={() => vm.open({ kind: 'reject', operator: change.operator, change })}
        >
          {t('operators.pending.reject')}
        </SurfaceButton>
      </div>
    </li>
  );
});

const UnconfirmedItem = observer(function UnconfirmedItem(props: {
  waiting: UnconfirmedOperatorDto;
  vm: OperatorsViewModel;
}) {
  const { t, i18n } = useTranslation();
  const { waiting, vm } = props;
  const why = !waiting.enrolled
    ? 'operators.pending.notEnrolled'
    : vm.isSelf(waiting.operator)
      ? 'operators.pending.self'
      : 'operators.pending.holder';
  return (
    <li className="console-row">
      <h3 className="console-row-title">
        {t('operators.pending.confirmTitle', { name: waiting.operator.name })}
      </h3>
      <dl className="console-facts">
        <dt>{t('operators.pending.linkHolder')}</dt>
        <dd>{waiting.link_holder?.name ?? t('operators.pending.commandLine')}</dd>
        <dt>{t('operators.pending.since')}</dt>
        <dd>{formatTime(waiting.since, i18n.language)}</dd>
      </dl>
      {vm.mayConfirm(waiting) ? (
        <SurfaceButton
          tone="primary"
          onClick={() => vm.open({ kind: 'confirm', operator: waiting.operator })}
        >
          {t('operators.pending.confirm')}
        </SurfaceButton>
      ) : (
        <p className="field-hint">{t(why)}</p>
      )}
    </li>
  );
});
