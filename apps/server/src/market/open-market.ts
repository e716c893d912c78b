import { MAX_KLINE_LIMIT } from '@tp/contracts'
import { midOf } from '@tp/engine'
import type { Db } from '../db/client.ts'
import { loadInstruments } from './catalogue.ts'
import { latestCandles, loadLastQuotes } from './candle-store.ts'
import { MarketData } from './market-data.ts'
import type { SimulatedInstrument } from './price-source.ts'
import { seedHistory } from './seed-history.ts'

/**
 * Brings the market up from the database (its catalogue seeded first: seed/seed-catalogue.ts): gives
 * instruments without candles `historyCandles` of history, then loads the recent candles of every
 * period into memory.
 */
export async function openMarket(db: Db, nowMs: number, historyCandles: number): Promise<MarketData> {
  // Disabled instruments too: positions opened on them still need quotes (and candles) to close at.
  const defs = await loadInstruments(db, true)
  await seedHistory(db, defs, nowMs, historyCandles)
  return new MarketData(defs, await latestCandles(db, MAX_KLINE_LIMIT), nowMs, await loadLastQuotes(db))
}

/**
 * What the simulator needs to continue every instrument (disabled ones too) from its last quote.
 * The calendar, spread and the walk's inputs are read from the market at each quote, so staff edits show
 * without a restart.
 */
export function simulatedInstruments(market: MarketData, nowMs: number): SimulatedInstrument[] {
  return market.allInstruments().map((def) => {
    const quote = market.lastQuote(def.id)
    const current = () => market.instrument(def.id) ?? def
    return {
      code: def.code,
      get walk() {
        return current().walk
      },
      get calendar() {
        return current().calendar
      },
      precision: def.precision,
      get spreadPoints() {
        return current().spreadPoints
      },
      get tickIntervalMs() {
        return current().tickIntervalMs
      },
      startMid: quote ? midOf(quote) : def.walk.anchor,
      startMs: quote?.timeMs ?? nowMs,
    }
  })
}
