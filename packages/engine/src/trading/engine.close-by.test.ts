import { ClosedType, LedgerType, OrderStatus, Side } from '@tp/contracts'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { money, toCents } from './money.ts'
import { closeByProfit } from '../rules/close-by.ts'
import {
  EURUSD,
  GER40,
  SATURDAY,
  T0,
  USDJPY,
  XAUUSD,
  bookings,
  closes,
  makeEngine,
  mustOpen,
  sell,
  buy,
  tick,
} from './test-fixtures.ts'
import type { EngineEvent, Order } from './types.ts'
import type { TradingEngine } from './engine.ts'

/*
 * Issue 25, close by (MT5): a position closed against an opposite one of the same instrument. The
 * smaller lots close on both, the larger keeps the rest; the first closes at the second's open
 * price and the second at its own, so the pair earns (sell's open - buy's open) x lots x contract
 * size, converted to USD, and no spread is paid (docs/decisions/037-close-by.md).
 */

const LATER = T0 + 5000
const reduced = (events: readonly EngineEvent[]): Order[] =>
  events.flatMap((e) => (e.type === 'position_reduced' ? [e.order] : []))
const refused = (reason: string) => ({ ok: false, reason })

/** A buy and a sell of EURUSD at different prices (1.1001 and 1.1009), 1 and 0.4 lots. */
function hedge(engine: TradingEngine, buyLots = '1', sellLots = '0.4') {
  const long = mustOpen(engine, buy({ lots: buyLots })).id
  tick(engine, EURUSD, 1.1009, 1.101, T0 + 1000)
  const short = mustOpen(engine, sell({ lots: sellLots, nowMs: T0 + 1000 })).id
  tick(engine, EURUSD, 1.1004, 1.1005, T0 + 4000)
  return { long, short }
}

