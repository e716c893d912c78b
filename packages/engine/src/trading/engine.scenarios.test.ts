import { ClosedType, LedgerType, OrderStatus, Side } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import type { OpenCommand } from './engine.ts'
import { money } from './money.ts'
import {
  EURUSD,
  GER40,
  SATURDAY,
  T0,
  US500,
  USDJPY,
  XAUUSD,
  bookingRows,
  buy,
  closes,
  instruments,
  makeEngine,
  mustOpen,
  sell,
  terms,
  tick,
} from './test-fixtures.ts'
import type { EngineEvent, Rejection } from './types.ts'

/*
 * Hand-computed scenarios. Unless a test says otherwise: EURUSD (contract 100 000, precision 5) is at
 * bid 1.10000 / ask 1.10010, USDJPY at 159.995 / 160.005 (mid 160), GER40 (EUR, contract 1) at
 * 18000.0 / 18000.5; fees are 0; user 1 has 10 000 USD; every quote is stamped T0 (a Wednesday noon).
 */

const types = (events: readonly EngineEvent[]) => events.map((e) => e.type)
const str = (value: { toString(): string }) => value.toString()
const refused = (reason: Rejection) => ({ ok: false, reason })

describe('open and close on EURUSD', () => {
  it('buy opens at the ask and closes at the bid, with a per-lot fee booked at open', () => {
    const engine = makeEngine({ fee: { [EURUSD]: '7' } })
    const { id, events } = mustOpen(engine, buy({ lots: '1', leverage: 100 }))
    expect(types(events)).toEqual(['position_opened', 'booked'])
    const opened = events[0] as Extract<EngineEvent, { type: 'position_opened' }>
    expect(opened.order.price).toBe(1.1001)
    expect(opened.order.originPrice).toBe(1.1001)
    // margin = 1 lot x 100 000 x 1.1001 / 100 = 1100.1; fee = 1 lot x 7 = 7.
    expect(str(opened.order.margin)).toBe('1100.1')
    expect(str(opened.order.fee)).toBe('7')
    expect(bookingRows(events)).toEqual([
      { userId: 1, type: LedgerType.TRADE_FEE, amount: '-7', balanceAfter: '9993', ref: `order:${id}` },
    ])
    expect(tick(engine, EURUSD, 1.101, 1.1011)).toEqual([])
    const result = engine.close(1, id, T0 + 2000)
    if (!result.ok) throw new Error(result.reason)
    // profit = (bid 1.10100 - 1.10010) x 100 000 = 0.0009 x 100 000 = 90.
    const [closed] = closes(result.events)
    expect(closed).toMatchObject({
      id,
      closePrice: 1.101,
      closedType: ClosedType.User,
      closedAtMs: T0 + 2000,
    })
    expect(closed?.status).toBe(OrderStatus.Closed)
    expect(str(closed?.profit ?? '')).toBe('90')
    expect(bookingRows(result.events)).toEqual([
      { userId: 1, type: LedgerType.TRADE_PROFIT, amount: '90', balanceAfter: '10083', ref: `order:${id}` },
    ])
    expect(str(engine.balance(1) ?? '')).toBe('10083')
    expect(engine.ordersOf(1)).toEqual([])
    expect([...engine.accountTotals()][0]?.usedMargin).toBe(0)
  })

  it('sell opens at the bid and closes at the ask', () => {
    const engine = makeEngine({ fee: { [EURUSD]: '7' } })
    const { id, events } = mustOpen(engine, sell({ lots: '2', leverage: 100 }))
    // margin = 2 x 100 000 x 1.1 / 100 = 2200; fee = 2 x 7 = 14.
    expect(events[0]).toMatchObject({ type: 'position_opened', order: { price: 1.1, side: Side.Sell } })
    expect(str((events[0] as Extract<EngineEvent, { type: 'position_opened' }>).order.margin)).toBe('2200')
    tick(engine, EURUSD, 1.099, 1.0991)
    const result = engine.close(1, id, T0 + 2000)
    if (!result.ok) throw new Error(result.reason)
    // profit = (1.10000 - ask 1.09910) x 200 000 = 0.0009 x 200 000 = 180; balance 10 000 - 14 + 180.
    expect(closes(result.events)[0]?.closePrice).toBe(1.0991)
    expect(bookingRows(result.events)[0]).toMatchObject({ amount: '180', balanceAfter: '10166' })
  })

  it('a losing buy books a negative profit', () => {
    const engine = makeEngine({ fee: { [EURUSD]: '7' } })
    const { id } = mustOpen(engine, buy({ lots: '0.5' }))
    tick(engine, EURUSD, 1.095, 1.0951)
    const result = engine.close(1, id, T0 + 2000)
    if (!result.ok) throw new Error(result.reason)
    // fee 0.5 x 7 = 3.5; profit (1.09500 - 1.10010) x 50 000 = -0.0051 x 50 000 = -255;
    // balance 10 000 - 3.5 - 255 = 9741.5.
    expect(bookingRows(result.events)[0]).toMatchObject({ amount: '-255', balanceAfter: '9741.5' })
  })

  it("staff close a position on the user's behalf by the same rules, as ClosedType 5", () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ lots: '1' }))
    // A stale quote is refused as it is for the user.
    expect(engine.close(1, id, T0 + 60_000, ClosedType.Staff)).toEqual(refused('quote_stale'))
    const result = engine.close(1, id, T0 + 2000, ClosedType.Staff)
    if (!result.ok) throw new Error(result.reason)
    expect(closes(result.events)[0]).toMatchObject({ id, closePrice: 1.1, closedType: ClosedType.Staff })
  })
})

interface TriggerRow {
  name: string
  open: OpenCommand
  /** Ticks that must not fire anything. */
  quiet: [number, number][]
  /** The tick that fires. */
  fire: [number, number]
  /** Pending orders: the price the fill happens at. */
  fill?: number
  close?: { price: number; type: number; profit: string }
  types: EngineEvent['type'][]
}

