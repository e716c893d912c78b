import { ClosedType, LedgerType, Side } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import type { FollowCommand } from './engine.ts'
import type { TradingEngine } from './engine.ts'
import {
  EURUSD,
  T0,
  bookingRows,
  buy,
  closes,
  makeEngine,
  mustOpen,
  sell,
  terms,
  tick,
} from './test-fixtures.ts'
import type { EngineEvent, Order } from './types.ts'

/*
 * Issue 29, copy trading (decision 053): a leader's trades are copied for its followers in the same
 * command, sized on allocation / leader equity and rounded down to the lot step; closes, partial
 * closes, stop changes and stop-outs are mirrored; copy stop-loss and high-water-mark profit share.
 * Leader 1, followers 2, 3, 4; EUR/USD at 1.1000 / 1.1001 (a lot is 100 000 EUR, a point 1 USD).
 */

const LEADER = 1
const follows = (engine: TradingEngine, command: Partial<FollowCommand> & { followerId: number }) => {
  const result = engine.follow({
    leaderId: LEADER,
    allocation: '2500',
    copyStopLossPercent: 0,
    profitSharePercent: 0,
    copyOpen: false,
    nowMs: T0,
    ...command,
  })
  if (!result.ok) throw new Error(`follow refused: ${result.reason}`)
  return result.followId as number
}
const opened = (events: readonly EngineEvent[]): Order[] =>
  events.flatMap((e) => (e.type === 'position_opened' ? [e.order] : []))
const skips = (events: readonly EngineEvent[]) =>
  events.flatMap((e) => (e.type === 'copy_skipped' ? [[e.skip.followerId, e.skip.reason]] : []))
const copiesOf = (engine: TradingEngine, userId: number) =>
  engine.ordersOf(userId).filter((o) => o.copyOf !== 0)

