import { useInfiniteQuery } from '@tanstack/react-query'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import { fetchWithdrawals, WITHDRAWALS_QUERY } from '../api/withdraw-api.ts'

/** Every withdrawal, coin and bank, page by page from 1 until the rows loaded reach `total`. */
export function useWithdrawals() {
  return useInfiniteQuery({
    queryKey: [WITHDRAWALS_QUERY],
    queryFn: ({ pageParam, signal }) => fetchWithdrawals(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.data),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