/* Every row: 1 lot, fee 0; profit = price difference x 100 000. */
const TRIGGERS: TriggerRow[] = [
  {
    name: 'buy stop-loss fires when the bid falls to it',
    open: buy({ stopLoss: 1.099 }),
    // A bid just above the stop does not fire it.
    quiet: [
      [1.0995, 1.0996],
      [1.09905, 1.09915],
    ],
    fire: [1.099, 1.0991],
    // (1.09900 - 1.10010) x 100 000 = -110
    close: { price: 1.099, type: ClosedType.StopLoss, profit: '-110' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'buy take-profit fires when the bid rises to it',
    open: buy({ takeProfit: 1.102 }),
    quiet: [
      [1.1015, 1.1016],
      [1.1019, 1.102], // the ask reaches 1.102, the bid does not
    ],
    fire: [1.102, 1.1021],
    // (1.10200 - 1.10010) x 100 000 = 190
    close: { price: 1.102, type: ClosedType.TakeProfit, profit: '190' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'sell stop-loss fires when the ask rises to it',
    open: sell({ stopLoss: 1.101 }),
    quiet: [
      [1.1004, 1.1005],
      [1.10089, 1.10099], // just short of it
    ],
    fire: [1.1009, 1.101],
    // (1.10000 - 1.10100) x 100 000 = -100
    close: { price: 1.101, type: ClosedType.StopLoss, profit: '-100' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'sell take-profit fires when the ask falls to it',
    open: sell({ takeProfit: 1.099 }),
    quiet: [
      [1.0992, 1.0993],
      [1.099, 1.0991], // the bid reaches 1.099, the ask does not
    ],
    fire: [1.0989, 1.099],
    // (1.10000 - 1.09900) x 100 000 = 100
    close: { price: 1.099, type: ClosedType.TakeProfit, profit: '100' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'buy-limit (below the ask) fills when the ask falls to it',
    open: buy({ targetPrice: 1.099 }),
    quiet: [
      [1.1005, 1.1006], // rising: never
      [1.0995, 1.0996],
      [1.099, 1.0991], // the bid at the target, the ask not
    ],
    fire: [1.0989, 1.099],
    fill: 1.099,
    types: ['position_opened'],
  },
  {
    name: 'buy-stop (above the ask) fills when the ask rises to it',
    open: buy({ targetPrice: 1.101 }),
    quiet: [
      [1.0995, 1.0996], // falling: never
      [1.1005, 1.1006],
    ],
    fire: [1.1009, 1.101],
    fill: 1.101,
    types: ['position_opened'],
  },
  {
    name: 'sell-limit (above the bid) fills when the bid rises to it',
    open: sell({ targetPrice: 1.101 }),
    quiet: [
      [1.0995, 1.0996],
      [1.1009, 1.101], // the ask at the target, the bid not
    ],
    fire: [1.101, 1.1011],
    fill: 1.101,
    types: ['position_opened'],
  },
  {
    name: 'sell-stop (below the bid) fills when the bid falls to it',
    open: sell({ targetPrice: 1.099 }),
    quiet: [
      [1.1005, 1.1006],
      [1.0995, 1.0996],
    ],
    fire: [1.099, 1.0991],
    fill: 1.099,
    types: ['position_opened'],
  },
  {
    name: 'buy-limit gapped through fills at the new ask (better than the target)',
    open: buy({ targetPrice: 1.099 }),
    quiet: [],
    fire: [1.0979, 1.098],
    fill: 1.098,
    types: ['position_opened'],
  },
  {
    name: 'buy-stop gapped through fills at the new ask (worse than the target)',
    open: buy({ targetPrice: 1.101 }),
    quiet: [],
    fire: [1.1029, 1.103],
    fill: 1.103,
    types: ['position_opened'],
  },
  {
    name: 'buy-limit filled by a gap then closed by its stop-loss the same tick',
    open: buy({ targetPrice: 1.099, stopLoss: 1.0985 }),
    quiet: [[1.0995, 1.0996]],
    fire: [1.0979, 1.098],
    fill: 1.098,
    // fills at ask 1.09800; the bid 1.09790 is already below the stop 1.09850: closes at the bid.
    // (1.09790 - 1.09800) x 100 000 = -10
    close: { price: 1.0979, type: ClosedType.StopLoss, profit: '-10' },
    types: ['position_opened', 'position_closed', 'booked'],
  },
  {
    name: 'sell-limit filled by a gap then closed by its stop-loss the same tick',
    open: sell({ targetPrice: 1.101, stopLoss: 1.102 }),
    quiet: [],
    fire: [1.1029, 1.103],
    fill: 1.1029,
    // fills at bid 1.10290; the ask 1.10300 is above the stop 1.10200: closes at the ask.
    // (1.10290 - 1.10300) x 100 000 = -10
    close: { price: 1.103, type: ClosedType.StopLoss, profit: '-10' },
    types: ['position_opened', 'position_closed', 'booked'],
  },
  {
    name: 'buy stop-loss gapped through closes at the new bid, not the stop',
    open: buy({ stopLoss: 1.099 }),
    quiet: [],
    fire: [1.095, 1.0951],
    // (1.09500 - 1.10010) x 100 000 = -510 (at the stop it would have been -110)
    close: { price: 1.095, type: ClosedType.StopLoss, profit: '-510' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'sell stop-loss gapped through closes at the new ask',
    open: sell({ stopLoss: 1.101 }),
    quiet: [],
    fire: [1.1049, 1.105],
    // (1.10000 - 1.10500) x 100 000 = -500
    close: { price: 1.105, type: ClosedType.StopLoss, profit: '-500' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'sell take-profit gapped through closes at the new (better) ask',
    open: sell({ takeProfit: 1.099 }),
    quiet: [],
    fire: [1.0949, 1.095],
    // (1.10000 - 1.09500) x 100 000 = 500
    close: { price: 1.095, type: ClosedType.TakeProfit, profit: '500' },
    types: ['position_closed', 'booked'],
  },
]

describe('triggers', () => {
  it.each(TRIGGERS)('$name', (row) => {
    const engine = makeEngine()
    const { id, events } = mustOpen(engine, row.open)
    expect(types(events)).toEqual([row.fill === undefined ? 'position_opened' : 'order_placed'])
    let time = T0
    for (const [bid, ask] of row.quiet) expect(tick(engine, EURUSD, bid, ask, (time += 1000))).toEqual([])
    expect(engine.order(id)).toBeDefined()
    const fired = tick(engine, EURUSD, row.fire[0], row.fire[1], (time += 1000))
    expect(types(fired)).toEqual(row.types)
    if (row.fill !== undefined) {
      const opened = fired[0] as Extract<EngineEvent, { type: 'position_opened' }>
      expect(opened.order).toMatchObject({
        id,
        price: row.fill,
        status: OrderStatus.Holding,
        openedAtMs: time,
      })
      // margin at the fill price: 100 000 x fill / 100.
      expect(opened.order.margin.toNumber()).toBeCloseTo(1000 * row.fill, 9)
    }
    if (row.close) {
      const closed = closes(fired)[0]
      expect(closed).toMatchObject({
        id,
        closePrice: row.close.price,
        closedType: row.close.type,
        closedAtMs: time,
      })
      expect(str(closed?.profit ?? '')).toBe(row.close.profit)
      expect(engine.order(id)).toBeUndefined()
      expect(str(engine.balance(1) ?? '')).toBe(money(10000).plus(row.close.profit).toString())
    } else {
      expect(engine.order(id)?.status).toBe(OrderStatus.Holding)
    }
  })

  it('a pending order holds no margin until it fills, then margin at the fill price', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.099 }))
    expect([...engine.accountTotals()][0]?.usedMargin).toBe(0)
    tick(engine, EURUSD, 1.0979, 1.098)
    // 100 000 x 1.098 / 100 = 1098
    expect(str(engine.order(id)?.margin ?? '')).toBe('1098')
    expect([...engine.accountTotals()][0]?.usedMargin).toBeCloseTo(1098, 6)
  })

  it('pending orders that fill together: the one that no longer fits is cancelled for margin', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    // Each: 0.5 lot at 1.099, margin 50 000 x 1.099 / 100 = 549.5 <= 1000 on its own.
    const a = mustOpen(engine, buy({ lots: '0.5', targetPrice: 1.099 })).id
    const b = mustOpen(engine, buy({ lots: '0.5', targetPrice: 1.099 })).id
    const events = tick(engine, EURUSD, 1.0989, 1.099)
    // After a: equity 1000 + (1.0989 - 1.099) x 50 000 = 995, free 995 - 549.5 = 445.5 < 549.5.
    expect(types(events)).toEqual(['position_opened', 'order_cancelled'])
    expect(events[0]).toMatchObject({ order: { id: a } })
    expect(events[1]).toMatchObject({ order: { id: b, status: OrderStatus.Cancelled }, reason: 'no_margin' })
    expect(engine.ordersOf(1).map((o) => o.id)).toEqual([a])
  })

  it('setStops: the old levels no longer fire, the new ones do', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ stopLoss: 1.099, takeProfit: 1.102 }))
    const changed = engine.setStops(1, id, 1.098, 1.103, T0 + 500)
    expect(changed.ok && types(changed.events)).toEqual(['stops_changed'])
    expect(engine.order(id)).toMatchObject({ stopLoss: 1.098, takeProfit: 1.103, stopsVersion: 1 })
    expect(tick(engine, EURUSD, 1.099, 1.0991, T0 + 1000)).toEqual([]) // the old stop
    expect(tick(engine, EURUSD, 1.102, 1.1021, T0 + 2000)).toEqual([]) // the old target
    const fired = tick(engine, EURUSD, 1.098, 1.0981, T0 + 3000)
    expect(closes(fired)).toMatchObject([{ id, closePrice: 1.098, closedType: ClosedType.StopLoss }])
  })

  it('setStops to 0 removes a stop; the same levels again re-arm them once', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ stopLoss: 1.099 }))
    expect(engine.setStops(1, id, 0, 0, T0 + 500).ok).toBe(true)
    expect(tick(engine, EURUSD, 1.098, 1.0981, T0 + 1000)).toEqual([])
    expect(engine.setStops(1, id, 1.097, 0, T0 + 500).ok).toBe(true)
    expect(engine.setStops(1, id, 1.097, 0, T0 + 500).ok).toBe(true)
    // Two edits to the same level: one close only.
    const fired = tick(engine, EURUSD, 1.0965, 1.0966, T0 + 2000)
    expect(types(fired)).toEqual(['position_closed', 'booked'])
  })

  it('many stop edits sweep the stale index entries and keep the live ones (compaction)', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const { id } = mustOpen(engine, buy({ stopLoss: 1.099 }))
    const other = mustOpen(engine, buy({ userId: 2, targetPrice: 1.0985 })).id
    // Each edit leaves two stale entries (a stop-loss and a take-profit, in two heaps); each heap sweeps
    // itself once it has doubled since its last sweep (and holds 1,024 entries or more).
    const targets = [1.101, 1.102, 1.103]
    for (let i = 0; i < 25_001; i++) {
      const result = engine.setStops(1, id, i % 2 === 0 ? 1.0995 : 1.0993, targets[i % 3] as number, T0 + 500)
      if (!result.ok) throw new Error(result.reason)
    }
    // The last edit (i = 25 000): stop 1.0995, target targets[25 000 % 3 = 1] = 1.102.
    expect(engine.order(id)).toMatchObject({ stopLoss: 1.0995, takeProfit: 1.102, stopsVersion: 25_001 })
    // A peek inside (test only): the sweeps ran, so the heaps hold at most about 1,024 entries each
    // (two heaps written), not 50,000.
    const triggers = (engine as unknown as { s: { triggers: { size(id: number): number } } }).s.triggers
    expect(triggers.size(EURUSD)).toBeLessThanOrEqual(2 * 1024 + 1)
    expect(tick(engine, EURUSD, 1.0994, 1.0995, T0 + 1000).map((e) => e.type)).toEqual([
      'position_closed',
      'booked',
    ])
    // The other user's pending entry survived the sweep.
    expect(types(tick(engine, EURUSD, 1.0984, 1.0985, T0 + 2000))).toEqual(['position_opened'])
    expect(engine.order(other)?.status).toBe(OrderStatus.Holding)
  })

  it('a refused setStops keeps the old stops armed', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ stopLoss: 1.099 }))
    expect(engine.setStops(1, id, 1.1005, 0, T0 + 500)).toEqual({ ok: false, reason: 'stop_loss_invalid' })
    expect(engine.order(id)).toMatchObject({ stopLoss: 1.099, stopsVersion: 0 })
    expect(closes(tick(engine, EURUSD, 1.099, 1.0991))).toHaveLength(1)
  })
})