describe('copy trading: sizing', () => {
  it('copies a leader position in the same command, in proportion to allocation over the leader equity, rounded down', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000', 3: '10000', 4: '1000' } })
    const f2 = follows(engine, { followerId: 2, allocation: '2500' })
    follows(engine, { followerId: 3, allocation: '1000' })
    follows(engine, { followerId: 4, allocation: '100' })
    const { id, events } = mustOpen(engine, buy({ lots: '1' }))
    // Leader equity after its fill: 10 000 less the spread (10 USD). 2 500 / 9 990 of 1 lot is 0.2502:
    // 0.25; 1 000 / 9 990 is 0.1001: 0.10; 100 / 9 990 is 0.0100: 0.01.
    expect(opened(events).map((o) => [o.userId, o.lots.toString(), o.copyOf, o.side])).toEqual([
      [1, '1', 0, Side.Buy],
      [2, '0.25', id, Side.Buy],
      [3, '0.1', id, Side.Buy],
      [4, '0.01', id, Side.Buy],
    ])
    expect(opened(events)[1]).toMatchObject({ followId: f2, price: 1.1001, leverage: 100 })
    // 0.33 lot: 0.0825 and 0.033 round down to 0.08 and 0.03; 0.0033 is below the minimum lot.
    const second = mustOpen(engine, sell({ lots: '0.33' }))
    expect(opened(second.events).map((o) => [o.userId, o.lots.toString()])).toEqual([
      [1, '0.33'],
      [2, '0.08'],
      [3, '0.03'],
    ])
    expect(skips(second.events)).toEqual([[4, 'copy_below_min_lots']])
    expect(engine.copyCount()).toBe(5)
  })

  it('skips a copy short of margin or past a house limit, with the reason, and copies the rest', () => {
    const list = [terms({ id: EURUSD, code: 'EURUSD', maxAccountLots: '0.5' })]
    const engine = makeEngine({ list, accounts: { 1: '10000', 2: '10000', 3: '10000' } })
    follows(engine, { followerId: 2, allocation: '5000' })
    follows(engine, { followerId: 3, allocation: '5000' })
    // Follower 3 holds the house's 0.5 lot limit of its own already.
    mustOpen(engine, buy({ userId: 3, lots: '0.5', leverage: 10 }))
    const { events } = mustOpen(engine, buy({ lots: '0.5' }))
    // 5 000 / 9 995 of 0.5 lot: 0.25 lot.
    expect(opened(events).map((o) => [o.userId, o.lots.toString()])).toEqual([
      [1, '0.5'],
      [2, '0.25'],
    ])
    expect(skips(events)).toEqual([[3, 'account_limit']])
    const poorer = makeEngine({ accounts: { 1: '10000', 2: '1000' } })
    follows(poorer, { followerId: 2, allocation: '500' })
    // The follower's own trade leaves it 1.75 USD of free margin: the copy (0.05 lot, 55 USD) cannot be held.
    mustOpen(poorer, buy({ userId: 2, lots: '0.9', leverage: 100 }))
    const copied = mustOpen(poorer, buy({ lots: '1' }))
    expect(skips(copied.events)).toEqual([[2, 'insufficient_margin']])
  })

  it('a leader with tiny equity cannot take a copy past what the allocation holds at its leverage', () => {
    const engine = makeEngine({ accounts: { 1: '200', 2: '100000' } })
    follows(engine, { followerId: 2, allocation: '10000' })
    // 0.8 lot at 1:500 holds 176 of the leader's 200, which the spread takes to 192: the copy is
    // 10 000 / 192 x 0.8 = 41.66 lots, 9 166 of margin.
    const first = mustOpen(engine, buy({ lots: '0.8', leverage: 500 }))
    expect(opened(first.events).map((o) => [o.userId, o.lots.toString()])).toEqual([
      [1, '0.8'],
      [2, '41.66'],
    ])
    // The leader's next 0.06 lot would be 3.1 lots for the follower, 682 of margin: the allocation
    // has 10 000 less the copy's 9 166 of margin and 417 of spread, about 417, left, however much
    // else the follower's account holds.
    const next = mustOpen(engine, buy({ lots: '0.06', leverage: 500 }))
    expect(skips(next.events)).toEqual([[2, 'allocation_short']])
    // Below the smallest allocation (100) of equity, a leader is copied by nobody.
    const poor = makeEngine({ accounts: { 1: '99', 2: '100000' } })
    follows(poor, { followerId: 2, allocation: '10000' })
    expect(skips(mustOpen(poor, buy({ lots: '0.01', leverage: 500 })).events)).toEqual([
      [2, 'leader_unavailable'],
    ])
  })

  it('sizes on the follower equity where losses or withdrawals left less than the allocation', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '5000' } })
    follows(engine, { followerId: 2, allocation: '5000' })
    // Half the money goes out (a withdrawal): copies are sized on the 2 500 left.
    expect(engine.payOut(2, '0', 'x').ok).toBe(false)
    expect(engine.freeze(2, '2500', 'withdrawal:1').ok).toBe(true)
    const { events } = mustOpen(engine, buy({ lots: '1' }))
    expect(opened(events).map((o) => [o.userId, o.lots.toString()])).toEqual([
      [1, '1'],
      [2, '0.25'],
    ])
  })

  it('copies at the leader price only where the house allows it', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000', 3: '10000' } })
    follows(engine, { followerId: 2, allocation: '5000' })
    engine.setPricing(new Map([[2, 'pro']]), [{ group: 'pro', instrumentId: EURUSD, points: 4 }])
    const own = mustOpen(engine, buy({ lots: '1' }))
    // The follower's own ask is 2 points (0.00002) above the house's.
    expect(opened(own.events)[1]?.price).toBe(1.10012)
    engine.setCopySettings({ fillAtLeaderPrice: true, minAllocation: '100', maxProfitSharePercent: 30 })
    const atLeader = mustOpen(engine, buy({ lots: '1' }))
    expect(opened(atLeader.events)[1]?.price).toBe(1.1001)
    // Never an old position's price: a follow that copies the open positions fills at its own price now.
    tick(engine, EURUSD, 1.12, 1.1201)
    const late = engine.follow({
      followerId: 3,
      leaderId: LEADER,
      allocation: '1000',
      copyStopLossPercent: 0,
      profitSharePercent: 0,
      copyOpen: true,
      nowMs: T0 + 1000,
    })
    expect(late.ok && opened(late.events).map((o) => o.price)).toEqual([1.1201, 1.1201])
  })
})

