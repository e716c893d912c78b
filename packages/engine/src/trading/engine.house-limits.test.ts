import { describe, expect, it } from 'vitest'
import { TradingEngine } from './engine.ts'
import { EURUSD, T0, buy, instruments, makeEngine, mustOpen, sell, tick } from './test-fixtures.ts'
import type { EngineEvent, InstrumentTerms } from './types.ts'

/*
 * Issue 13, house limits (B-book risk): per instrument, the most net lots all real clients together
 * may hold, and the most lots one account may hold on one side (positions and pending orders).
 */

const limited = (maxNetLots: string | null, maxAccountLots: string | null = null): InstrumentTerms[] =>
  instruments().map((t) => (t.id === EURUSD ? { ...t, maxNetLots, maxAccountLots } : t))

const accounts = { 1: '100000', 2: '100000', 3: '100000' }

describe('net exposure limit', () => {
  it('refuses what would take the clients past the limit, and always takes what brings them back', () => {
    const engine = makeEngine({ list: limited('2'), accounts })
    mustOpen(engine, buy({ lots: '1.5' }))
    expect(engine.open(buy({ userId: 2, lots: '0.6' }))).toEqual({ ok: false, reason: 'exposure_limit' })
    mustOpen(engine, buy({ userId: 2, lots: '0.5' }))
    expect(engine.netLots(EURUSD).toString()).toBe('2')
    // A sell brings the net back, however large, as long as it ends within the limit either way.
    mustOpen(engine, sell({ userId: 3, lots: '3.5' }))
    expect(engine.netLots(EURUSD).toString()).toBe('-1.5')
    expect(engine.open(sell({ userId: 3, lots: '0.51' }))).toEqual({ ok: false, reason: 'exposure_limit' })
  })

  it('takes a trade across zero only if it ends within the limit, even past one staff lowered', () => {
    const engine = makeEngine({ list: limited('10'), accounts })
    mustOpen(engine, buy({ lots: '9.5' }))
    expect(engine.open(sell({ userId: 2, lots: '20' }))).toEqual({ ok: false, reason: 'exposure_limit' })
    // Staff lower the limit below what clients hold: trades that bring the net back still fit, but
    // none may take it past the limit on the other side.
    engine.setInstruments(limited('5'))
    mustOpen(engine, sell({ userId: 2, lots: '2' }))
    expect(engine.netLots(EURUSD).toString()).toBe('7.5')
    expect(engine.open(sell({ userId: 3, lots: '13' }))).toEqual({ ok: false, reason: 'exposure_limit' })
    mustOpen(engine, sell({ userId: 3, lots: '12.5' }))
    expect(engine.netLots(EURUSD).toString()).toBe('-5')
  })

  it('tells an account that cannot pay for an order nothing of the net', () => {
    const engine = makeEngine({ list: limited('1'), accounts: { ...accounts, 4: '1' } })
    mustOpen(engine, buy({ lots: '1' }))
    // Unfunded, it learns that it cannot afford the order, not whether the house has room.
    expect(engine.open(buy({ userId: 4, lots: '0.5' }))).toEqual({ ok: false, reason: 'insufficient_margin' })
  })

  it('frees room as positions close, whole or in part', () => {
    const engine = makeEngine({ list: limited('1'), accounts })
    const id = mustOpen(engine, buy({ lots: '1' })).id
    expect(engine.open(buy({ userId: 2, lots: '0.4' })).ok).toBe(false)
    expect(engine.close(1, id, T0, 1, '0.4').ok).toBe(true)
    mustOpen(engine, buy({ userId: 2, lots: '0.4' }))
    expect(engine.netLots(EURUSD).toString()).toBe('1')
  })

  it('counts no demo account, and lets none of them block a real client', () => {
    const engine = new TradingEngine(limited('1'), makeEngine().riskSettings())
    engine.grantOrderIds(1, 1000)
    engine.addAccount(1, '100000')
    engine.addAccount(9, '100000', false, '0', true)
    for (const [id, quote] of [[EURUSD, [1.1, 1.1001]]] as const)
      engine.primeQuote(id, { bid: quote[0], ask: quote[1], timeMs: T0 })
    mustOpen(engine, buy({ userId: 9, lots: '5' }))
    expect(engine.netLots(EURUSD).toString()).toBe('0')
    mustOpen(engine, buy({ userId: 1, lots: '1' }))
  })

  it('cancels a pending order whose fill would pass the limit (others filled it meanwhile)', () => {
    const engine = makeEngine({ list: limited('1'), accounts })
    const waiting = mustOpen(engine, buy({ targetPrice: 1.099, lots: '1' })).id
    mustOpen(engine, buy({ userId: 2, lots: '1' }))
    const events: EngineEvent[] = tick(engine, EURUSD, 1.0989, 1.099)
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'order_cancelled',
        reason: 'exposure_limit',
        order: expect.objectContaining({ id: waiting }),
      }),
    )
    expect(engine.order(waiting)).toBeUndefined()
  })

  it('refuses a pending order that would pass the limit if it filled now', () => {
    const engine = makeEngine({ list: limited('1'), accounts })
    mustOpen(engine, buy({ lots: '1' }))
    expect(engine.open(buy({ userId: 2, targetPrice: 1.09, lots: '0.01' }))).toEqual({
      ok: false,
      reason: 'exposure_limit',
    })
  })

  it('is rebuilt from the open positions after a restart', () => {
    const engine = makeEngine({ list: limited('1'), accounts })
    mustOpen(engine, buy({ lots: '0.7' }))
    mustOpen(engine, sell({ userId: 2, lots: '0.2' }))
    const restarted = makeEngine({ list: limited('1'), accounts })
    for (const userId of [1, 2]) for (const order of engine.ordersOf(userId)) restarted.restoreOrder(order)
    expect(restarted.netLots(EURUSD).toString()).toBe('0.5')
    expect(restarted.open(buy({ userId: 3, lots: '0.51' }))).toEqual({ ok: false, reason: 'exposure_limit' })
  })
})

describe('per-account limit', () => {
  it('counts an account positions and pending orders on one side, and each side apart', () => {
    const engine = makeEngine({ list: limited(null, '2'), accounts })
    mustOpen(engine, buy({ lots: '1' }))
    mustOpen(engine, buy({ targetPrice: 1.09, lots: '0.5' }))
    expect(engine.open(buy({ lots: '0.6' }))).toEqual({
      ok: false,
      reason: 'account_limit',
      detail: { max: '2', held: '1.5' },
    })
    mustOpen(engine, buy({ lots: '0.5' }))
    // Sells are the other side: the account may hold 2 lots of them too.
    mustOpen(engine, sell({ lots: '2' }))
    // Another account has its own room.
    mustOpen(engine, buy({ userId: 2, lots: '2' }))
  })

  it('holds for demo accounts too', () => {
    const engine = new TradingEngine(limited(null, '1'), makeEngine().riskSettings())
    engine.grantOrderIds(1, 1000)
    engine.addAccount(9, '100000', false, '0', true)
    engine.primeQuote(EURUSD, { bid: 1.1, ask: 1.1001, timeMs: T0 })
    mustOpen(engine, buy({ userId: 9, lots: '1' }))
    expect(engine.open(buy({ userId: 9, lots: '0.01' }))).toMatchObject({ reason: 'account_limit' })
  })
})