describe('stop-out and negative balance protection', () => {
  it('closes the most losing position first and stops once the level is back at the stop-out level', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    const o1 = mustOpen(engine, buy({ lots: '0.1' })).id // at 1.10010, margin 10 000 x 1.1001 / 100 = 110.01
    tick(engine, EURUSD, 1.105, 1.1051, T0 + 1000)
    const o2 = mustOpen(engine, buy({ lots: '0.1', nowMs: T0 + 1000 })).id // at 1.10510, margin 110.51
    tick(engine, EURUSD, 1.102, 1.1021, T0 + 2000)
    const o3 = mustOpen(engine, buy({ lots: '0.2', nowMs: T0 + 2000 })).id // at 1.10210, margin 220.42
    // Margin follows the market: 0.4 lot at the ask 1.1021 is 40 000 x 1.1021 / 100 = 440.84.
    expect([...engine.accountTotals()][0]?.usedMargin).toBeCloseTo(440.84, 6)

    // At bid 1.07935: o1 (1.07935 - 1.10010) x 10 000 = -207.5; o2 (1.07935 - 1.10510) x 10 000 = -257.5;
    // o3 (1.07935 - 1.10210) x 20 000 = -455. Equity 1000 - 920 = 80; margin at the ask 1.07945:
    // 40 000 x 1.07945 / 100 = 431.78; level 18.5 %.
    const events = tick(engine, EURUSD, 1.07935, 1.07945, T0 + 3000)
    // Left at 74 %, below the margin-call level: the owner is warned too.
    expect(types(events)).toEqual([
      'stop_out',
      'position_closed',
      'booked',
      'position_closed',
      'booked',
      'margin_call',
    ])
    expect(events[0]).toMatchObject({ type: 'stop_out', userId: 1 })
    expect((events[0] as { level: number }).level).toBeCloseTo((80 / 431.78) * 100, 6)
    // o3 first (-455): level 80 / 215.89 = 37.1 % < 50; then o2 (-257.5): 80 / 107.945 = 74.1 % >= 50, stop.
    expect(closes(events).map((o) => [o.id, o.closedType, o.closePrice, str(o.profit)])).toEqual([
      [o3, ClosedType.StopOut, 1.07935, '-455'],
      [o2, ClosedType.StopOut, 1.07935, '-257.5'],
    ])
    expect(bookingRows(events).map((b) => [b.amount, b.balanceAfter])).toEqual([
      ['-455', '545'],
      ['-257.5', '287.5'],
    ])
    expect(engine.ordersOf(1).map((o) => o.id)).toEqual([o1])
    expect([...engine.accountTotals()][0]?.usedMargin).toBeCloseTo(107.945, 6)
    expect(engine.accountView(1)?.marginLevel).toBeCloseTo((80 / 107.945) * 100, 6)
  })

  it('ranks losses in USD across instruments (a JPY loss converted at 1/mid)', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    // EURUSD 0.1 lot at 1.10010: margin 110.01.
    const eur = mustOpen(engine, buy({ lots: '0.1' })).id
    // USDJPY 0.1 lot at 160.005, 1:100: margin 10 000 x 160.005 / 100 / 160 = 100.003125.
    const jpy = mustOpen(engine, buy({ instrumentId: USDJPY, lots: '0.1' })).id
    // EURUSD falls to 1.07010: (1.0701 - 1.1001) x 10 000 = -300 USD.
    tick(engine, EURUSD, 1.0701, 1.0702, T0 + 1000)
    // USDJPY falls to 127.995 / 128.005 (mid 128, 1 JPY = 0.0078125 USD):
    // (127.995 - 160.005) x 10 000 = -320 100 JPY = -2500.78125 USD: equity below zero, stop-out.
    const events = tick(engine, USDJPY, 127.995, 128.005, T0 + 2000)
    const closed = closes(events)
    expect(closed[0]?.id).toBe(jpy)
    // -2500.78125 to the cent, half even: -2500.78.
    expect(str(closed[0]?.profit ?? '')).toBe('-2500.78')
    // The loss is booked in full (the balance dips to -1500.78 while EURUSD is still open); the
    // EURUSD position closes next, and only then, flat, is the shortfall written off.
    expect(bookingRows(events).map((b) => [b.type, b.amount, b.balanceAfter])).toEqual([
      [LedgerType.TRADE_PROFIT, '-2500.78', '-1500.78'],
      [LedgerType.TRADE_PROFIT, '-300', '-1800.78'],
      [LedgerType.WRITE_OFF, '1800.78', '0'],
    ])
    expect(closed.map((o) => o.id)).toEqual([jpy, eur])
  })

  it('checks an account whose stop just closed its last position in the ticked instrument (others remain)', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    // EURUSD 1 lot 1:500 at 1.10010: margin 100 000 x 1.1001 / 500 = 220.02, no stops.
    const eur = mustOpen(engine, buy({ leverage: 500 })).id
    // US500 1 lot (contract 1) 1:10 at 5000.5: margin 500.05, stop 4500.
    const index = mustOpen(engine, buy({ instrumentId: US500, leverage: 10, stopLoss: 4500 })).id
    // US500 gaps to 4100: the stop closes at 4100: (4100 - 5000.5) x 1 = -900.5; balance 99.5.
    // The EURUSD position (-10 at the bid) is left with equity 89.5 on margin 220.02: 40.7 % < 50 %.
    const events = tick(engine, US500, 4100, 4100.5)
    expect(types(events)).toEqual(['position_closed', 'booked', 'stop_out', 'position_closed', 'booked'])
    expect(events[2]).toMatchObject({ userId: 1, level: expect.closeTo((89.5 / 220.02) * 100, 6) })
    expect(closes(events).map((o) => [o.id, o.closedType, o.closePrice, str(o.profit)])).toEqual([
      [index, ClosedType.StopLoss, 4100, '-900.5'],
      [eur, ClosedType.StopOut, 1.1, '-10'],
    ])
    expect(str(engine.balance(1) ?? '')).toBe('89.5')
  })

  it('books a gap loss in full, then, flat, writes off what the account is short, ending at 0', () => {
    const engine = makeEngine({ accounts: { 1: '100' } })
    // 0.1 lot at 1.10010, 1:500: margin 10 000 x 1.1001 / 500 = 22.002.
    const { id } = mustOpen(engine, buy({ lots: '0.1', leverage: 500, stopLoss: 1.095 }))
    // The bid gaps from 1.10000 to 1.08000: the stop closes at 1.08000:
    // (1.08 - 1.1001) x 10 000 = -201; the balance 100 covers 100, the house 101.
    const events = tick(engine, EURUSD, 1.08, 1.0801)
    expect(types(events)).toEqual(['position_closed', 'booked', 'booked'])
    expect(closes(events)[0]).toMatchObject({ closePrice: 1.08, closedType: ClosedType.StopLoss })
    expect(bookingRows(events)).toEqual([
      { userId: 1, type: LedgerType.TRADE_PROFIT, amount: '-201', balanceAfter: '-101', ref: `order:${id}` },
      { userId: 1, type: LedgerType.WRITE_OFF, amount: '101', balanceAfter: '0', ref: `order:${id}` },
    ])
    expect(str(engine.balance(1) ?? '')).toBe('0')
  })

  it('a loss exactly equal to the balance needs no write-off', () => {
    const engine = makeEngine({ accounts: { 1: '110' } })
    mustOpen(engine, buy({ lots: '0.1', leverage: 500, stopLoss: 1.095 }))
    // (1.0891 - 1.1001) x 10 000 = -110
    const events = tick(engine, EURUSD, 1.0891, 1.0892)
    expect(bookingRows(events).map((b) => [b.type, b.amount, b.balanceAfter])).toEqual([
      [LedgerType.TRADE_PROFIT, '-110', '0'],
    ])
  })
})

