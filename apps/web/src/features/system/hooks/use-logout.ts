import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useSession } from '../../../shared/session/session-store.ts'
import { logout } from '../api/system-api.ts'

/** Signs out on the server, forgets the session here whatever the answer, and goes home. */
export function useLogout() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return useCallback(async () => {
    try {
      await logout()
    } catch {
      // Already signed out there, or unreachable: the local sign-out below is what matters.
    }
    // Leave the guarded page first: clearing the session there would make its guard send the user to /login.
    await navigate('/', { replace: true })
    useSession.getState().clear()
    queryClient.clear()
  }, [navigate, queryClient])
}