describe('close by', () => {
  it('closes the smaller on both at the open prices; the larger keeps the rest under its id', () => {
    const engine = makeEngine()
    const { long, short } = hedge(engine)
    const result = engine.closeBy(1, long, short, LATER)
    if (!result.ok) throw new Error(result.reason)
    const closed = closes(result.events)
    const [partOfLong, wholeShort] = [closed.find((o) => o.id !== short), closed.find((o) => o.id === short)]
    // The buy closes at the sell's open price (1.1009), the sell at its own: no spread is paid.
    expect(partOfLong).toMatchObject({
      status: OrderStatus.Closed,
      closedType: ClosedType.CloseBy,
      closedById: short,
      closePrice: 1.1009,
      price: 1.1001,
    })
    expect(partOfLong?.lots.toString()).toBe('0.4')
    expect(wholeShort).toMatchObject({ closedType: ClosedType.CloseBy, closedById: long, closePrice: 1.1009 })
    // (1.1009 - 1.1001) x 0.4 x 100 000 = 32 USD, all of it on the buy's part.
    expect(partOfLong?.profit.toString()).toBe('32')
    expect(wholeShort?.profit.toString()).toBe('0')
    expect(reduced(result.events).map((o) => [o.id, o.lots.toString()])).toEqual([[long, '0.6']])
    expect(engine.ordersOf(1).map((o) => [o.id, o.lots.toString()])).toEqual([[long, '0.6']])
    expect(bookings(result.events).map((b) => [b.type, b.amount.toString(), b.ref])).toEqual([
      [LedgerType.TRADE_PROFIT, '32', `order:${partOfLong?.id}`],
    ])
    expect(engine.balance(1)?.toString()).toBe('10032')
    expect(result.detail).toEqual({ lots: '0.4' })
  })

  it('closes by either way round: the larger sell keeps its rest when the buy is the smaller', () => {
    const engine = makeEngine()
    const { long, short } = hedge(engine, '0.3', '0.5')
    const result = engine.closeBy(1, short, long, LATER)
    if (!result.ok) throw new Error(result.reason)
    const closed = closes(result.events)
    // The sell closes at the buy's open price, the buy at its own: (1.1009 - 1.1001) x 0.3 lots.
    expect(closed.map((o) => [o.side, o.closePrice, o.profit.toString(), o.closedById])).toEqual([
      [Side.Sell, 1.1001, '24', long],
      [Side.Buy, 1.1001, '0', short],
    ])
    expect(engine.ordersOf(1).map((o) => [o.id, o.lots.toString()])).toEqual([[short, '0.2']])
  })

  it('closes both whole when the lots are equal', () => {
    const engine = makeEngine()
    const { long, short } = hedge(engine, '0.5', '0.5')
    const result = engine.closeBy(1, long, short, LATER)
    if (!result.ok) throw new Error(result.reason)
    expect(closes(result.events).map((o) => o.id)).toEqual([long, short])
    expect(reduced(result.events)).toEqual([])
    expect(engine.ordersOf(1)).toEqual([])
  })

  it('refuses another instrument, the same side, itself, another user, a finished or pending order', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const { long, short } = hedge(engine)
    const otherBuy = mustOpen(engine, buy({ lots: '0.1', nowMs: T0 + 4000 })).id
    const gold = mustOpen(engine, sell({ instrumentId: XAUUSD, lots: '0.1', nowMs: T0 + 4000 })).id
    const theirs = mustOpen(engine, sell({ userId: 2, lots: '0.1', nowMs: T0 + 4000 })).id
    const waiting = mustOpen(engine, sell({ lots: '0.1', targetPrice: 1.2, nowMs: T0 + 4000 })).id
    const before = JSON.stringify(engine.ordersOf(1))
    expect(engine.closeBy(1, long, gold, LATER)).toEqual(refused('close_by_instrument'))
    expect(engine.closeBy(1, long, otherBuy, LATER)).toEqual(refused('close_by_side'))
    expect(engine.closeBy(1, long, long, LATER)).toEqual(refused('close_by_side'))
    expect(engine.closeBy(1, long, theirs, LATER)).toEqual(refused('order_not_found'))
    expect(engine.closeBy(2, theirs, short, LATER)).toEqual(refused('order_not_found'))
    expect(engine.closeBy(1, long, waiting, LATER)).toEqual(refused('order_not_found'))
    expect(engine.closeBy(1, long, 999_999, LATER)).toEqual(refused('order_not_found'))
    expect(engine.close(1, short, LATER).ok).toBe(true)
    const after = JSON.stringify(engine.ordersOf(1))
    expect(engine.closeBy(1, long, short, LATER)).toEqual(refused('order_not_found'))
    expect(JSON.stringify(engine.ordersOf(1))).toBe(after)
    expect(before).not.toBe(after)
  })

  it('refuses when the market is closed or the quote is stale, changing nothing', () => {
    const engine = makeEngine()
    const { long, short } = hedge(engine)
    const before = JSON.stringify(engine.ordersOf(1))
    expect(engine.closeBy(1, long, short, SATURDAY)).toEqual(refused('market_closed'))
    expect(engine.closeBy(1, long, short, T0 + 4000 + 10_001)).toEqual(refused('quote_stale'))
    expect(JSON.stringify(engine.ordersOf(1))).toBe(before)
    expect(engine.balance(1)?.toString()).toBe('10000')
  })

  it('a position closed once is gone for a second close by of it (one of two wins)', () => {
    const engine = makeEngine()
    const long = mustOpen(engine, buy({ lots: '0.2' })).id
    const short1 = mustOpen(engine, sell({ lots: '0.2' })).id
    const short2 = mustOpen(engine, sell({ lots: '0.2' })).id
    expect(engine.closeBy(1, long, short1, LATER - 4000).ok).toBe(true)
    expect(engine.closeBy(1, long, short2, LATER - 4000)).toEqual(refused('order_not_found'))
    expect(engine.ordersOf(1).map((o) => o.id)).toEqual([short2])
  })
})

/** USD per unit of an instrument's quote currency at the quotes the fixtures end with. */
function usdRate(engine: TradingEngine, instrumentId: number) {
  const mid = (id: number) => money(engine.quote(id)!.bid).plus(engine.quote(id)!.ask).div(2)
  if (instrumentId === USDJPY) return money(1).div(mid(USDJPY))
  // GER40 is quoted in euros: EURUSD's mid.
  return instrumentId === GER40 ? mid(EURUSD) : money(1)
}

