import type { CommandResult } from '@tp/engine'
import type { MarketData } from '../market/market-data.ts'
import { refuse, type Refusal } from '../outcome/outcome.ts'
import type { DeskResult } from './desk.ts'

/**
 * A refused command as the envelope tells it: the reason, and what the engine added (a requote's new
 * price and quote, the stops level, a limit) as the message's parameters and as `data`. Prices in the
 * message are written at the instrument's precision ("1.08512", not "1.08512000001").
 */
export function refusalOf(
  result: Exclude<DeskResult, { ok: true }>,
  market: MarketData,
  instrumentId?: number,
): Refusal {
  const detail = (result as Extract<CommandResult, { ok: false }>).detail
  if (!detail) return refuse(result.reason)
  const precision = instrumentId === undefined ? undefined : market.instrument(instrumentId)?.precision
  const shown = Object.fromEntries(
    Object.entries(detail).map(([name, value]) => [
      name,
      typeof value === 'number' && precision !== undefined && PRICES.has(name)
        ? value.toFixed(precision)
        : value,
    ]),
  )
  return refuse(result.reason, shown, detail)
}

const PRICES = new Set(['price', 'bid', 'ask'])
