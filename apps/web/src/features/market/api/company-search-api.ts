import type { Company } from '@tp/contracts/light'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../../common/api-client.ts'

/** Partner companies whose name contains `name` (an empty name lists them all, at most 100). */
export function useCompanySearch(name: string, enabled: boolean) {
  const term = name.trim()
  return useQuery({
    queryKey: ['company-search', term],
    queryFn: async ({ signal }) => {
      const data = await api.get<Company[] | null>('/api/company/getCompany', {
        query: { name: term },
        silent: true,
        signal,
      })
      return Array.isArray(data) ? data : []
    },
    enabled,
    placeholderData: keepPreviousData,
  })
}