describe('margin call', () => {
  it('is raised once per fall below the level and again after a recovery', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    // 1 lot at 1.10010, 1:200: margin 100 000 x 1.1001 / 200 = 550.05; it follows the ask.
    mustOpen(engine, buy({ leverage: 200 }))
    const levelAt = (bid: number, ask: number) =>
      ((1000 + (bid - 1.1001) * 100_000) / ((ask * 100_000) / 200)) * 100
    // bid 1.095: equity 1000 - 510 = 490 on 547.55, level 89.5 %: a margin call.
    const first = tick(engine, EURUSD, 1.095, 1.0951, T0 + 1000)
    expect(first).toEqual([
      { type: 'margin_call', userId: 1, level: expect.closeTo(levelAt(1.095, 1.0951), 6) },
    ])
    // bid 1.094: 390 / 547.05 = 71.3 %: still called, no new event.
    expect(tick(engine, EURUSD, 1.094, 1.0941, T0 + 2000)).toEqual([])
    // bid 1.099: 890 / 549.55 = 162 %: recovered, which is recorded (it survives a restart).
    expect(tick(engine, EURUSD, 1.099, 1.0991, T0 + 3000)).toEqual([{ type: 'margin_call_ended', userId: 1 }])
    expect(types(tick(engine, EURUSD, 1.095, 1.0951, T0 + 4000))).toEqual(['margin_call'])
  })

  it('is raised by a tick of the conversion rate alone (GER40 in EUR via EURUSD)', () => {
    const engine = makeEngine({ accounts: { 1: '2500' }, quotes: { [EURUSD]: [1.24995, 1.25005] } })
    // 1 lot GER40 at 18000.5, 1:20, EURUSD mid 1.25: margin 18000.5 / 20 x 1.25 = 1125.03125.
    const { events } = mustOpen(engine, buy({ instrumentId: GER40, leverage: 20 }))
    expect(str((events[0] as Extract<EngineEvent, { type: 'position_opened' }>).order.margin)).toBe(
      '1125.03125',
    )
    // GER40 bid 17000: (17000 - 18000.5) x 1.25 = -1250.625; equity 1249.375; margin follows the
    // ask: 17000.5 / 20 x 1.25 = 1062.53125; level 117.6 %.
    expect(tick(engine, GER40, 17000, 17000.5, T0 + 1000)).toEqual([])
    // EURUSD mid 1.5: the same -1000.5 EUR is -1500.75 USD, equity 999.25; the margin converts at
    // 1.5 too: 850.025 x 1.5 = 1275.0375; level 78.4 %.
    const events2 = tick(engine, EURUSD, 1.49995, 1.50005, T0 + 2000)
    expect(events2).toEqual([
      { type: 'margin_call', userId: 1, level: expect.closeTo((999.25 / 1275.0375) * 100, 6) },
    ])
  })
})

