import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { StoredPeriod } from '@tp/contracts'
import type { Bar } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { candles, lastQuotes } from '../db/schema.ts'

export interface StoredCandle {
  instrumentId: number
  period: StoredPeriod
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

/** An instrument's last quote as the feed took it. */
export interface StoredQuote {
  instrumentId: number
  bid: number
  ask: number
  timeMs: number
}

/** Writes each instrument's last quote, replacing the one stored unless that one is newer. */
export async function saveLastQuotes(db: DbOrTx, quotes: readonly StoredQuote[]): Promise<void> {
  if (quotes.length === 0) return
  const rows = quotes.map((q) => ({ i: q.instrumentId, b: q.bid, a: q.ask, t: q.timeMs }))
  await db.execute(sql`
    insert into last_quotes (instrument_id, bid, ask, time_ms)
    select i, b, a, t from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(i integer, b float8, a float8, t bigint)
    on conflict (instrument_id) do update set bid = excluded.bid, ask = excluded.ask, time_ms = excluded.time_ms
    where last_quotes.time_ms <= excluded.time_ms`)
}

export async function loadLastQuotes(db: DbOrTx): Promise<Map<number, StoredQuote>> {
  const rows = await db.select().from(lastQuotes)
  return new Map(rows.map((r) => [r.instrumentId, r]))
}

/**
 * The newest `limit` candles (starting before `beforeMs`, Unix ms, when given), oldest first. Rows
 * hold their start in whole seconds: `time * 1000 < beforeMs` is `time < ceil(beforeMs / 1000)`.
 */
export async function recentCandles(
  db: DbOrTx,
  instrumentId: number,
  period: StoredPeriod,
  limit: number,
  beforeMs?: number,
): Promise<Bar[]> {
  const rows = await db
    .select()
    .from(candles)
    .where(
      and(
        eq(candles.instrumentId, instrumentId),
        eq(candles.period, period),
        beforeMs === undefined ? undefined : lt(candles.time, Math.ceil(beforeMs / 1000)),
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

/** The newest `limit` candles of every instrument and period, oldest first, in one query. */
export async function latestCandles(
  db: DbOrTx,
  limit: number,
): Promise<Map<number, Record<StoredPeriod, Bar[]>>> {
  const result = await db.execute(sql`
    select instrument_id, period, time, open, high, low, close, volume
    from (select *, row_number() over (partition by instrument_id, period order by time desc) as newest
          from candles) ranked
    where newest <= ${limit}
    order by instrument_id, period, time`)
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as {
    instrument_id: number
    period: StoredPeriod
    time: string | number
    open: number
    high: number
    low: number
    close: number
    volume: number
  }[]
  const out = new Map<number, Record<StoredPeriod, Bar[]>>()
  for (const r of rows) {
    let byPeriod = out.get(r.instrument_id)
    if (!byPeriod) out.set(r.instrument_id, (byPeriod = {} as Record<StoredPeriod, Bar[]>))
    ;(byPeriod[r.period] ??= []).push({
      time: Number(r.time),
      open: r.open,
      high: r.high,
      low: r.low,
      close: r.close,
      volume: r.volume,
    })
  }
  return out
}

/** The instruments that have any candle stored. */
export async function instrumentsWithCandles(db: DbOrTx): Promise<Set<number>> {
  const result = await db.execute(
    sql`select i.id from instruments i where exists (select 1 from candles c where c.instrument_id = i.id)`,
  )
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as { id: number }[]
  return new Set(rows.map((r) => r.id))
}
