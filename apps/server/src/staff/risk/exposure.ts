import { OrderStatus, Side } from '@tp/contracts'
import type { TradingEngine } from '@tp/engine'

/** One instrument's open client positions: the house is on the other side of each (B-book). */
export interface InstrumentExposure {
  instrument_id: number
  code: string
  long_lots: number
  short_lots: number
  /** Long minus short: the house is short this much. */
  net_lots: number
  positions: number
  /** The clients' unrealized profit in USD: what the house loses if they all closed now. */
  client_profit: number
}

export interface AccountRisk {
  user_id: number
  equity: number
  used_margin: number
  /** Equity / used margin × 100. */
  margin_level: number
  margin_called: boolean
  positions: number
}

const round = (value: number, places: number) => Number(value.toFixed(places))

/**
 * Exposure per instrument and the accounts with margin in use, from the engine's memory (no IO):
 * the marks are the engine's, at the last quotes. `counts` says which accounts to include (real
 * money only, by default).
 */
export function riskFromEngine(
  engine: TradingEngine,
  codeOf: (instrumentId: number) => string,
  counts: (userId: number) => boolean,
): { exposure: InstrumentExposure[]; accounts: AccountRisk[] } {
  const byInstrument = new Map<number, InstrumentExposure>()
  const accounts: AccountRisk[] = []
  for (const totals of engine.accountTotals()) {
    if (totals.positions === 0 || !counts(totals.userId)) continue
    for (const order of engine.ordersOf(totals.userId)) {
      if (order.status !== OrderStatus.Holding) continue
      const row = byInstrument.get(order.instrumentId) ?? {
        instrument_id: order.instrumentId,
        code: codeOf(order.instrumentId),
        long_lots: 0,
        short_lots: 0,
        net_lots: 0,
        positions: 0,
        client_profit: 0,
      }
      const lots = order.lots.toNumber()
      if (order.side === Side.Buy) row.long_lots += lots
      else row.short_lots += lots
      row.positions += 1
      row.client_profit += engine.markOf(order).profit
      byInstrument.set(order.instrumentId, row)
    }
    const view = engine.accountView(totals.userId)
    if (view && view.usedMargin > 0)
      accounts.push({
        user_id: totals.userId,
        equity: round(view.equity, 2),
        used_margin: round(view.usedMargin, 2),
        margin_level: round(view.marginLevel, 2),
        margin_called: totals.marginCalled,
        positions: totals.positions,
      })
  }
  const exposure = [...byInstrument.values()]
    .map((row) => ({
      ...row,
      long_lots: round(row.long_lots, 4),
      short_lots: round(row.short_lots, 4),
      net_lots: round(row.long_lots - row.short_lots, 4),
      client_profit: round(row.client_profit, 2),
    }))
    .sort((a, b) => b.client_profit - a.client_profit)
  accounts.sort((a, b) => a.margin_level - b.margin_level)
  return { exposure, accounts }
}

/** One instrument against the house's limits: the real clients' net now and how much of the limit it uses. */
export interface HouseLimitUse {
  instrument_id: number
  code: string
  /** Real clients' net lots (buys less sells), exact: the figure the engine checks. */
  net_lots: string
  /** Null: no net limit. */
  max_net_lots: string | null
  /** |net| / limit × 100, two decimals; null without a limit. */
  used_percent: number | null
  max_account_lots: string | null
}

/**
 * Every instrument with a limit (or a net position), nearest to its net limit first: the dealing
 * desk sees what will soon refuse orders, or needs hedging outside.
 */
export function houseLimits(
  engine: TradingEngine,
  instruments: readonly {
    id: number
    code: string
    maxNetLots: string | null
    maxAccountLots: string | null
  }[],
): HouseLimitUse[] {
  return instruments
    .map((i) => {
      const net = engine.netLots(i.id)
      const used = i.maxNetLots === null ? null : round(net.abs().div(i.maxNetLots).times(100).toNumber(), 2)
      return {
        instrument_id: i.id,
        code: i.code,
        net_lots: net.toFixed(),
        max_net_lots: i.maxNetLots === null ? null : Number(i.maxNetLots).toString(),
        used_percent: used,
        max_account_lots: i.maxAccountLots === null ? null : Number(i.maxAccountLots).toString(),
      }
    })
    .filter((row) => row.max_net_lots !== null || row.net_lots !== '0' || row.max_account_lots !== null)
    .sort((a, b) => (b.used_percent ?? -1) - (a.used_percent ?? -1) || a.code.localeCompare(b.code))
}
