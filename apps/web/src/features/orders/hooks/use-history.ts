import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { fetchHistoryTotals, HISTORY_TOTALS_QUERY } from '../api/history-api.ts'
import { periodFromParams, type HistoryPeriod } from '../lib/history-period.ts'

/**
 * The History tab's period from the address (`?type=3&period=7d`, or `period=custom&from=…&to=…`),
 * so that going back returns to it. Presets are counted from the day the tab opened.
 */
export function useHistoryPeriod() {
  const [params] = useSearchParams()
  const key = `${params.get('period')}|${params.get('from')}|${params.get('to')}`
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is what the period reads of params
  return useMemo(() => periodFromParams(params, Date.now()), [key])
}

/** The period's totals from the server, fresh on every visit. */
export function useHistoryTotals(period: HistoryPeriod) {
  return useQuery({
    queryKey: [HISTORY_TOTALS_QUERY, period.from, period.to],
    queryFn: ({ signal }) => fetchHistoryTotals(period, signal),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
