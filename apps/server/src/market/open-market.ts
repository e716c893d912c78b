import { PERIODS, MAX_KLINE_LIMIT, type Period } from '@tp/contracts'
import { midOf, type Bar } from '@tp/engine'
import type { Db } from '../db/client.ts'
import { loadInstruments } from './catalogue.ts'
import { recentCandles } from './candle-store.ts'
import { MarketData } from './market-data.ts'
import type { SimulatedInstrument } from './price-source.ts'
import { seedCatalogue } from './seed-catalogue.ts'
import { seedHistory } from './seed-history.ts'

/**
 * Brings the market up from the database: seeds the catalogue and, for instruments without candles,
 * `historyCandles` of history; then loads the recent candles of every period into memory.
 */
export async function openMarket(db: Db, nowMs: number, historyCandles: number): Promise<MarketData> {
  await seedCatalogue(db)
  const defs = await loadInstruments(db)
  await seedHistory(db, defs, nowMs, historyCandles)
  const recent = new Map<number, Record<Period, Bar[]>>()
  for (const def of defs) {
    const byPeriod = {} as Record<Period, Bar[]>
    for (const period of PERIODS) byPeriod[period] = await recentCandles(db, def.id, period, MAX_KLINE_LIMIT)
    recent.set(def.id, byPeriod)
  }
  return new MarketData(defs, recent, nowMs)
}

/** What the simulator needs to continue every instrument from its last quote. */
export function simulatedInstruments(market: MarketData, nowMs: number): SimulatedInstrument[] {
  return market.instruments().map((def) => {
    const quote = market.lastQuote(def.id)
    return {
      code: def.code,
      walk: def.walk,
      sessions: def.sessions,
      precision: def.precision,
      spreadPoints: def.spreadPoints,
      tickIntervalMs: def.tickIntervalMs,
      startMid: quote ? midOf(quote) : def.walk.anchor,
      startMs: quote?.timeMs ?? nowMs,
    }
  })
}
