import { useInfiniteQuery } from '@tanstack/react-query'
import type { HistoryPeriod } from '../../../common/history/history-period.ts'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import { fetchLedger, LEDGER_QUERY } from '../api/ledger-api.ts'

/** The period's ledger page by page from 1 until the rows loaded reach `total`; fresh on every visit. */
export function useLedger(period: HistoryPeriod) {
  return useInfiniteQuery({
    queryKey: [LEDGER_QUERY, period.from, period.to],
    queryFn: ({ pageParam, signal }) => fetchLedger(period, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.list),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
