import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useViewModel } from '../../../../../src/ui-kit/di';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import type { SupportAction } from '../../../domain/use-cases/member-support.use-case';
import { formatRinggit, formatTime } from '../../shared/format';
import { PageHeading } from '../../shared/page-heading';
import { ReasonDialog } from '../../shared/reason-dialog';
import { MemberViewModel } from './member.view-model';

const DANGER: readonly SupportAction[] = ['sign-out-everywhere', 'disable-sign-in'];

/** One member: status, sessions, passkeys, payments, throttle, and the support actions. */
export const MemberView = observer(function MemberView() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const vm = useViewModel(MemberViewModel);
  useEffect(() => {
    void vm.load(id);
  }, [vm, id]);
  const detail = vm.detail;
  const time = (iso: string | null) => formatTime(iso, i18n.language);
  const personalData = useRef<HTMLHeadingElement>(null);
  // After a reveal its button is gone: focus goes to the revealed data, never to <body>.
  const focusRequest = vm.focusRequest;
  useEffect(() => {
    if (focusRequest !== 'personal-data' || personalData.current === null) return;
    personalData.current.focus();
    vm.focusHandled();
  }, [vm, focusRequest]);

  if (vm.loadFailure) {
    return (
      <>
        <PageHeading>{t('member.title')}</PageHeading>
        <p className="console-failure" role="alert">
          {t(vm.loadFailure)}
        </p>
      </>
    );
  }
  const shown = vm.shown;
  if (!detail || !shown) return <p role="status">{t('common.loading')}</p>;
  const member = detail.member;

  return (
    <>
      <PageHeading times>{shown.name}</PageHeading>
      <p role="status" className="console-status">
        {vm.done && t(vm.done.key, vm.done.values)}
      </p>
      <section aria-labelledby="member-status" className="surface-panel console-card">
        <h2 id="member-status" ref={personalData} tabIndex={-1}>
          {t('member.status')}
        </h2>
        <dl className="console-facts">
          <dt>{t('members.phone')}</dt>
          <dd data-field="phone_no">{shown.phoneNo}</dd>
          <dt>{t('members.ic')}</dt>
          <dd data-field="ic_or_passport">{shown.icOrPassport}</dd>
          <dt>{t('member.signIn')}</dt>
          <dd>{member.signInDisabled ? t('member.signInDisabled') : t('member.signInEnabled')}</dd>
          <dt>{t('members.created')}</dt>
          <dd>{time(member.createdAt)}</dd>
          <dt>{t('member.lastSignIn')}</dt>
          <dd>{time(detail.lastSignInAt)}</dd>
          <dt>{t('member.throttle')}</dt>
          <dd>
            {detail.throttle.locked
              ? t('member.locked', { count: detail.throttle.failures })
              : t('member.failures', { count: detail.throttle.failures })}
          </dd>
        </dl>
        {vm.actions.length > 0 && (
          <div className="console-actions" role="group" aria-label={t('member.actions')}>
            {vm.actions.map((action) => (
              <SurfaceButton
                key={action}
                tone={DANGER.includes(action) ? 'danger' : undefined}
                onClick={() => vm.open(action)}
              >
                {t(`member.action.${action}`)}
              </SurfaceButton>
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="member-sessions" className="surface-panel console-card">
        <h2 id="member-sessions">{t('member.sessions', { count: detail.sessions.length })}</h2>
        <ul className="console-plain-list">
          {detail.sessions.map((s, index) => (
            <li key={index}>
              {s.device ?? t('member.unknownDevice')} —{' '}
              {t('member.sessionTimes', {
                started: time(s.startedAt),
                active: time(s.lastActiveAt),
              })}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="member-passkeys" className="surface-panel console-card">
        <h2 id="member-passkeys">{t('member.passkeys', { count: detail.passkeys.length })}</h2>
        <ul className="console-plain-list">
          {detail.passkeys.map((p, index) => (
            <li key={index}>
              {p.name} — {time(p.createdAt)}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="member-payments" className="surface-panel console-card">
        <h2 id="member-payments">{t('member.payments', { count: detail.payments.length })}</h2>
        {detail.payments.length > 0 && (
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t('member.paymentId')}</th>
                  <th scope="col">{t('member.amount')}</th>
                  <th scope="col">{t('member.paymentStatus')}</th>
                  <th scope="col">{t('members.created')}</th>
                </tr>
              </thead>
              <tbody>
                {vm.payments.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Link to={`/payments/${encodeURIComponent(p.id)}`}>{p.name}</Link>
                    </td>
                    <td>{formatRinggit(p.amount)}</td>
                    <td>{t(p.statusKey, { defaultValue: p.status })}</td>
                    <td>{time(p.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="member-sms" className="surface-panel console-card">
        <h2 id="member-sms">{t('member.sms', { count: detail.sms.length })}</h2>
        {detail.sms.length > 0 && (
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t('member.smsPurpose')}</th>
                  <th scope="col">{t('member.smsRequested')}</th>
                  <th scope="col">{t('member.smsStatus')}</th>
                  <th scope="col">{t('member.smsError')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.sms.map((sms, index) => (
                  <tr key={index}>
                    <td>{t(`member.smsPurposes.${sms.purpose}`, { defaultValue: sms.purpose })}</td>
                    <td>{time(sms.requestedAt)}</td>
                    <td>
                      {t(`member.smsStatuses.${sms.status ?? 'none'}`)}
                      {sms.statusAt && ` (${time(sms.statusAt)})`}
                    </td>
                    <td>{sms.error ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ReasonDialog
        open={vm.pending !== null}
        title={vm.pending ? t(`member.action.${vm.pending}`) : ''}
        description={vm.pending ? t(`member.explain.${vm.pending}`, { name: member.name }) : ''}
        reason={vm.reason}
        error={vm.reasonError}
        failure={vm.actionFailure}
        busy={vm.busy}
        confirmText={vm.pending ? t(`member.action.${vm.pending}`) : ''}
        tone={vm.pending && DANGER.includes(vm.pending) ? 'danger' : 'primary'}
        onReason={vm.setReason}
        onCancel={vm.cancel}
        onConfirm={() => void vm.confirm()}
      />
    </>
  );
});