describe('margin modes, fees and rounding', () => {
  it('fixed margin mode: margin = lots x contract size, whatever the price and leverage', () => {
    const engine = makeEngine()
    for (const leverage of [1, 100, 500]) {
      const { events } = mustOpen(engine, buy({ instrumentId: XAUUSD, lots: '0.5', leverage }))
      // 0.5 x 100 = 50
      expect(str((events[0] as Extract<EngineEvent, { type: 'position_opened' }>).order.margin)).toBe('50')
    }
    expect([...engine.accountTotals()][0]?.usedMargin).toBeCloseTo(150, 6)
    const id = engine.ordersOf(1)[0]?.id as number
    tick(engine, XAUUSD, 2010, 2010.5)
    const result = engine.close(1, id, T0 + 2000)
    // (2010 - 2000.5) x 0.5 x 100 = 475
    expect(result.ok && str(closes(result.events)[0]?.profit ?? '')).toBe('475')
  })

  it.each([
    // [fee per lot?, instrument, lots, fee rate, expected fee, arithmetic]
    [true, EURUSD, '0.35', '7', '2.45', '0.35 x 7'],
    [true, EURUSD, '0.05', '2.5', '0.13', '0.05 x 2.5 = 0.125, up'],
    [
      true,
      EURUSD,
      '0.01',
      '2.25',
      '0.03',
      '0.01 x 2.25 = 0.0225, up (issue 22: a charge never rounds below what is due)',
    ],
    [false, EURUSD, '1', '0.001', '1.11', 'margin 1100.1 x 0.001 = 1.1001, up'],
    [false, EURUSD, '0.25', '0.01', '2.76', 'margin 275.025 x 0.01 = 2.75025, up'],
    [false, XAUUSD, '0.5', '0.0025', '0.13', 'fixed margin 50 x 0.0025 = 0.125, up'],
  ] as const)(
    'fee (per lot %s) on %i, %s lots at rate %s: %s (%s)',
    (feePerLot, instrumentId, lots, rate, fee, _arithmetic) => {
      const engine = makeEngine({ risk: { feePerLot }, fee: { [instrumentId]: rate } })
      const { id, events } = mustOpen(engine, buy({ instrumentId, lots }))
      expect(str(engine.order(id)?.fee ?? '')).toBe(fee)
      expect(bookingRows(events)).toEqual([
        {
          userId: 1,
          type: LedgerType.TRADE_FEE,
          amount: `-${fee}`,
          balanceAfter: money(10000).minus(fee).toString(),
          ref: `order:${id}`,
        },
      ])
    },
  )

  it('a zero fee books nothing', () => {
    const engine = makeEngine()
    expect(types(mustOpen(engine, buy()).events)).toEqual(['position_opened'])
  })

  it.each([
    // US500: contract 1, precision 1: profit = 0.1 point x lots, often half a cent.
    [Side.Buy, '0.25', 5000.6, 5001.1, '0.02', '(5000.6 - 5000.5) x 0.25 = 0.025 -> 0.02 (half even)'],
    [Side.Buy, '0.35', 5000.6, 5001.1, '0.04', '0.1 x 0.35 = 0.035 -> 0.04'],
    [Side.Sell, '0.25', 4999.6, 5000.1, '-0.02', '(5000.0 - 5000.1) x 0.25 = -0.025 -> -0.02'],
    [Side.Sell, '0.15', 4999.6, 5000.1, '-0.02', '-0.1 x 0.15 = -0.015 -> -0.02'],
  ] as const)(
    'profit rounds to the cent half even: side %i, %s lots (%f / %f) -> %s: %s',
    (side, lots, bid, ask, profit, _arithmetic) => {
      const engine = makeEngine()
      const { id } = mustOpen(engine, { ...buy({ instrumentId: US500, lots }), side })
      tick(engine, US500, bid, ask)
      const result = engine.close(1, id, T0 + 2000)
      expect(result.ok && str(closes(result.events)[0]?.profit ?? '')).toBe(profit)
    },
  )

  it('margin is rounded to six decimals (USDJPY at mid 150: 1 JPY = 1/150 USD)', () => {
    const engine = makeEngine({ quotes: { [USDJPY]: [149.995, 150.005] } })
    const { id } = mustOpen(engine, buy({ instrumentId: USDJPY, lots: '0.01' }))
    // 1000 x 150.005 / 100 = 1500.05 JPY / 150 = 10.0003333... -> 10.000333
    expect(str(engine.order(id)?.margin ?? '')).toBe('10.000333')
  })
})

