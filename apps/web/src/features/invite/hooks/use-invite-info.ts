import { useQuery } from '@tanstack/react-query'
import { fetchInviteInfo, INVITE_INFO_QUERY } from '../api/invite-api.ts'

/** Fetched afresh on every visit: the count grows while the user is away. */
export function useInviteInfo() {
  return useQuery({
    queryKey: [INVITE_INFO_QUERY],
    queryFn: ({ signal }) => fetchInviteInfo(signal),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