describe('copy trading: mirrored changes', () => {
  it('mirrors stops, a partial close and the close, each at the follower own price', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    follows(engine, { followerId: 2, allocation: '2500' })
    const { id } = mustOpen(engine, buy({ lots: '1' }))
    const [copy] = copiesOf(engine, 2)
    const stops = engine.setStops(LEADER, id, 1.095, 1.11, T0 + 500)
    expect(stops.ok && stops.events.map((e) => e.type)).toEqual(['stops_changed', 'stops_changed'])
    expect(engine.order(copy!.id)).toMatchObject({ stopLoss: 1.095, takeProfit: 1.11 })
    tick(engine, EURUSD, 1.1011, 1.1012)
    // 0.3 of 1 lot: the copy closes 0.3 x 0.25 = 0.075, rounded down to 0.07, and keeps 0.18.
    const part = engine.close(LEADER, id, T0 + 2000, ClosedType.User, '0.3')
    expect(part.ok && closes(part.events).map((o) => [o.userId, o.lots.toString(), o.closedType])).toEqual([
      [1, '0.3', ClosedType.User],
      [2, '0.07', ClosedType.Copy],
    ])
    expect(engine.order(copy!.id)?.lots.toString()).toBe('0.18')
    const whole = engine.close(LEADER, id, T0 + 3000)
    expect(whole.ok && closes(whole.events).map((o) => [o.userId, o.id, o.closedType, o.closePrice])).toEqual(
      [
        [1, id, ClosedType.User, 1.1011],
        [2, copy!.id, ClosedType.Copy, 1.1011],
      ],
    )
    expect(engine.copyCount()).toBe(0)
    // The follow's result: 0.07 and 0.18 lot, each 10 points up: 7 + 18 = 25 USD.
    expect(engine.followsOf(2)[0]?.realized.toString()).toBe('25')
  })

  it('mirrors the leader stop-out: every copy of a closed position closes', () => {
    const engine = makeEngine({ accounts: { 1: '1000', 2: '10000' } })
    follows(engine, { followerId: 2, allocation: '5000' })
    mustOpen(engine, buy({ lots: '4', leverage: 500 }))
    expect(copiesOf(engine, 2)).toHaveLength(1)
    // 4 lots lose 400 USD a 0.001: the leader's 1 000 are gone by 1.0975.
    const events = tick(engine, EURUSD, 1.0975, 1.0976)
    expect(events.some((e) => e.type === 'stop_out' && e.userId === LEADER)).toBe(true)
    expect(closes(events).map((o) => [o.userId, o.closedType])).toEqual([
      [1, ClosedType.StopOut],
      [2, ClosedType.Copy],
    ])
    expect(copiesOf(engine, 2)).toEqual([])
  })

  it('lets the follower close a copy itself; the leader close then closes nothing of it', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    follows(engine, { followerId: 2 })
    const { id } = mustOpen(engine, buy({ lots: '1' }))
    const [copy] = copiesOf(engine, 2)
    expect(engine.close(2, copy!.id, T0 + 100).ok).toBe(true)
    const leaderClose = engine.close(LEADER, id, T0 + 200)
    expect(leaderClose.ok && closes(leaderClose.events).map((o) => o.userId)).toEqual([1])
  })

  it('pauses: new trades are not copied, closes still are; resumed, copying goes on', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const f = follows(engine, { followerId: 2 })
    const first = mustOpen(engine, buy({ lots: '1' }))
    expect(engine.changeFollow(2, f, { paused: true }, T0).ok).toBe(true)
    const whilePaused = mustOpen(engine, buy({ lots: '1' }))
    expect(opened(whilePaused.events).map((o) => o.userId)).toEqual([1])
    expect(skips(whilePaused.events)).toEqual([])
    const closed = engine.close(LEADER, first.id, T0 + 100)
    expect(closed.ok && closes(closed.events).map((o) => o.userId)).toEqual([1, 2])
    expect(engine.changeFollow(2, f, { paused: false }, T0).ok).toBe(true)
    const resumed = mustOpen(engine, buy({ lots: '1' }))
    expect(opened(resumed.events).map((o) => o.userId)).toEqual([1, 2])
  })

  it('stops following, closing the copies or keeping them as the follower own', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000', 3: '10000' } })
    const f2 = follows(engine, { followerId: 2 })
    const f3 = follows(engine, { followerId: 3 })
    const { id } = mustOpen(engine, buy({ lots: '1' }))
    const stop = engine.unfollow(2, f2, true, T0 + 100)
    expect(stop.ok && closes(stop.events).map((o) => [o.userId, o.closedType])).toEqual([
      [2, ClosedType.User],
    ])
    const keep = engine.unfollow(3, f3, false, T0 + 100)
    expect(keep.ok && closes(keep.events)).toEqual([])
    const kept = engine.ordersOf(3)
    expect(kept).toHaveLength(1)
    // The leader's close reaches nobody now.
    const leaderClose = engine.close(LEADER, id, T0 + 200)
    expect(leaderClose.ok && closes(leaderClose.events).map((o) => o.userId)).toEqual([1])
    expect(engine.ordersOf(3)).toHaveLength(1)
    expect(engine.followsOf(2)).toEqual([])
    expect(engine.unfollow(2, f2, true, T0).ok).toBe(false)
  })

  it('copies the leader open positions when the follower asks, at its own price now', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    mustOpen(engine, buy({ lots: '1' }))
    tick(engine, EURUSD, 1.102, 1.1021)
    const result = engine.follow({
      followerId: 2,
      leaderId: LEADER,
      allocation: '2500',
      copyStopLossPercent: 0,
      profitSharePercent: 0,
      copyOpen: true,
      nowMs: T0 + 1000,
    })
    expect(result.ok && opened(result.events).map((o) => [o.userId, o.lots.toString(), o.price])).toEqual([
      [2, '0.24', 1.1021],
    ])
  })
})

