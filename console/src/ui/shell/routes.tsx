import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { useService } from '../../../../src/ui-kit/di';
import { AuditView } from '../screens/audit/audit.view';
import { EnrolmentView } from '../screens/enrolment/enrolment.view';
import { MemberView } from '../screens/member/member.view';
import { MemberSearchView } from '../screens/members/member-search.view';
import { NotFoundView } from '../screens/not-found/not-found.view';
import { OperatorsView } from '../screens/operators/operators.view';
import { PaymentView } from '../screens/payment/payment.view';
import { PaymentSearchView } from '../screens/payments/payment-search.view';
import { RefundsQueueView } from '../screens/refunds/refunds-queue.view';
import { ReportsView } from '../screens/reports/reports.view';
import { SignInView } from '../screens/sign-in/sign-in.view';
import { ConsoleSessionViewModel } from '../shared/session.view-model';
import { ConsoleFrame } from './console-frame';
import { useConsoleTitle } from './page-title';

/**
 * The console's routes. /enrol is open to anyone holding a link; every other address shows the
 * sign-in page until a session exists, then the page it names, if the role opens it. A page the
 * role does not open is not routed at all: its address shows the not-found page, as an unknown
 * one does.
 */
export const ConsoleRoutes = observer(function ConsoleRoutes() {
  const { t } = useTranslation();
  const session = useService(ConsoleSessionViewModel);
  useConsoleTitle(session.signedIn);
  if (session.state.kind === 'checking') {
    return (
      <div className="console-checking" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }
  const pages = new Set(session.pages.map((page) => page.id));
  return (
    <Routes>
      <Route path="/enrol" element={<EnrolmentView />} />
      {!session.signedIn ? (
        <Route path="*" element={<SignInView />} />
      ) : (
        <Route element={<FramedPage />}>
          <Route index element={<Navigate to={session.pages[0]?.path ?? '/not-found'} replace />} />
          {pages.has('members') && <Route path="members" element={<MemberSearchView />} />}
          {pages.has('members') && <Route path="members/:id" element={<MemberView />} />}
          {pages.has('payments') && <Route path="payments" element={<PaymentSearchView />} />}
          {pages.has('payments') && <Route path="payments/:id" element={<PaymentView />} />}
          {pages.has('refunds') && <Route path="refunds" element={<RefundsQueueView />} />}
          {pages.has('reports') && <Route path="reports" element={<ReportsView />} />}
          {pages.has('operators') && <Route path="operators" element={<OperatorsView />} />}
          {pages.has('audit') && <Route path="audit" element={<AuditView />} />}
          <Route path="*" element={<NotFoundView />} />
        </Route>
      )}
    </Routes>
  );
});

/** Every signed-in page inside the console's frame. */
function FramedPage() {
  return (
    <ConsoleFrame>
      <Outlet />
    </ConsoleFrame>
  );
}
