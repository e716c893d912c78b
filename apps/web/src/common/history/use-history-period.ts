import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { periodFromParams } from './history-period.ts'

/**
 * A history's period from the address (`?period=7d`, or `period=custom&from=…&to=…`), so that going
 * back returns to it. Presets are counted from the day the screen opened.
 */
export function useHistoryPeriod() {
  const [params] = useSearchParams()
  const key = `${params.get('period')}|${params.get('from')}|${params.get('to')}`
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is what the period reads of params
  return useMemo(() => periodFromParams(params, Date.now()), [key])
}