describe('copy trading: copy stop-loss and profit share', () => {
  it('ends the follow and closes its copies once the allocation has lost its copy stop-loss share', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const f = follows(engine, { followerId: 2, allocation: '1000', copyStopLossPercent: 20 })
    mustOpen(engine, buy({ lots: '1' }))
    const [copy] = copiesOf(engine, 2)
    expect(copy?.lots.toString()).toBe('0.1')
    // 0.1 lot loses 10 USD a 0.001: 190 at 1.0811 (200 would be at 1.0801).
    tick(engine, EURUSD, 1.0811, 1.0812, T0 + 1000)
    expect(engine.checkCopyStops(T0 + 1000)).toEqual([])
    tick(engine, EURUSD, 1.08, 1.0801, T0 + 2000)
    const events = engine.checkCopyStops(T0 + 2000)
    expect(closes(events).map((o) => [o.userId, o.closedType, o.profit.toString()])).toEqual([
      [2, ClosedType.CopyStop, '-201'],
    ])
    const ended = events.flatMap((e) => (e.type === 'follow_changed' ? [e.follow] : [])).at(-1)
    expect(ended).toMatchObject({ id: f, endReason: 'copy_stop_loss', endedAtMs: T0 + 2000 })
    expect(ended?.realized.toString()).toBe('-201')
    expect(engine.followsOf(2)).toEqual([])
  })

  it('charges profit share above the high-water mark only, from the follower to the leader, through the ledger', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const f = follows(engine, { followerId: 2, allocation: '1000', profitSharePercent: 20 })
    /** A leader's trade and its close; the close's profit-share rows (charged as the copy closes). */
    const trade = (from: [number, number], to: [number, number], at: number) => {
      tick(engine, EURUSD, from[0], from[1], at)
      const { id } = mustOpen(engine, buy({ lots: '1', nowMs: at }))
      tick(engine, EURUSD, to[0], to[1], at + 1000)
      const closed = engine.close(LEADER, id, at + 1000)
      expect(closed.ok).toBe(true)
      return bookingRows(closed.ok ? closed.events : []).filter((b) => b.type === LedgerType.PROFIT_SHARE)
    }
    // The copy (0.1 lot) earns 100: 20 is due, charged with the close, before any withdrawal.
    expect(trade([1.1, 1.1001], [1.1101, 1.1102], T0 + 1000)).toEqual([
      { userId: 2, type: LedgerType.PROFIT_SHARE, amount: '-20', balanceAfter: '10080', ref: `follow:${f}` },
      { userId: 1, type: LedgerType.PROFIT_SHARE, amount: '20', balanceAfter: '11020', ref: `follow:${f}` },
    ])
    // Nothing more is due at the day's settlement.
    expect(engine.settleProfitShares(T0 + 5000)).toEqual([])
    // The leader's equity is 11 020 now: copies are 0.09 lot. They lose 45: nothing is due; then earn
    // 72: 127 in all, 27 above the mark, 5.40 due.
    expect(trade([1.1101, 1.1102], [1.1052, 1.1053], T0 + 10_000)).toEqual([])
    expect(trade([1.1052, 1.1053], [1.1133, 1.1134], T0 + 20_000).map((b) => [b.userId, b.amount])).toEqual([
      [2, '-5.4'],
      [1, '5.4'],
    ])
    expect(engine.followsOf(2)[0]).toMatchObject({ id: f })
    expect(engine.followsOf(2)[0]?.sharePaid.toString()).toBe('25.4')
    expect(engine.followsOf(2)[0]?.highWater.toString()).toBe('127')
  })

  it('cannot be farmed by closing the winners and keeping the losers open', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    follows(engine, { followerId: 2, allocation: '1000', profitSharePercent: 30 })
    const long = mustOpen(engine, buy({ lots: '1' }))
    const short = mustOpen(engine, sell({ lots: '1' }))
    const [copyLong, copyShort] = copiesOf(engine, 2)
    expect([copyLong?.side, copyShort?.side]).toEqual([Side.Buy, Side.Sell])
    tick(engine, EURUSD, 1.11, 1.1101, T0 + 1000)
    // The follower takes the winning copy (+99.9) and keeps the losing one (-100.1) open.
    expect(engine.close(2, copyLong!.id, T0 + 1000).ok).toBe(true)
    expect(engine.settleProfitShares(T0 + 2000)).toEqual([])
    // Stopping without closing the loser: still nothing is shared.
    const stopped = engine.unfollow(2, engine.followsOf(2)[0]!.id, false, T0 + 3000)
    expect(stopped.ok && stopped.events.filter((e) => e.type === 'booked')).toEqual([])
    void long
    void short
  })

  it('never charges a practice account', () => {
    const engine = makeEngine({ accounts: {} })
    engine.addAccount(1, '10000', false, '0', true)
    engine.addAccount(2, '10000', false, '0', true)
    const f = follows(engine, { followerId: 2, allocation: '1000', profitSharePercent: 20 })
    expect(engine.followsOf(2)[0]).toMatchObject({ id: f, profitSharePercent: 0 })
  })
})

