import { Navigate, Outlet, useLocation } from 'react-router'
import { loginPath } from '../../shared/lib/navigation.ts'
import { useSession } from '../../shared/session/session-store.ts'

/**
 * Routes marked "Login: yes" in SPEC.md section 2. A visitor goes to /login?from=<wanted path and
 * query>; the guard follows the session, so a sign-out or a 999 on such a page leads there too.
 */
export function RequireAuth() {
  const token = useSession((state) => state.token)
  const location = useLocation()
  if (!token) return <Navigate to={loginPath(location.pathname + location.search)} replace />
  return <Outlet />
}
