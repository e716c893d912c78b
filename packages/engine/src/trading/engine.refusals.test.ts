// Engine scenarios: the commands the engine refuses, and why.
import { OrderStatus } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import {
  EURUSD,
  SATURDAY,
  T0,
  US500,
  buy,
  closes,
  makeEngine,
  mustOpen,
  sell,
  tick,
} from './test-fixtures.ts'
import { refused } from './scenario-helpers.ts'

/*
 * Hand-computed scenarios. Unless a test says otherwise: EURUSD (contract 100 000, precision 5) is at
 * bid 1.10000 / ask 1.10010, USDJPY at 159.995 / 160.005 (mid 160), GER40 (EUR, contract 1) at
 * 18000.0 / 18000.5; fees are 0; user 1 has 10 000 USD; every quote is stamped T0 (a Wednesday noon).
 */

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

  it('closes a halted market (no provider quotes it) to opening and closing until its next quote', () => {
    const engine = makeEngine()
    const { id } = mustOpen(engine, buy())
    engine.haltQuotes(EURUSD)
    expect(engine.open(buy())).toEqual(refused('market_closed'))
    expect(engine.close(1, id, T0)).toEqual(refused('market_closed'))
    expect(tick(engine, EURUSD, 1.1001, 1.1002, T0 + 1)).toEqual([])
    expect(engine.open(buy({ nowMs: T0 + 1 })).ok).toBe(true)
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
