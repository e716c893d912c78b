import { Decimal } from 'decimal.js'
import type { InstrumentFigures, ProfitPoint } from '@tp/contracts'

/**
 * The ranking's figures, from a trader's closed trades (no IO: the queries in rank-queries.ts hand
 * in their sums). Definitions (issue 10; "the window" is the 21 days that end now by the app clock,
 * a trade counts by its close time; net of a trade = its price profit (FactProfits) − its fee
 * (TradeFee, charged at open)):
 *
 * - three_week_profit = Σ net over the window's trades, USD rounded half up to 2 decimals.
 * - three_week_rate = Σ net / Σ margin (the margin each trade took at open, CautionMoney) × 100 over
 *   the window: the return on the margin put at risk, percent with 2 decimals; 0 with no margin.
 * - three_week_win = trades with net > 0 / trades × 100 over the window (percent, 2 decimals).
 * - total_rate, total_trade_num: the same rate, and the number of closed trades, over all time.
 * - multiple = the leverage of the most trades in the window (a tie goes to the lower leverage).
 * - code = the instrument of the most trades in the window (a tie goes to the code first in order).
 * - varieties = the number of distinct instruments traded in the window.
 * - followers: counted apart (rank-queries.ts followingOf); 0 here.
 *
 * Exact decimals throughout (decimal.js, as the money code): money columns are numeric(24, 6).
 */

/** Closed trades of one trader on one instrument at one leverage, inside or outside the window. */
export interface TradeBucket {
  code: string
  leverage: number
  /** Whether these trades closed inside the window. */
  recent: boolean
  trades: number
  /** Trades whose net (profit − fee) is above zero. */
  wins: number
  /** Σ (profit − fee), an exact decimal string. */
  net: string
  /** Σ margin at open, an exact decimal string. */
  margin: string
}

export interface TraderFigures {
  multiple: number
  three_week_rate: number
  three_week_win: number
  three_week_profit: number
  total_rate: number
  total_trade_num: number
  code: string
  varieties: number
  followers: number
  /** Closed trades in the window (the ranking lists only traders with at least one). */
  recentTrades: number
}

const ZERO = new Decimal(0)
/** Money and percentages go out with 2 decimals, rounded half up (as figures are usually shown). */
const twoPlaces = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber()
/** `part / whole × 100` with 2 decimals; 0 when there is no whole. */
const percent = (part: Decimal, whole: Decimal) =>
  whole.isZero() ? 0 : twoPlaces(part.div(whole).times(100))

interface Sums {
  trades: number
  wins: number
  net: Decimal
  margin: Decimal
}

function sum(buckets: readonly TradeBucket[]): Sums {
  return buckets.reduce<Sums>(
    (s, b) => ({
      trades: s.trades + b.trades,
      wins: s.wins + b.wins,
      net: s.net.plus(b.net),
      margin: s.margin.plus(b.margin),
    }),
    { trades: 0, wins: 0, net: ZERO, margin: ZERO },
  )
}

/** Counts per key, then the key with the most; ties go to the key that `before` puts first. */
function mostCommon<K>(
  buckets: readonly TradeBucket[],
  keyOf: (b: TradeBucket) => K,
  before: (a: K, b: K) => number,
): K | undefined {
  const counts = new Map<K, number>()
  for (const b of buckets) counts.set(keyOf(b), (counts.get(keyOf(b)) ?? 0) + b.trades)
  let best: K | undefined
  let bestCount = 0
  for (const [key, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== undefined && before(key, best) < 0)) {
      best = key
      bestCount = count
    }
  }
  return best
}

/**
 * The figures of one trader from all their closed-trade buckets, e.g. two recent trades on BTCUSD at
 * 10x, one +30 USD net and one −10 USD net, 100 USD margin each: profit 20, rate 10, win 50.
 */
export function traderFigures(buckets: readonly TradeBucket[]): TraderFigures {
  const recent = buckets.filter((b) => b.recent && b.trades > 0)
  const window = sum(recent)
  const all = sum(buckets)
  return {
    multiple:
      mostCommon(
        recent,
        (b) => b.leverage,
        (a, b) => a - b,
      ) ?? 0,
    three_week_rate: percent(window.net, window.margin),
    three_week_win:
      window.trades === 0 ? 0 : twoPlaces(new Decimal(window.wins).div(window.trades).times(100)),
    three_week_profit: twoPlaces(window.net),
    total_rate: percent(all.net, all.margin),
    total_trade_num: all.trades,
    code:
      mostCommon(
        recent,
        (b) => b.code,
        (a, b) => (a < b ? -1 : a > b ? 1 : 0),
      ) ?? '',
    varieties: new Set(recent.map((b) => b.code)).size,
    followers: 0,
    recentTrades: window.trades,
  }
}

/** The window's trades per instrument: most trades first, then by code. */
export function figuresByInstrument(buckets: readonly TradeBucket[]): InstrumentFigures[] {
  const byCode = new Map<string, TradeBucket[]>()
  for (const b of buckets)
    if (b.recent && b.trades > 0) byCode.set(b.code, [...(byCode.get(b.code) ?? []), b])
  return [...byCode.entries()]
    .map(([code, list]) => {
      const s = sum(list)
      return { code, trades: s.trades, profit: twoPlaces(s.net) }
    })
    .sort((a, b) => b.trades - a.trades || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
}

/** Ranking order: three-week rate, then three-week profit, best first; the uid keeps it stable. */
export function rankOrder(
  a: { three_week_rate: number; three_week_profit: number; id: string },
  b: { three_week_rate: number; three_week_profit: number; id: string },
): number {
  return (
    b.three_week_rate - a.three_week_rate ||
    b.three_week_profit - a.three_week_profit ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
}

const DAY_MS = 24 * 60 * 60 * 1000
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The UTC dates of the `days` days that end with the day of `nowMs`, oldest first. */
export function windowDates(nowMs: number, days: number): string[] {
  return Array.from({ length: days }, (_, i) => utcDate(nowMs - (days - 1 - i) * DAY_MS))
}

/**
 * The profit curve of a profile: for each date, the net trading profit (profit − fee) of the
 * window's closed trades up to the end of that day, from 0. `dailyNet` maps a 'YYYY-MM-DD' date to
 * that day's Σ net. It ends at three_week_profit; the balance is never shown.
 */
export function profitCurve(dates: readonly string[], dailyNet: ReadonlyMap<string, string>): ProfitPoint[] {
  let total = ZERO
  return dates.map((date) => {
    const net = dailyNet.get(date)
    if (net !== undefined) total = total.plus(net)
    return { date, profit: twoPlaces(total) }
  })
}
