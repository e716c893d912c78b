import type { FollowList, FollowView } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api-client.ts'
import { useSession } from '../session/session-store.ts'

/**
 * The signed-in client's follows (copy trading, `/api/follow/mine`): the copies screen lists them,
 * and the orders screen names the trader a copied order follows (TransOrder.FollowId).
 */
export const FOLLOWS_QUERY = 'copy-follows'

/** How often a screen showing follows asks again (their open result moves with the market). */
const FOLLOWS_REFRESH_MS = 5_000

export function fetchFollows(signal?: AbortSignal): Promise<FollowList> {
  return api.get<FollowList>('/api/follow/mine', { silent: true, signal })
}

/** The follows while a screen shows them; nothing for a visitor. */
export function useFollows(enabled = true) {
  const token = useSession((state) => state.token)
  return useQuery({
    queryKey: [FOLLOWS_QUERY, token],
    queryFn: ({ signal }) => fetchFollows(signal),
    enabled: token !== null && enabled,
    refetchInterval: FOLLOWS_REFRESH_MS,
  })
}

/** The follow a copied order belongs to, once the follows are loaded. */
export function followOf(list: FollowList | undefined, followId: number): FollowView | undefined {
  return followId === 0 ? undefined : list?.data.find((f) => f.id === followId)
}
