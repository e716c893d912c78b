import type { LoginResult } from '@tp/contracts/light'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { safeFrom } from '../../../common/lib/navigation.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { USER_INFO_QUERY } from '../../../common/session/use-user-info.ts'

/** The checked `from` of this screen's URL (open-redirect guard), and the query to pass it on. */
export function useFrom() {
  const [params] = useSearchParams()
  const from = safeFrom(params.get('from'))
  const fromQuery = from === '/' ? '' : `?from=${encodeURIComponent(from)}`
  return { from, fromQuery }
}

/** Keeps a login answer in the session and returns to where the user was going. */
export function useCompleteSignIn() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const signIn = useSession((state) => state.signIn)
  const { from } = useFrom()
  return useCallback(
    (result: LoginResult) => {
      signIn(result.token, result.user)
      queryClient.setQueryData([USER_INFO_QUERY, result.token], result.user)
      // A device with push on now gets this user's notices, nobody else's (loaded only when used).
      void import('../../../common/notices/push-device.ts')
        .then((push) => push.adoptPushDevice())
        .catch(() => undefined)
      navigate(from, { replace: true })
    },
    [from, navigate, queryClient, signIn],
  )
}