describe('quote currency conversion', () => {
  it('USDJPY: margin and profit in JPY converted at 1 / mid of USDJPY', () => {
    const engine = makeEngine()
    const b = mustOpen(engine, buy({ instrumentId: USDJPY })).id
    const s = mustOpen(engine, sell({ instrumentId: USDJPY })).id
    // buy at 160.005: 100 000 x 160.005 / 100 x 1/160 (0.00625) = 1000.03125;
    // sell at 159.995: 159 995 x 0.00625 = 999.96875.
    expect(str(engine.order(b)?.margin ?? '')).toBe('1000.03125')
    expect(str(engine.order(s)?.margin ?? '')).toBe('999.96875')
    // USDJPY to 156.245 / 156.255: mid 156.25, 1 JPY = 0.0064 USD.
    tick(engine, USDJPY, 156.245, 156.255)
    const closedBuy = engine.close(1, b, T0 + 2000)
    const closedSell = engine.close(1, s, T0 + 2000)
    // buy: (156.245 - 160.005) x 100 000 = -376 000 JPY x 0.0064 = -2406.4 USD
    expect(closedBuy.ok && str(closes(closedBuy.events)[0]?.profit ?? '')).toBe('-2406.4')
    // sell: (159.995 - 156.255) x 100 000 = 374 000 JPY x 0.0064 = 2393.6 USD
    expect(closedSell.ok && str(closes(closedSell.events)[0]?.profit ?? '')).toBe('2393.6')
    // 10 000 - 2406.4 + 2393.6
    expect(str(engine.balance(1) ?? '')).toBe('9987.2')
  })

  it('GER40 in EUR: margin and profit converted at the EURUSD mid of the moment', () => {
    const engine = makeEngine({ quotes: { [EURUSD]: [1.24995, 1.25005] } })
    const a = mustOpen(engine, buy({ instrumentId: GER40, leverage: 20 })).id
    const b = mustOpen(engine, buy({ instrumentId: GER40, leverage: 20 })).id
    tick(engine, GER40, 18100.2, 18100.7, T0 + 1000)
    const first = engine.close(1, a, T0 + 1000)
    // (18100.2 - 18000.5) x 1 x 1.25 = 99.7 x 1.25 = 124.625 -> 124.62 (half even)
    expect(first.ok && str(closes(first.events)[0]?.profit ?? '')).toBe('124.62')
    tick(engine, EURUSD, 1.49995, 1.50005, T0 + 2000)
    const second = engine.close(1, b, T0 + 2000)
    // 99.7 x 1.5 = 149.55
    expect(second.ok && str(closes(second.events)[0]?.profit ?? '')).toBe('149.55')
  })

  it('converts at the exact decimal mid: a half-cent tie rounds half even, not by float noise', () => {
    // EURUSD 1.00000 / 1.00010: the mid is 1.00005 (as a float sum it is 1.0000499999999999).
    const engine = makeEngine({ quotes: { [EURUSD]: [1.0, 1.0001] } })
    const { id } = mustOpen(engine, buy({ instrumentId: GER40, leverage: 20 }))
    // margin 18000.5 / 20 x 1.00005 = 900.025 x 1.00005 = 900.07000125 -> 900.070001
    expect(str(engine.order(id)?.margin ?? '')).toBe('900.070001')
    tick(engine, GER40, 18300.5, 18301)
    const result = engine.close(1, id, T0 + 2000)
    // (18300.5 - 18000.5) x 1.00005 = 300.015: a tie, half even -> 300.02 (the float rate gave 300.01).
    expect(result.ok && str(closes(result.events)[0]?.profit ?? '')).toBe('300.02')
  })

  it('refuses an instrument whose quote currency has no USD rate', () => {
    const list = [...instruments(), terms({ id: 50, code: 'EURCHF', quoteCurrency: 'CHF' })]
    const engine = makeEngine({ list, quotes: { 50: [0.93, 0.9301] } })
    expect(engine.open(buy({ instrumentId: 50 }))).toEqual({ ok: false, reason: 'no_conversion_rate' })
  })
})

