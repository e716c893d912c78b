import { DERIVED_PERIODS, type Candle, type DerivedPeriod } from '@tp/contracts'
import { bucketStart, derivedBars, nextBucketStart } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { recentCandles } from './candle-store.ts'
import { toCandles } from './market-data.ts'

/**
 * The newest `limit` candles of a derived period (starting before `beforeMs`, Unix ms, when given)
 * made from the stored period under it, for a read memory cannot answer. It reads at most
 * `(limit + 2) × most` stored candles (a month of days is at most 31; MAX_KLINE_LIMIT months is
 * 46,562 days, the bound of one read): enough for `limit` candles, the one before them (for the
 * first one's `Change`) and a partial oldest bucket, which is left out.
 */
export async function storedDerivedCandles(
  db: DbOrTx,
  instrumentId: number,
  period: DerivedPeriod,
  limit: number,
  beforeMs?: number,
): Promise<Candle[]> {
  const { from, most } = DERIVED_PERIODS[period]
  const sourceLimit = (limit + 2) * most
  // Candles starting before `beforeMs` are the buckets up to the one holding the instant before it:
  // their stored candles are the ones before that bucket's end.
  const sourceBeforeMs =
    beforeMs === undefined ? undefined : nextBucketStart(bucketStart(beforeMs - 1, period), period) * 1000
  const source = await recentCandles(db, instrumentId, from, sourceLimit, sourceBeforeMs)
  const bars = derivedBars(source, period, source.length < sourceLimit)
  const earlier = beforeMs === undefined ? bars : bars.filter((bar) => bar.time * 1000 < beforeMs)
  const first = Math.max(0, earlier.length - limit)
  return toCandles(earlier.slice(first), earlier[first - 1])
}
