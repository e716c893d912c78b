import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import {
  BALANCE_QUERY,
  DEALS_QUERY,
  fetchBalance,
  fetchDeals,
  type DealTab,
} from '../../../common/trading/orders-api.ts'
import { fetchHistoryPage } from '../api/history-api.ts'
import type { HistoryPeriod } from '../../../common/history/history-period.ts'

/**
 * One tab's orders (History's within `period`), page by page from 1 until the loaded count reaches `total`. Always fetched
 * again when the screen opens: an order placed on /trade a moment ago must be there.
 */
export function useDeals(status: DealTab, period?: HistoryPeriod) {
  // History lists the orders that ended in its period; the other tabs list what is live.
  const ranged = status === 3 ? period : undefined
  return useInfiniteQuery({
    queryKey: [DEALS_QUERY, status, ranged?.from, ranged?.to],
    queryFn: ({ pageParam, signal }) =>
      ranged ? fetchHistoryPage(ranged, pageParam, signal) : fetchDeals(status, pageParam, signal),
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