describe('copy trading: who may follow', () => {
  it('refuses oneself, a practice and real mix, a second follow, a small or unbacked allocation, a bad copy stop', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    engine.addAccount(3, '10000', false, '0', true)
    const base = {
      leaderId: LEADER,
      allocation: '1000',
      copyStopLossPercent: 0,
      profitSharePercent: 0,
      copyOpen: false,
      nowMs: T0,
    }
    const reason = (c: Partial<FollowCommand>) => {
      const result = engine.follow({ ...base, followerId: 2, ...c })
      return result.ok ? 'ok' : result.reason
    }
    expect(reason({ followerId: 1 })).toBe('follow_self')
    expect(reason({ followerId: 3 })).toBe('leader_unavailable')
    expect(reason({ leaderId: 99 })).toBe('leader_unavailable')
    expect(reason({ allocation: '99.99' })).toBe('allocation_invalid')
    expect(reason({ allocation: '100.001' })).toBe('allocation_invalid')
    expect(reason({ allocation: '1e3' })).toBe('allocation_invalid')
    expect(reason({ allocation: '10000.01' })).toBe('balance_insufficient')
    expect(reason({ copyStopLossPercent: 4 })).toBe('copy_stop_invalid')
    expect(reason({ copyStopLossPercent: 50.5 })).toBe('copy_stop_invalid')
    expect(reason({ profitSharePercent: 31 })).toBe('invalid_input')
    expect(reason({})).toBe('ok')
    expect(reason({})).toBe('follow_exists')
  })

  it('keeps all allocations together within the balance', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '3000', 3: '10000', 4: '10000' } })
    follows(engine, { followerId: 2, leaderId: 1, allocation: '2000' })
    const second = engine.follow({
      followerId: 2,
      leaderId: 3,
      allocation: '1001',
      copyStopLossPercent: 0,
      profitSharePercent: 0,
      copyOpen: false,
      nowMs: T0,
    })
    expect(second).toMatchObject({
      ok: false,
      reason: 'balance_insufficient',
      detail: { available: '1000.00' },
    })
    const f = engine.followsOf(2)[0]!.id
    expect(engine.changeFollow(2, f, { allocation: '3000.01' }, T0)).toMatchObject({ ok: false })
    expect(engine.changeFollow(2, f, { allocation: '3000' }, T0).ok).toBe(true)
    expect(engine.changeFollow(3, f, { paused: true }, T0)).toMatchObject({
      ok: false,
      reason: 'follow_not_found',
    })
  })
})

describe('copy trading: restart', () => {
  it('a rebuilt engine mirrors the copies it was given back', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    follows(engine, { followerId: 2 })
    const { id } = mustOpen(engine, buy({ lots: '1' }))
    const rebuilt = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    rebuilt.grantOrderIds(2_000_000, 1000)
    for (const f of engine.followsOf(2)) rebuilt.restoreFollow(f)
    for (const userId of [1, 2]) for (const order of engine.ordersOf(userId)) rebuilt.restoreOrder(order)
    const closed = rebuilt.close(LEADER, id, T0 + 100)
    expect(closed.ok && closes(closed.events).map((o) => [o.userId, o.closedType])).toEqual([
      [1, ClosedType.User],
      [2, ClosedType.Copy],
    ])
  })
})
