import type { BasicInfo } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api-client.ts'

/** Site settings the client needs before sign-in; they change rarely, so one fetch per visit. */
export function useBasicInfo() {
  return useQuery({
    queryKey: ['basic-info'],
    queryFn: ({ signal }) => api.get<BasicInfo>('/api/basicSet/getBasicInfo', { silent: true, signal }),
    staleTime: Infinity,
  })
}