describe('refusals', () => {
  it.each([
    [
      'market closed (Saturday, forex sessions)',
      { [EURUSD]: SATURDAY },
      buy({ nowMs: SATURDAY }),
      'market_closed',
    ],
    ['stale quote (10 001 ms old)', {}, buy({ nowMs: T0 + 10_001 }), 'quote_stale'],
    ['future quote (1001 ms ahead)', { [EURUSD]: T0 + 1001 }, buy(), 'quote_stale'],
    ['account not found', {}, buy({ userId: 99 }), 'account_not_found'],
    ['instrument not found', {}, buy({ instrumentId: 999 }), 'instrument_not_found'],
  ] as const)('%s', (_name, quoteTimes, command, reason) => {
    const engine = makeEngine()
    for (const [id, timeMs] of Object.entries(quoteTimes))
      engine.primeQuote(Number(id), { bid: 1.1, ask: 1.1001, timeMs })
    expect(engine.open(command)).toEqual(refused(reason))
    expect(engine.ordersOf(1)).toEqual([])
  })

  it('accepts the edges: a quote exactly 10 000 ms old, or 1000 ms ahead; always-open markets on Saturday', () => {
    const engine = makeEngine()
    expect(engine.open(buy({ nowMs: T0 + 10_000 })).ok).toBe(true)
    engine.primeQuote(EURUSD, { bid: 1.1, ask: 1.1001, timeMs: T0 + 1000 })
    expect(engine.open(buy()).ok).toBe(true)
    engine.primeQuote(US500, { bid: 5000, ask: 5000.5, timeMs: SATURDAY })
    expect(engine.open(buy({ instrumentId: US500, nowMs: SATURDAY })).ok).toBe(true)
  })

  it('refuses to close when the market is closed or the quote is stale', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy())
    expect(engine.close(1, id, SATURDAY)).toEqual(refused('market_closed'))
    expect(engine.close(1, id, T0 + 10_001)).toEqual(refused('quote_stale'))
    expect(engine.order(id)?.status).toBe(OrderStatus.Holding)
  })

  it.each([
    '0.001', // below the minimum 0.01
    '0',
    '-1',
    '100.01', // above the maximum 100
    '101',
    '0.015', // off the 0.01 step
    '1.001',
    'abc',
    '',
    ' ',
    'NaN',
    'Infinity',
    '1.0.0',
    '0x1', // a hexadecimal 1: not a decimal string
    '1e0',
    '1_0',
  ])('lots %j are refused', (lots) => {
    const engine = makeEngine()
    expect(engine.open(buy({ lots }))).toEqual(refused('lots_invalid'))
  })

  it.each(['0.01', '100', '0.10', '12.34'])('lots %j are accepted', (lots) => {
    expect(makeEngine({ accounts: { 1: '1000000' } }).open(buy({ lots })).ok).toBe(true)
  })

  it.each([300, 0, -100, Number.NaN])('leverage %d is refused', (leverage) => {
    expect(makeEngine().open(buy({ leverage }))).toEqual(refused('leverage_invalid'))
  })

  it.each([
    // Market orders: a buy's stop below the bid (1.1), target above; a sell's against the ask (1.1001).
    ['buy SL at the bid', buy({ stopLoss: 1.1 }), 'stop_loss_invalid'],
    ['buy SL between bid and ask', buy({ stopLoss: 1.10005 }), 'stop_loss_invalid'],
    ['buy SL above the ask', buy({ stopLoss: 1.2 }), 'stop_loss_invalid'],
    ['buy TP at the bid', buy({ takeProfit: 1.1 }), 'take_profit_invalid'],
    ['buy TP below the bid', buy({ takeProfit: 1.09 }), 'take_profit_invalid'],
    ['sell SL at the ask', sell({ stopLoss: 1.1001 }), 'stop_loss_invalid'],
    ['sell SL below the ask', sell({ stopLoss: 1.09 }), 'stop_loss_invalid'],
    ['sell TP at the ask', sell({ takeProfit: 1.1001 }), 'take_profit_invalid'],
    ['sell TP above the ask', sell({ takeProfit: 1.11 }), 'take_profit_invalid'],
    ['SL off the price grid', buy({ stopLoss: 1.099991 }), 'stop_loss_invalid'],
    ['negative SL', buy({ stopLoss: -1 }), 'stop_loss_invalid'],
    ['NaN TP', buy({ takeProfit: Number.NaN }), 'take_profit_invalid'],
    // Pending orders: against the target.
    ['buy-limit SL above its target', buy({ targetPrice: 1.099, stopLoss: 1.0995 }), 'stop_loss_invalid'],
    ['buy-limit TP below its target', buy({ targetPrice: 1.099, takeProfit: 1.0985 }), 'take_profit_invalid'],
    ['sell-limit SL below its target', sell({ targetPrice: 1.101, stopLoss: 1.1005 }), 'stop_loss_invalid'],
    [
      'sell-stop TP above its target',
      sell({ targetPrice: 1.099, takeProfit: 1.0995 }),
      'take_profit_invalid',
    ],
    ['negative target', buy({ targetPrice: -1 }), 'price_invalid'],
    ['target off the grid', buy({ targetPrice: 1.099991 }), 'price_invalid'],
    ['NaN target', buy({ targetPrice: Number.NaN }), 'price_invalid'],
  ] as const)('%s', (_name, command, reason) => {
    expect(makeEngine().open(command)).toEqual(refused(reason))
  })

  it.each([
    ['buy SL just below the bid, TP just above', buy({ stopLoss: 1.09999, takeProfit: 1.10001 })],
    ['sell SL just above the ask, TP just below', sell({ stopLoss: 1.10011, takeProfit: 1.10009 })],
    ['buy-limit stops around the target', buy({ targetPrice: 1.099, stopLoss: 1.0989, takeProfit: 1.0991 })],
  ])('accepts %s', (_name, command) => {
    expect(makeEngine().open(command).ok).toBe(true)
  })

  it('insufficient margin, counting the fee; the exact edge is accepted', () => {
    // 1 lot 1:1: margin 110 010 > 1000.
    expect(makeEngine({ accounts: { 1: '1000' } }).open(buy({ leverage: 1 }))).toEqual(
      refused('insufficient_margin'),
    )
    // margin 1100.1 + fee 7 = 1107.1.
    const fee = { [EURUSD]: '7' }
    expect(makeEngine({ accounts: { 1: '1107.1' }, fee }).open(buy()).ok).toBe(true)
    expect(makeEngine({ accounts: { 1: '1107.09' }, fee }).open(buy())).toEqual(
      refused('insufficient_margin'),
    )
  })

  it("another user's order: cancel, close and setStops are refused as order_not_found and change nothing", () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const position = mustOpen(engine, buy({ stopLoss: 1.099 })).id
    const pending = mustOpen(engine, buy({ targetPrice: 1.099 })).id
    const before = JSON.stringify([engine.ordersOf(1), engine.ordersOf(2), [...engine.accountTotals()]])
    expect(engine.cancel(2, pending, T0)).toEqual(refused('order_not_found'))
    expect(engine.close(2, position, T0)).toEqual(refused('order_not_found'))
    expect(engine.setStops(2, position, 1.098, 0, T0 + 500)).toEqual(refused('order_not_found'))
    // Wrong kind of order, or no such order.
    expect(engine.cancel(1, position, T0)).toEqual(refused('order_not_found'))
    expect(engine.close(1, pending, T0)).toEqual(refused('order_not_found'))
    expect(engine.setStops(1, pending, 1.098, 0, T0 + 500)).toEqual(refused('order_not_found'))
    expect(engine.close(1, 999, T0)).toEqual(refused('order_not_found'))
    expect(JSON.stringify([engine.ordersOf(1), engine.ordersOf(2), [...engine.accountTotals()]])).toBe(before)
    // The owner's stop still fires.
    expect(closes(tick(engine, EURUSD, 1.099, 1.0991)).map((o) => o.id)).toEqual([position])
  })

  it('the owner cancels a pending order and its entry no longer fires', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy({ targetPrice: 1.099 }))
    const result = engine.cancel(1, id, T0 + 500)
    expect(result.ok && result.events).toMatchObject([
      {
        type: 'order_cancelled',
        reason: 'user',
        order: { id, status: OrderStatus.Cancelled, closedAtMs: T0 + 500 },
      },
    ])
    expect(tick(engine, EURUSD, 1.0989, 1.099)).toEqual([])
    expect(engine.cancel(1, id, T0)).toEqual(refused('order_not_found'))
  })
})

