import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { loginPath } from '../../common/lib/navigation.ts'
import { useSession } from '../../common/session/session-store.ts'
import { SCREENS } from '../screens.ts'

/**
 * Routes marked "Login: yes" in docs/product.md "Screens". A visitor goes to /login?from=<wanted path and
 * query>; the guard follows the session, so a sign-out or a 999 on such a page leads there too.
 */
export function RequireAuth() {
  const token = useSession((state) => state.token)
  const signingOut = useSession((state) => state.signingOut)
  const location = useLocation()
  // A sign-out is over once the guarded page it left has gone (the router has committed the page it
  // went to, however long that render took on a slow phone), or when a guarded page is opened after
  // it: either way, from then on a visitor here goes to /login.
  useEffect(() => {
    endFinishedSignOut()
    return endFinishedSignOut
  }, [])
  // A sign-out is on its way home: the page it leaves must not send the user to /login meanwhile.
  if (!token)
    return signingOut ? null : <Navigate to={loginPath(location.pathname + location.search)} replace />
  return <Outlet />
}

function endFinishedSignOut(): void {
  const session = useSession.getState()
  if (session.signingOut && !session.token) session.endSignOut()
}

/**
 * Before the router starts: a visitor who opens a signed-in screen (Orders, Mine, a link to one) is
 * sent to /login as RequireAuth would send them, so that the router does not first fetch and run the
 * code of a screen they cannot see, then the sign-in screen's. RequireAuth still guards every later
 * navigation; the app shell's script draws /login for the same visitor (app/layout/boot-shell.ts).
 */
export function sendVisitorToLogin(): void {
  if (useSession.getState().token) return
  const { pathname, search } = window.location
  // The screens' paths have no parameters: the address, less a trailing slash, is the path.
  const address = pathname.replace(/(.)\/+$/, '$1')
  const screen = SCREENS.find((entry) => entry.path === address)
  if (!screen || screen.access === 'public') return
  window.history.replaceState(null, '', loginPath(pathname + search))
}
