import type { CompanyStatus } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api-client.ts'
import { queryClient } from '../lib/query-client.ts'

/** `type` 0: the site runs in main mode, where product search also lists partner companies (docs/product.md "What it is"). */
export const MAIN_MODE = 0

const companyStatusQuery = {
  queryKey: ['company-status'],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.get<CompanyStatus>('/api/company/getCompanyStatus', { silent: true, signal }),
  // Asked once per visit: by the layout at start (closed site) and by the search screen (mode).
  staleTime: Infinity,
} as const

export function fetchCompanyStatus(): Promise<CompanyStatus> {
  return queryClient.fetchQuery(companyStatusQuery)
}

export function useCompanyStatus() {
  return useQuery(companyStatusQuery)
}
