import { useQuery } from '@tanstack/react-query'
import { fetchIdentityCenter, IDENTITY_CENTER_QUERY } from '../api/identity-api.ts'

/** The latest check, fetched afresh on every visit (staff may have decided since). */
export function useIdentityCenter() {
  return useQuery({
    queryKey: [IDENTITY_CENTER_QUERY],
    queryFn: ({ signal }) => fetchIdentityCenter(signal),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
