import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useService } from '../../ui-kit/di';
import { Paths } from '../shared/paths';
import { SessionViewModel } from '../shared/session.view-model';
import { Spinner } from './spinner';

/**
 * A centred spinner while the session loads, the content for a member with a user
 * and a token, otherwise /login replacing the history entry. The page asked for goes along as
 * ?next=, so after logging in the member lands where they were going.
 */
export const RequireAuth = observer(function RequireAuth({ children }: { children: ReactNode }) {
  const session = useService(SessionViewModel);
  const { pathname, search } = useLocation();
  useEffect(() => session.start(), [session]);
  if (session.status === 'loading') return <Spinner centred />;
  if (!session.isAuthenticated) {
    const next = `${Paths.login}?next=${encodeURIComponent(pathname + search)}`;
    return <Navigate to={next} replace />;
  }
  return <>{children}</>;
});
