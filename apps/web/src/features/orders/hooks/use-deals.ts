import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import {
  BALANCE_QUERY,
  DEALS_QUERY,
  fetchBalance,
  fetchDeals,
  type DealTab,
} from '../../../common/trading/orders-api.ts'

/**
 * One tab's orders, page by page from 1 until the loaded count reaches `total`. Always fetched
 * again when the screen opens: an order placed on /trade a moment ago must be there.
 */
export function useDeals(status: DealTab) {
  return useInfiniteQuery({
    queryKey: [DEALS_QUERY, status],
    queryFn: ({ pageParam, signal }) => fetchDeals(status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.data),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}

/** The account's balance and marks (`getBalance`), fresh on every visit. */
export function useBalance() {
  return useQuery({
    queryKey: [BALANCE_QUERY],
    queryFn: ({ signal }) => fetchBalance(signal),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