const SIZES: Record<number, string> = {
  [EURUSD]: '100000',
  [USDJPY]: '100000',
  [XAUUSD]: '100',
  [GER40]: '1',
}
const MOVES: Record<number, [number, number]> = {
  [EURUSD]: [1.1013, 1.1014],
  [USDJPY]: [160.125, 160.135],
  [XAUUSD]: [1995.5, 1996],
  [GER40]: [18012.5, 18013],
}

describe('close by, properties', () => {
  it('the pair earns (sell open - buy open) x lots x contract size in USD; the rest and the ledger hold', () => {
    const lots = fc.constantFrom('0.01', '0.05', '0.1', '0.37', '1', '2.5')
    fc.assert(
      fc.property(
        fc.constantFrom(EURUSD, USDJPY, XAUUSD, GER40),
        lots,
        lots,
        fc.boolean(),
        fc.boolean(),
        (instrumentId, buyLots, sellLots, buyFirst, byTheSell) => {
          const engine = makeEngine({ accounts: { 1: '1000000' } })
          const [first, second] = buyFirst ? [buy, sell] : [sell, buy]
          const one = mustOpen(engine, first({ instrumentId, lots: buyFirst ? buyLots : sellLots })).id
          const [bid, ask] = MOVES[instrumentId]!
          tick(engine, instrumentId, bid, ask, T0 + 1000)
          const nowMs = T0 + 1000
          const two = mustOpen(
            engine,
            second({ instrumentId, lots: buyFirst ? sellLots : buyLots, nowMs }),
          ).id
          const [buyId, sellId] = buyFirst ? [one, two] : [two, one]
          const [long, short] = [engine.order(buyId)!, engine.order(sellId)!]
          const balance = engine.balance(1)!
          const result = byTheSell
            ? engine.closeBy(1, sellId, buyId, nowMs)
            : engine.closeBy(1, buyId, sellId, nowMs)
          if (!result.ok) throw new Error(result.reason)
          const closed = closes(result.events)
          const smaller = money(buyLots).lessThan(sellLots) ? money(buyLots) : money(sellLots)
          const pnl = closed.reduce((sum, o) => sum.plus(o.profit), money(0))
          const expected = toCents(
            money(short.price)
              .minus(long.price)
              .times(smaller)
              .times(SIZES[instrumentId]!)
              .times(usdRate(engine, instrumentId)),
          )
          expect(pnl.toString()).toBe(expected.toString())
          // The rule the phone's confirmation shows gives the same.
          const rate = usdRate(engine, instrumentId)
          expect(closeByProfit(long.price, short.price, smaller, SIZES[instrumentId]!, rate).toString()).toBe(
            pnl.toString(),
          )
          expect(closed).toHaveLength(2)
          for (const o of closed) expect(o.lots.equals(smaller)).toBe(true)
          expect(closed.every((o) => o.closedType === ClosedType.CloseBy)).toBe(true)
          // The rest: the larger position less the smaller, under its own id; none when equal.
          const rest = engine.ordersOf(1)
          if (money(buyLots).equals(sellLots)) expect(rest).toEqual([])
          else {
            const larger = money(buyLots).greaterThan(sellLots) ? long : short
            expect(rest.map((o) => [o.id, o.lots.toString()])).toEqual([
              [larger.id, larger.lots.minus(smaller).toString()],
            ])
          }
          // The ledger balances: every booking follows the last, and they add up to the profit.
          let running = balance
          for (const b of bookings(result.events)) {
            running = running.plus(b.amount)
            expect(b.balanceAfter.toString()).toBe(running.toString())
          }
          expect(running.toString()).toBe(engine.balance(1)!.toString())
          expect(running.minus(balance).toString()).toBe(pnl.toString())
        },
      ),
      { numRuns: 300 },
    )
  })
})
