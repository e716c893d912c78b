import type { Candle, Period } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../common/api-client.ts'

/** Candles the chart loads: a phone shows about 60 at once, the rest is there to scroll back. */
export const CHART_CANDLES = 300

/** Candles of one period, the newest `CHART_CANDLES`, or those that start before `before` (Unix ms). */
export async function fetchKline(
  forexId: number,
  period: Period,
  signal?: AbortSignal,
  before?: number,
): Promise<Candle[]> {
  const data = await api.get<Candle[] | null>('/v1/api/forex/kline', {
    query: { forex_id: forexId, period, limit: CHART_CANDLES, ...(before === undefined ? {} : { before }) },
    silent: true,
    signal,
  })
  return Array.isArray(data) ? data : []
}

/**
 * One instrument's candles of one period. Never served from an old cache: candles that formed while
 * another period was shown would be missing, and live updates only ever touch the newest one.
 */
export function useKline(forexId: number, period: Period) {
  return useQuery({
    queryKey: ['kline', forexId, period],
    queryFn: ({ signal }) => fetchKline(forexId, period, signal),
    staleTime: 0,
    gcTime: 0,
  })
}
