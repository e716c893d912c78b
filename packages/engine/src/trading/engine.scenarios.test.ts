// Engine scenarios: opening and closing on EURUSD, account commands.
import { ClosedType, LedgerType, OrderStatus, Side } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import { EURUSD, T0, bookingRows, buy, closes, makeEngine, mustOpen, sell, tick } from './test-fixtures.ts'
import type { EngineEvent } from './types.ts'
import { types, str, refused } from './scenario-helpers.ts'

/*
 * Hand-computed scenarios. Unless a test says otherwise: EURUSD (contract 100 000, precision 5) is at
 * bid 1.10000 / ask 1.10010, USDJPY at 159.995 / 160.005 (mid 160), GER40 (EUR, contract 1) at
 * 18000.0 / 18000.5; fees are 0; user 1 has 10 000 USD; every quote is stamped T0 (a Wednesday noon).
 */

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
