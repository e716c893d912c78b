import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { Period } from '@tp/contracts'
import type { Bar } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { candles } from '../db/schema.ts'

export interface StoredCandle {
  instrumentId: number
  period: Period
  bar: Bar
}

/** Candles per statement: they travel as one JSON parameter, so this is only a memory bound. */
const CHUNK = 20_000

/** Writes candles; a candle already stored (same instrument, period and start) is replaced. */
export async function saveCandles(db: DbOrTx, items: readonly StoredCandle[]): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK) {
    const rows = items.slice(start, start + CHUNK).map(({ instrumentId, period, bar }) => ({
      i: instrumentId,
      p: period,
      t: bar.time,
      o: bar.open,
      h: bar.high,
      l: bar.low,
      c: bar.close,
      v: bar.volume,
    }))
    await db.execute(sql`
      insert into candles (instrument_id, period, time, open, high, low, close, volume)
      select i, p, t, o, h, l, c, v
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(i integer, p text, t bigint, o float8, h float8, l float8, c float8, v integer)
      on conflict (instrument_id, period, time) do update set
        open = excluded.open, high = excluded.high, low = excluded.low,
        close = excluded.close, volume = excluded.volume`)
  }
}

/** The newest `limit` candles (before `before`, a Unix second, when given), oldest first. */
export async function recentCandles(
  db: DbOrTx,
  instrumentId: number,
  period: Period,
  limit: number,
  before?: number,
): Promise<Bar[]> {
  const rows = await db
    .select()
    .from(candles)
    .where(
      and(
        eq(candles.instrumentId, instrumentId),
        eq(candles.period, period),
        before === undefined ? undefined : lt(candles.time, before),
      ),
    )
    .orderBy(desc(candles.time))
    .limit(limit)
  return rows.reverse().map((r) => ({
    time: r.time,
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: r.volume,
  }))
}

export async function hasCandles(db: DbOrTx, instrumentId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(candles)
    .where(eq(candles.instrumentId, instrumentId))
    .limit(1)
  return rows.length > 0
}
