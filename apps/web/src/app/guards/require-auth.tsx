import { Navigate, Outlet, useLocation } from 'react-router'
import { loginPath } from '../../shared/lib/navigation.ts'
import { useSession } from '../../shared/session/session-store.ts'

/**
 * Routes marked "Login: yes" in SPEC.md section 2. A visitor goes to /login?from=<wanted path and
 * query>; the guard follows the session, so a sign-out or a 999 on such a page leads there too.
 */
export function RequireAuth() {
  const token = useSession((state) => state.token)
  const signingOut = useSession((state) => state.signingOut)
  const location = useLocation()
  // A sign-out is on its way home: the page it leaves must not send the user to /login meanwhile.
  if (!token)
    return signingOut ? null : <Navigate to={loginPath(location.pathname + location.search)} replace />
  return <Outlet />
}
