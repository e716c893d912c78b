import type { UserInfo } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api-client.ts'
import { useSession } from './session-store.ts'

export const USER_INFO_QUERY = 'user-info'

/**
 * The signed-in user, fetched again whenever the token changes. It is marked `initial`: a 999 here
 * only clears the session, and the route guard then sends a visitor on a protected page to /login.
 */
export function useUserInfo(options: { refetchOnMount?: boolean | 'always' } = {}) {
  const token = useSession((state) => state.token)
  return useQuery({
    queryKey: [USER_INFO_QUERY, token],
    enabled: token !== null,
    refetchOnMount: options.refetchOnMount ?? true,
    queryFn: async ({ signal }) => {
      const user = await api.get<UserInfo>('/api/user/info', { initial: true, silent: true, signal })
      // A sign-out while this was in flight must not bring the old user back.
      if (useSession.getState().token === token) useSession.getState().setUser(user)
      return user
    },
  })
}
