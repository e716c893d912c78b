import type { Candle } from '@tp/contracts/light'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from '../../../common/api-client.ts'

/** The server takes at most 100 ids per call (contracts' `abbreviatedKlineRequest`). */
const MAX_IDS_PER_CALL = 100
/** Hourly candles: 48 of them cover the last two days. */
const SPARKLINE_PERIOD = '60min'
/** An hourly line changes slowly; pull-to-refresh reloads it sooner. */
const SPARKLINE_STALE_MS = 5 * 60_000

export type SparklineCandles = Record<string, Candle[]>

export async function fetchSparklines(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<SparklineCandles> {
  const calls: Promise<SparklineCandles | null>[] = []
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_CALL) {
    const forexIds = ids.slice(start, start + MAX_IDS_PER_CALL).join(',')
    calls.push(
      api.get<SparklineCandles | null>('/v1/api/forex/abbreviated_cache_kline', {
        query: { forex_ids: forexIds, period: SPARKLINE_PERIOD },
        // A row without its small chart is still useful; no toast for it.
        silent: true,
        signal,
      }),
    )
  }
  const merged: SparklineCandles = {}
  for (const part of await Promise.all(calls)) Object.assign(merged, part)
  return merged
}

const SPARKLINES_KEY = 'sparklines'

/**
 * The abbreviated candles of these instruments by Id (as a string key, as JSON gives it), asked for
 * once `enabled` (after the rows they decorate have painted).
 */
export function useSparklines(ids: readonly number[], enabled = true) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b)
  return useQuery({
    queryKey: [SPARKLINES_KEY, sorted.join(',')],
    queryFn: ({ signal }) => fetchSparklines(sorted, signal),
    enabled: enabled && sorted.length > 0,
    staleTime: SPARKLINE_STALE_MS,
  })
}

/** Pull-to-refresh: the small charts on screen are fetched again. */
export function refetchSparklines(client: QueryClient): Promise<void> {
  return client.refetchQueries({ queryKey: [SPARKLINES_KEY], type: 'active' })
}
