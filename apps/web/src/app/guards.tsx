import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../lib/navigation';
import { isLoggedIn, isOperator, useSession } from '../lib/session';
import { ForbiddenPage } from './pages/forbidden-page';

/** Pages that need a session (SPEC §2): without a token, go and log in first. */
export function RequireSession() {
  const loggedIn = useSession(isLoggedIn);
  const location = useLocation();
  if (!loggedIn) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <Outlet />;
}

/** The operator console: a session AND the operator role (user_info.role). */
export function RequireOperator() {
  const loggedIn = useSession(isLoggedIn);
  const operator = useSession(isOperator);
  const location = useLocation();
  if (!loggedIn) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  if (!operator) return <ForbiddenPage />;
  return <Outlet />;
}
