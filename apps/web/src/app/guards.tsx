import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../lib/navigation';
import { isAgent, isLoggedIn, isOperator, useSession } from '../lib/session';
import { ForbiddenPage } from './pages/forbidden-page';

/** Pages that need a session (SPEC §2): without a token, go and log in first. */
export function RequireSession() {
  const loggedIn = useSession(isLoggedIn);
  const location = useLocation();
  if (!loggedIn) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <Outlet />;
}

/**
 * The console pages a personal agent may open (decisions 0127, 0137): the sourcing queue and
 * their desk (their users, a user, one order); the server limits what they see.
 */
const AGENT_PAGES = /^\/admin\/(sourcing(\/[^/]+\/product)?|desk(\/[^/]+(\/orders\/[^/]+)?)?)\/?$/i;

/**
 * The operator console: a session AND the operator role (user_info.role). A personal agent gets
 * the sourcing queue only (and is sent there from the console's start).
 */
export function RequireOperator() {
  const loggedIn = useSession(isLoggedIn);
  const operator = useSession(isOperator);
  const agent = useSession(isAgent);
  const location = useLocation();
  if (!loggedIn) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  if (agent && /^\/admin\/?$/i.test(location.pathname)) return <Navigate to="/admin/sourcing" replace />;
  if (!operator && !(agent && AGENT_PAGES.test(location.pathname))) return <ForbiddenPage />;
  return <Outlet />;
}