describe('account commands', () => {
  it('resetAccount cancels pending orders, closes positions and books the difference', () => {
    const engine = makeEngine()
    const pending = mustOpen(engine, buy({ targetPrice: 1.099 })).id
    const position = mustOpen(engine, buy()).id
    tick(engine, EURUSD, 1.101, 1.1011)
    const result = engine.resetAccount(1, '10000', LedgerType.DEMO_RESET, T0 + 5000)
    if (!result.ok) throw new Error(result.reason)
    expect(types(result.events)).toEqual(['order_cancelled', 'position_closed', 'booked', 'booked'])
    expect(result.events[0]).toMatchObject({ reason: 'reset', order: { id: pending } })
    // (1.101 - 1.1001) x 100 000 = 90, then -90 back to 10 000.
    expect(closes(result.events)[0]).toMatchObject({
      id: position,
      closePrice: 1.101,
      closedType: ClosedType.User,
    })
    expect(bookingRows(result.events)).toEqual([
      {
        userId: 1,
        type: LedgerType.TRADE_PROFIT,
        amount: '90',
        balanceAfter: '10090',
        ref: `order:${position}`,
      },
      {
        userId: 1,
        type: LedgerType.DEMO_RESET,
        amount: '-90',
        balanceAfter: '10000',
        ref: `reset:${T0 + 5000}`,
      },
    ])
    expect(engine.ordersOf(1)).toEqual([])
    expect([...engine.accountTotals()][0]).toMatchObject({ positions: 0 })
    expect([...engine.accountTotals()][0]?.usedMargin).toBe(0)
    // Nothing open and the balance already right: no events.
    expect(engine.resetAccount(1, '10000', LedgerType.DEMO_RESET, T0 + 6000)).toEqual({
      ok: true,
      events: [],
    })
    expect(engine.resetAccount(99, '10000', LedgerType.DEMO_RESET, T0)).toEqual(refused('account_not_found'))
  })

  it.each(['abc', '', 'NaN', 'Infinity', '-1', '1.0000001'])(
    'resetAccount refuses the balance %j',
    (balance) => {
      const engine = makeEngine()
      expect(engine.resetAccount(1, balance, LedgerType.DEMO_RESET, T0)).toEqual(refused('price_invalid'))
      expect(str(engine.balance(1) ?? '')).toBe('10000')
    },
  )

  it('adjustBalance: a debit may not take free margin below zero', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    // 1 lot 1:200: margin 550.05; marked at the bid: -10; equity 990, free margin 439.95.
    mustOpen(engine, buy({ leverage: 200 }))
    expect(engine.adjustBalance(1, '-440', LedgerType.STAFF_ADJUSTMENT, 'staff:1')).toEqual(
      refused('balance_insufficient'),
    )
    const ok = engine.adjustBalance(1, '-439.9', LedgerType.STAFF_ADJUSTMENT, 'staff:1')
    expect(ok.ok && bookingRows(ok.events)).toEqual([
      {
        userId: 1,
        type: LedgerType.STAFF_ADJUSTMENT,
        amount: '-439.9',
        balanceAfter: '560.1',
        ref: 'staff:1',
      },
    ])
    const credit = engine.adjustBalance(1, '0.000001', LedgerType.STAFF_ADJUSTMENT, 'staff:2')
    expect(credit.ok && bookingRows(credit.events)[0]?.balanceAfter).toBe('560.100001')
  })

  it('adjustBalance: no debit beyond the balance, to zero exactly is fine', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    expect(engine.adjustBalance(1, '-1000.01', LedgerType.STAFF_ADJUSTMENT, 'x')).toEqual(
      refused('balance_insufficient'),
    )
    expect(engine.adjustBalance(1, '-1000', LedgerType.STAFF_ADJUSTMENT, 'x').ok).toBe(true)
    expect(str(engine.balance(1) ?? '')).toBe('0')
    expect(engine.adjustBalance(99, '1', LedgerType.STAFF_ADJUSTMENT, 'x')).toEqual(
      refused('account_not_found'),
    )
  })

  it.each(['0', 'abc', '', 'NaN', 'Infinity', '-Infinity', '1.0000001', '0x10'])(
    'adjustBalance refuses the amount %j',
    (amount) => {
      const engine = makeEngine()
      expect(engine.adjustBalance(1, amount, LedgerType.STAFF_ADJUSTMENT, 'x')).toEqual(
        refused('price_invalid'),
      )
      expect(str(engine.balance(1) ?? '')).toBe('10000')
    },
  )
})
