import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClosedType, OrderStatus } from '@tp/contracts'
import type { ClientCommand } from '@tp/engine'
import { copySkips, follows, orders } from '../src/db/schema.ts'
import { rebuildEngine } from '../src/trading/desk-state.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { fundedUser } from './funded.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * Issue 29, decision 053: copy trading through the desk and the database. A leader's trade and its
 * copies commit in one statement; the follows, the copies' links and the skipped copies are stored;
 * a restart mirrors as before; every balance still equals its ledger.
 */

describe.each(DRIVERS)('copy trading through the desk on %s', (driver) => {
  let app: TestApp
  const btc = () => app.market.instrumentByCode('BTCUSD')!.id

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 10 })
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
  })
  afterAll(async () => {
    await app?.close()
  })

  const run = async (userId: number, command: ClientCommand) => {
    const result = await app.desk.run(userId, command)
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true })
    return result as Extract<typeof result, { ok: true }>
  }
  const follow = (userId: number, leaderId: number, allocation: string) =>
    run(userId, {
      kind: 'follow',
      follow: { leaderId, allocation, copyStopLossPercent: 0, profitSharePercent: 0, copyOpen: false },
    })
  const openBuy = (userId: number, lots: string) =>
    run(userId, {
      kind: 'open',
      order: { instrumentId: btc(), side: 1, lots, leverage: 2, stopLoss: 0, takeProfit: 0 },
    })

  it('stores a leader trade and its copies together, and a restart mirrors them as before', async () => {
    const leader = await fundedUser(app, '100000')
    const big = await fundedUser(app, '50000')
    const small = await fundedUser(app, '200')
    const bigFollow = await follow(big.userId, leader.userId, '25000')
    await follow(small.userId, leader.userId, '150')
    const opened = await openBuy(leader.userId, '1')
    const leaderOrder = opened.orderId!
    // 25 000 / ~99 970 of 1 lot: 0.25; 150 / ~99 970 is below BTCUSD's minimum lot.
    const copies = await app.db.select().from(orders).where(eq(orders.copyOf, leaderOrder))
    expect(copies.map((o) => [o.userId, o.lots, o.followId, o.status])).toEqual([
      [big.userId, '0.2500', bigFollow.followId, OrderStatus.Holding],
    ])
    const skipped = await app.db.select().from(copySkips).where(eq(copySkips.leaderOrderId, leaderOrder))
    expect(skipped.map((s) => [s.followerId, s.reason])).toEqual([[small.userId, 'copy_below_min_lots']])
    const stored = await app.db.select().from(follows).where(eq(follows.leaderId, leader.userId))
    expect(stored.map((f) => [f.followerId, f.allocation, f.endedAt])).toEqual([
      [big.userId, '25000.000000', null],
      [small.userId, '150.000000', null],
    ])

    // A rebuilt engine holds the follows and lists the copy under its leader's order.
    const rebuilt = await rebuildEngine(app.db, app.market.lastQuotes())
    expect(rebuilt.followersOf(leader.userId).map((f) => f.followerId)).toEqual([big.userId, small.userId])
    expect(rebuilt.copyCount()).toBe(app.desk.view.copyCount())

    // The leader closes: the copy closes in the same commit, as a copy.
    app.tick({ code: 'BTCUSD', bid: 65_100, ask: 65_130 })
    await app.desk.settle()
    await run(leader.userId, { kind: 'close', orderId: leaderOrder })
    const [copy] = await app.db.select().from(orders).where(eq(orders.id, copies[0]!.id))
    expect([copy?.status, copy?.closedType]).toEqual([OrderStatus.Closed, ClosedType.Copy])
    const [afterClose] = await app.db.select().from(follows).where(eq(follows.id, bigFollow.followId!))
    // 0.25 lot of BTCUSD from 65 030 to 65 100 earns 17.50; the follow's result is net of its fee.
    expect([copy?.profit, copy?.fee]).toEqual(['17.500000', '5.000000'])
    expect(afterClose?.realized).toBe('12.500000')
    for (const userId of [leader.userId, big.userId, small.userId])
      expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
  })

  it('stops a follow, keeping its copies as the follower own, and stores its end', async () => {
    const leader = await fundedUser(app, '100000')
    const follower = await fundedUser(app, '50000')
    const started = await follow(follower.userId, leader.userId, '20000')
    await openBuy(leader.userId, '1')
    await run(follower.userId, { kind: 'unfollow', followId: started.followId!, closeCopies: false })
    const [ended] = await app.db.select().from(follows).where(eq(follows.id, started.followId!))
    expect([ended?.endReason, ended?.endedAt !== null]).toEqual(['user', true])
    const kept = await app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, follower.userId), ne(orders.copyOf, 0)))
    expect(kept.map((o) => o.status)).toEqual([OrderStatus.Holding])
    // A follow of the same leader may start again; the ended one stays as it was.
    const again = await app.desk.run(follower.userId, {
      kind: 'follow',
      follow: {
        leaderId: leader.userId,
        allocation: '1000',
        copyStopLossPercent: 0,
        profitSharePercent: 0,
        copyOpen: false,
      },
    })
    expect(again).toMatchObject({ ok: true })
    const rebuilt = await rebuildEngine(app.db, app.market.lastQuotes())
    expect(rebuilt.followsOf(follower.userId).map((f) => f.allocation.toString())).toEqual(['1000'])
  })
})
