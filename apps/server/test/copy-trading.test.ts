import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClosedType, OrderStatus } from '@tp/contracts'
import { follows, identityChecks, orders, uploads } from '../src/db/schema.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { fundedUser } from './funded.ts'
import { signedInStaff } from './staff.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * Issue 29, decision 053: copy trading through the phone's calls. A trader shown in the ranking opens
 * its trades to followers; a client follows it with an amount; the trader's trades are copied into
 * the client's orders in the same commit, closed with them, paused and stopped; what cannot be
 * copied is listed with its reason; nobody follows themselves, another's follow, or past its money.
 */

describe.each(DRIVERS)('copy trading calls on %s', (driver) => {
  let app: TestApp
  const btc = () => app.market.instrumentByCode('BTCUSD')!.id
  let nick = 0

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 10 })
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
  })
  afterAll(async () => {
    await app?.close()
  })

  const post = (path: string, body: Record<string, unknown>, token: string) =>
    app.post(path, body, { token, json: true, lang: 'en' })
  /** A funded trader shown in the ranking, open to followers with `share` % profit share. */
  const leaderWith = async (share = 0, amount = '100000') => {
    const leader = await fundedUser(app, amount)
    const shown = await post(
      '/api/follow/my_settings',
      { rank_visible: 1, nickname: `Lead${++nick}${driver}` },
      leader.token,
    )
    expect(shown.body).toMatchObject({ code: 1 })
    const open = await post('/api/follow/leader', { open: 1, profit_share: share }, leader.token)
    expect(open.body).toMatchObject({ code: 1, data: { open: 1, profit_share: share } })
    return { ...leader, uid: leader.user.uid as string }
  }
  const buy = async (token: string, lots = '1') => {
    const placed = await app.get(
      `/v1/api/forex/submit?forex_id=${btc()}&type=1&cont=${lots}&status=1&multiple=2`,
      {
        token,
        lang: 'en',
      },
    )
    expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 })
    return placed.body.data.id as number
  }
  const deals = async (token: string, status = 1) =>
    (await app.get(`/v1/api/forex/my_deal?status=${status}`, { token })).body.data.data as any[]
  const mine = async (token: string) => (await app.get('/api/follow/mine', { token })).body.data.data as any[]

  it('copies a leader trade into the follower orders, marks it with its leader, and closes it with the leader', async () => {
    const leader = await leaderWith()
    const follower = await fundedUser(app, '50000')
    const started = await post(
      '/api/follow/start',
      { id: leader.uid, amount: '25000', stop_loss: 30 },
      follower.token,
    )
    expect(started.body).toMatchObject({ code: 1, msg: 'You now copy this trader' })
    const followId = started.body.data.follow_id as number

    const leaderOrder = await buy(leader.token)
    const [copy] = await deals(follower.token)
    // 25 000 / ~99 990 of the leader's lot.
    expect(copy).toMatchObject({ Quantity: 0.25, OrderType: 1, FollowId: followId })
    const [follow] = await mine(follower.token)
    expect(follow).toMatchObject({ id: followId, amount: '25000.00', stop_loss: 30, copies: 1, paused: 0 })
    expect(follow.leader).toEqual({ id: leader.uid, user: `Lead${nick}${driver}` })

    app.tick({ code: 'BTCUSD', bid: 65_100, ask: 65_130 })
    await app.desk.settle()
    const closed = await app.get(`/v1/api/forex/close?id=${leaderOrder}`, { token: leader.token })
    expect(closed.body).toMatchObject({ code: 1 })
    expect(await deals(follower.token)).toEqual([])
    const [done] = await deals(follower.token, 3)
    expect(done).toMatchObject({ Id: copy.Id, ClosedType: ClosedType.Copy })
    const [after] = await mine(follower.token)
    // 0.25 lot from 65 030 to 65 100 less its fee.
    expect(after).toMatchObject({ copies: 0, realized: '12.50', value: '25012.50' })
    for (const userId of [leader.userId, follower.userId])
      expect(await ledgerMatchesBalance(app.db, userId)).toBe(true)
  })

  it('shows followers and the money following on the profile, and keeps copies out of the copier’s record', async () => {
    const leader = await leaderWith(15)
    const follower = await fundedUser(app, '50000')
    await post(
      '/api/follow/my_settings',
      { rank_visible: 1, nickname: `Copier${++nick}${driver}` },
      follower.token,
    )
    await post('/api/follow/start', { id: leader.uid, amount: '20000' }, follower.token)
    const order = await buy(leader.token)
    app.tick({ code: 'BTCUSD', bid: 65_300, ask: 65_330 })
    await app.desk.settle()
    await app.get(`/v1/api/forex/close?id=${order}`, { token: leader.token })
    app.clock.advance(31_000)
    const profile = (await app.get(`/api/follow/detail?id=${leader.uid}`)).body.data
    expect(profile).toMatchObject({ followers: 1, allocated: '20000.00', copy_open: 1, profit_share: 15 })
    expect(profile.risk_score).toBeGreaterThanOrEqual(1)
    expect(profile.risk_score).toBeLessThanOrEqual(10)
    expect(profile.max_drawdown).toBeGreaterThanOrEqual(0)
    // The copier closed a copy, not a trade of its own: it is not ranked for it.
    const ranked = (await app.get('/api/follow/list?limit=100')).body.data.data as { user: string }[]
    expect(ranked.map((e) => e.user)).toContain(`Lead${nick - 1}${driver}`)
    expect(ranked.map((e) => e.user)).not.toContain(`Copier${nick}${driver}`)
    // The back office sees the leader, its follower and the money following; support staff do not.
    const dealer = await signedInStaff(app, 'dealer')
    const view = (await app.get('/admin/api/copy', { token: dealer.token })).body.data
    expect(view.leaders.find((l: { uid: string }) => l.uid === leader.uid)).toMatchObject({
      followers: 1,
      allocated: '20000.00',
      profit_share: 15,
      open: 1,
    })
    expect(
      view.follows.find((f: { follower_id: number }) => f.follower_id === follower.userId),
    ).toMatchObject({
      amount: '20000.00',
      profit_share: 15,
    })
    const support = await signedInStaff(app, 'support')
    expect((await app.get('/admin/api/copy', { token: support.token })).body).toMatchObject({ code: 0 })
    // The ranking is cached 30 s: the clock moved past it; the next tests trade on a fresh quote.
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
  })

  it('pauses, resumes, changes the amount, lists what it could not copy, and stops', async () => {
    const leader = await leaderWith()
    const follower = await fundedUser(app, '50000')
    const started = await post('/api/follow/start', { id: leader.uid, amount: '100' }, follower.token)
    const followId = started.body.data.follow_id as number
    // 100 / ~100 000 of 1 lot is below BTCUSD's smallest lot: skipped, and said why.
    await buy(leader.token)
    expect(await deals(follower.token)).toEqual([])
    const skips = (
      await app.get(`/api/follow/skips?follow_id=${followId}`, { token: follower.token, lang: 'en' })
    ).body.data
    expect(skips).toMatchObject({
      total: 1,
      data: [{ code: 'BTCUSD', reason: expect.stringContaining('smallest lot') }],
    })

    expect(
      (await post('/api/follow/change', { follow_id: followId, amount: '30000' }, follower.token)).body,
    ).toMatchObject({
      code: 1,
    })
    expect(
      (await post('/api/follow/change', { follow_id: followId, paused: 1 }, follower.token)).body,
    ).toMatchObject({
      code: 1,
    })
    await buy(leader.token)
    expect(await deals(follower.token)).toEqual([])
    await post('/api/follow/change', { follow_id: followId, paused: 0 }, follower.token)
    await buy(leader.token)
    expect((await deals(follower.token)).map((d) => d.Quantity)).toEqual([0.3])

    const stopped = await post('/api/follow/stop', { follow_id: followId, close: 1 }, follower.token)
    expect(stopped.body).toMatchObject({ code: 1, msg: 'You no longer copy this trader' })
    expect(await deals(follower.token)).toEqual([])
    const [ended] = await mine(follower.token)
    expect(ended).toMatchObject({ id: followId, end_reason: 'user' })
    expect(ended.ended_at).not.toBe('')
  })

  it('refuses oneself, one’s own other account, a closed leader, a bad amount or stop, and another’s follow', async () => {
    const leader = await leaderWith()
    const follower = await fundedUser(app, '5000')
    const start = (body: Record<string, unknown>, token = follower.token) =>
      post('/api/follow/start', { id: leader.uid, amount: '1000', ...body }, token)
    expect((await start({}, leader.token)).body).toMatchObject({ code: 0, reason: 'follow_self' })
    expect((await start({ amount: '99.99' })).body).toMatchObject({ reason: 'allocation_invalid' })
    expect((await start({ amount: '5000.01' })).body).toMatchObject({ reason: 'balance_insufficient' })
    expect((await start({ amount: '1e3' })).body).toMatchObject({ reason: 'invalid_input' })
    expect((await start({ stop_loss: 3 })).body).toMatchObject({ reason: 'invalid_input' })
    expect((await start({ id: '99999999' })).body).toMatchObject({ reason: 'trader_not_found' })
    // The same identity document: one person's two accounts.
    for (const user of [leader, follower]) {
      const id = `proof-${user.userId}`
      for (const side of ['f', 'r'])
        await app.db.insert(uploads).values({
          id: id + side,
          userId: user.userId,
          contentType: 'image/jpeg',
          bytes: 1,
          width: 1,
          height: 1,
        })
      await app.db.insert(identityChecks).values({
        userId: user.userId,
        name: 'Same Person',
        cardId: 'A1234567',
        frontUploadId: `${id}f`,
        reverseUploadId: `${id}r`,
      })
    }
    expect((await start({})).body).toMatchObject({ reason: 'follow_self' })
    const other = await leaderWith()
    await post('/api/follow/leader', { open: 0, profit_share: 0 }, other.token)
    expect((await start({ id: other.uid })).body).toMatchObject({ reason: 'leader_unavailable' })
    await post('/api/follow/leader', { open: 1, profit_share: 0 }, other.token)
    const started = await start({ id: other.uid })
    expect(started.body).toMatchObject({ code: 1 })
    expect((await start({ id: other.uid })).body).toMatchObject({ reason: 'follow_exists' })
    // Another client cannot touch it.
    const stranger = await fundedUser(app, '1000')
    const followId = started.body.data.follow_id
    for (const [path, body] of [
      ['/api/follow/change', { follow_id: followId, paused: 1 }],
      ['/api/follow/stop', { follow_id: followId, close: 1 }],
    ] as const)
      expect((await post(path, body, stranger.token)).body).toMatchObject({ reason: 'follow_not_found' })
    expect(
      (await app.get(`/api/follow/skips?follow_id=${followId}`, { token: stranger.token })).body.data.total,
    ).toBe(0)
    // The share the client was shown must still be the trader's.
    const third = await leaderWith(20)
    expect((await start({ id: third.uid, profit_share: 10 })).body).toMatchObject({
      reason: 'profit_share_changed',
      data: { profit_share: 20 },
    })
    expect((await start({ id: third.uid, profit_share: 20 })).body).toMatchObject({ code: 1 })
    // A share above the house's most, a practice account asking one.
    expect((await post('/api/follow/leader', { open: 1, profit_share: 31 }, other.token)).body).toMatchObject(
      {
        reason: 'invalid_input',
      },
    )
  })

  it('lets one of two racing follows of the same pair through', async () => {
    const leader = await leaderWith()
    const follower = await fundedUser(app, '5000')
    const answers = await Promise.all(
      [1, 2, 3].map(() => post('/api/follow/start', { id: leader.uid, amount: '1000' }, follower.token)),
    )
    expect(answers.map((a) => a.body.reason ?? 'ok').sort()).toEqual(['follow_exists', 'follow_exists', 'ok'])
    const running = await app.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, follower.userId), isNull(follows.endedAt)))
    expect(running).toHaveLength(1)
    const copies = await app.db.select().from(orders).where(eq(orders.followId, running[0]!.id))
    expect(copies.filter((o) => o.status === OrderStatus.Holding)).toEqual([])
  })
})
