import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useService } from '../app/di';
import { Paths } from '../app/paths';
import { SessionViewModel } from '../app/session.view-model';
import { Spinner } from './spinner';

/**
 * The spec: a centred spinner while the session loads, the content for a member with a user
 * and a token, otherwise /login replacing the history entry.
 */
export const RequireAuth = observer(function RequireAuth({ children }: { children: ReactNode }) {
  const session = useService(SessionViewModel);
  useEffect(() => session.start(), [session]);
  if (session.status === 'loading') return <Spinner centred />;
  if (!session.isAuthenticated) return <Navigate to={Paths.login} replace />;
  return <>{children}</>;
});
