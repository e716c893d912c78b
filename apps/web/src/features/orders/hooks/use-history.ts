import { useQuery } from '@tanstack/react-query'
import { fetchHistoryTotals, HISTORY_TOTALS_QUERY } from '../api/history-api.ts'
import type { HistoryPeriod } from '../../../common/history/history-period.ts'

/** The period's totals from the server, fresh on every visit. */
export function useHistoryTotals(period: HistoryPeriod) {
  return useQuery({
    queryKey: [HISTORY_TOTALS_QUERY, period.from, period.to],
    queryFn: ({ signal }) => fetchHistoryTotals(period, signal),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
