import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useSession } from '../../../common/session/session-store.ts'
import { logout } from '../api/system-api.ts'

/** Signs out on the server, forgets the session here whatever the answer, and goes home. */
export function useLogout() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return useCallback(async () => {
    useSession.getState().startSignOut()
    try {
      // While still signed in: this device stops getting the user's notices.
      const push = await import('../../../common/notices/push-device.ts')
      await push.releasePushDevice()
    } catch {
      // No push, or the server is unreachable: the subscription moves at the next sign-in anyway.
    }
    try {
      await logout()
    } catch {
      // Already signed out there, or unreachable: the local sign-out below is what matters.
    }
    // The cache goes before the page changes: clearing it afterwards would cancel, silently, the
    // home screen's first fetches (its list would never appear).
    queryClient.clear()
    await navigate('/', { replace: true })
    useSession.getState().clear()
    // The router renders the new page in a transition: until it commits, the guarded page may render
    // again without a session, and must not send the user to /login. RequireAuth waits while signing
    // out, and ends the sign-out as that page unmounts.
  }, [navigate, queryClient])
}
