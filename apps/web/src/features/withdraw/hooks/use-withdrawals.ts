import { useInfiniteQuery } from '@tanstack/react-query'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import { fetchWithdrawals, WITHDRAWALS_QUERY, type WithdrawTab } from '../api/withdraw-api.ts'

/** One tab's withdrawals, page by page from 1 until the rows loaded reach `total`. */
export function useWithdrawals(type: WithdrawTab) {
  return useInfiniteQuery({
    queryKey: [WITHDRAWALS_QUERY, type],
    queryFn: ({ pageParam, signal }) => fetchWithdrawals(type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.data),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
