import { STORED_PERIODS } from '@tp/contracts'
import { generateHistory, seedOf, seededRandom } from '@tp/engine'
import type { Db } from '../db/client.ts'
import type { InstrumentDef } from './catalogue.ts'
import { instrumentsWithCandles, saveCandles } from './candle-store.ts'

/**
 * Gives every instrument without candles a history of `count` candles per period ending now, so
 * charts are full on first start. One transaction per instrument: a start cut short seeds the rest
 * next time. The walk is seeded by the code, so two installs show the same history shape.
 */
export async function seedHistory(db: Db, defs: readonly InstrumentDef[], nowMs: number, count: number) {
  const seeded = await instrumentsWithCandles(db)
  for (const def of defs) {
    if (seeded.has(def.id)) continue
    const history = generateHistory(
      {
        walk: def.walk,
        calendar: def.calendar,
        precision: def.precision,
        spreadPoints: def.spreadPoints,
        tickIntervalMs: def.tickIntervalMs,
      },
      nowMs,
      count,
      seededRandom(seedOf(def.code)),
    )
    const rows = STORED_PERIODS.flatMap((period) =>
      history.bars[period].map((bar) => ({ instrumentId: def.id, period, bar })),
    )
    await db.transaction((tx) => saveCandles(tx, rows))
  }
}
