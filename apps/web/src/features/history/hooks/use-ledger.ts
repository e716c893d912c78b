import { useInfiniteQuery } from '@tanstack/react-query'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import { fetchLedger, LEDGER_QUERY } from '../api/ledger-api.ts'

/** The ledger page by page from 1 until the rows loaded reach `total`; fresh on every visit. */
export function useLedger() {
  return useInfiniteQuery({
    queryKey: [LEDGER_QUERY],
    queryFn: ({ pageParam, signal }) => fetchLedger(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.list),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
