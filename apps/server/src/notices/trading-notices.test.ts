import { ClosedType, OrderStatus, Side } from '@tp/contracts'
import { money, type EngineEvent, type FinishedOrder } from '@tp/engine'
import { describe, expect, it } from 'vitest'
import { tradingNotices } from './trading-notices.ts'

/** A finished BTCUSD order of user 7, changed by `change`. */
function order(change: Partial<FinishedOrder> = {}): FinishedOrder {
  return {
    id: 41,
    userId: 7,
    instrumentId: 3,
    side: Side.Buy,
    lots: money('0.1'),
    leverage: 2,
    contractSize: '1',
    marginMode: 1,
    status: OrderStatus.Closed,
    originPrice: 65_030,
    price: 65_030,
    margin: money('3251.5'),
    fee: money('1'),
    stopLoss: 64_000,
    takeProfit: 0,
    stopsVersion: 1,
    entryRises: false,
    placedAtMs: 1,
    openedAtMs: 1,
    expiresAtMs: 0,
    trailingPoints: 0,
    swap: money(0),
    swapThroughMs: 1,
    closePrice: 63_990,
    profit: money('-104'),
    closedType: ClosedType.StopLoss,
    closedAtMs: 2,
    closedById: 0,
    copyOf: 0,
    followId: 0,
    ...change,
  } as FinishedOrder
}

const kinds = (events: EngineEvent[]) => tradingNotices(events).map((notice) => notice.kind)

describe('tradingNotices', () => {
  it('names a close by its stop-loss, trailing stop, take-profit or stop-out, and nothing else', () => {
    expect(tradingNotices([{ type: 'position_closed', order: order() }])).toEqual([
      {
        userId: 7,
        kind: 'stop_loss',
        ref: 'order:41',
        params: { id: 41, instrument: 3, lots: '0.1', price: 63_990, profit: '-104.000000' },
      },
    ])
    const closed = (change: Partial<FinishedOrder>) =>
      kinds([{ type: 'position_closed', order: order(change) }])
    expect(closed({ trailingPoints: 500 })).toEqual(['trailing_stop'])
    expect(closed({ closedType: ClosedType.TakeProfit })).toEqual(['take_profit'])
    expect(closed({ closedType: ClosedType.StopOut, trailingPoints: 500 })).toEqual(['stop_out'])
    for (const closedType of [
      ClosedType.User,
      ClosedType.Staff,
      ClosedType.CloseBy,
      ClosedType.Copy,
      ClosedType.CopyStop,
    ])
      expect(closed({ closedType })).toEqual([])
  })

  it('tells a follower its copy stop-loss ended its follow, once, and nothing of other follow changes', () => {
    const follow = {
      id: 90,
      followerId: 7,
      leaderId: 8,
      allocation: money('1000'),
      copyStopLossPercent: 20,
      profitSharePercent: 0,
      paused: false,
      realized: money('-201'),
      highWater: money(0),
      sharePaid: money(0),
      startedAtMs: 1,
      endedAtMs: 0,
      endReason: '' as const,
    }
    expect(tradingNotices([{ type: 'follow_changed', follow }])).toEqual([])
    const ended = { ...follow, endedAtMs: 5, endReason: 'copy_stop_loss' as const }
    expect(tradingNotices([{ type: 'follow_changed', follow: ended }])).toEqual([
      {
        userId: 7,
        kind: 'copy_stopped',
        ref: 'follow:90',
        params: { id: 90, percent: 20, profit: '-201.000000' },
      },
    ])
    expect(kinds([{ type: 'follow_changed', follow: { ...ended, endReason: 'user' } }])).toEqual([])
  })

  it('names a pending order filled, expired or cancelled by the platform; not one its owner or a reset ended', () => {
    expect(
      kinds([{ type: 'position_opened', order: order({ status: OrderStatus.Holding }), fromPending: true }]),
    ).toEqual(['pending_filled'])
    expect(kinds([{ type: 'position_opened', order: order({ status: OrderStatus.Holding }) }])).toEqual([])
    const cancelled = (reason: Extract<EngineEvent, { type: 'order_cancelled' }>['reason']) =>
      tradingNotices([{ type: 'order_cancelled', order: order({ status: OrderStatus.Cancelled }), reason }])
    expect(cancelled('expired').map((n) => n.kind)).toEqual(['pending_expired'])
    for (const reason of [
      'no_margin',
      'instrument_disabled',
      'leverage_withdrawn',
      'exposure_limit',
    ] as const)
      expect(cancelled(reason)).toMatchObject([{ kind: 'pending_cancelled', params: { reason } }])
    expect(cancelled('user')).toEqual([])
    expect(cancelled('reset')).toEqual([])
  })

  it('names a margin call by its level cut to two decimals (no ref: the writer names it by time), and a price alert', () => {
    expect(tradingNotices([{ type: 'margin_call', userId: 7, level: 99.996 }])).toEqual([
      { userId: 7, kind: 'margin_call', ref: null, params: { level: '99.99' } },
    ])
    expect(
      kinds([
        { type: 'margin_call_ended', userId: 7 },
        { type: 'stop_out', userId: 7, level: 40 },
      ]),
    ).toEqual([])
    const alert = { id: 5, userId: 7, instrumentId: 3, above: false, price: 64_800, createdAtMs: 1 }
    expect(tradingNotices([{ type: 'alert_fired', alert, bid: 64_790, ask: 64_820, timeMs: 9 }])).toEqual([
      {
        userId: 7,
        kind: 'price_alert',
        ref: 'alert:5',
        params: { id: 5, instrument: 3, price: 64_800, bid: 64_790 },
      },
    ])
  })
})
