import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupMarkups, staffApprovals, users } from '../src/db/schema.ts'
import { rebuildEngine } from '../src/trading/desk-state.ts'
import { fundedUser } from './funded.ts'
import { approvedByAnother, signedInStaff } from './staff.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { roundTrip, until, waitForMessage, type Client } from './socket-wait.ts'

/*
 * Issue 28, decision 052: spread markups per client group through the real app. The dealing desk
 * asks for a group's markup on an instrument, a second admin approves it, and from then on the
 * group's clients trade, are marked and hear quotes at the house's price widened by it, while
 * everyone else keeps the house's price. A client moved between groups follows at once.
 * BTCUSD has 2 decimals: 10 points is 0.10 (0.05 off the bid, 0.05 on the ask).
 */

describe.each(DRIVERS)('markups per client group on %s', (driver) => {
  let app: TestApp
  let dealer: Awaited<ReturnType<typeof signedInStaff>>
  const sockets: Client[] = []
  const btc = () => app.market.instrumentByCode('BTCUSD')!.id

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 10 })
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
    dealer = await signedInStaff(app, 'dealer')
  })
  afterAll(async () => {
    for (const s of sockets) s.socket.close()
    await app?.close()
  })

  const askMarkup = (body: Record<string, unknown>) =>
    app.post('/admin/api/hedging/markups', body, { token: dealer.token, json: true })
  const groupOf = async (userId: number) =>
    (await app.db.select({ group: users.clientGroup }).from(users).where(eq(users.id, userId)))[0]?.group
  /** A dealer's move (approved by another admin where it changes the client's prices). */
  const moveTo = async (userId: number, group: string) => {
    const moved = await app.post(
      `/admin/api/users/${userId}/group`,
      { client_group: group },
      { token: dealer.token, json: true },
    )
    expect((await approvedByAnother(app, moved)).body, JSON.stringify(moved.body)).toMatchObject({ code: 1 })
    expect(await groupOf(userId)).toBe(group)
    return moved.body.data
  }
  const buy = async (token: string) => {
    const placed = await app.get(
      `/v1/api/forex/submit?forex_id=${btc()}&type=1&cont=0.1&status=1&multiple=2`,
      {
        token,
        lang: 'en',
      },
    )
    expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 })
    const deals = (await app.get('/v1/api/forex/my_deal?status=1', { token })).body.data.data as any[]
    return deals.find((d) => d.Id === placed.body.data.id)
  }
  const watching = async (token: string) => {
    const client = await connect(app)
    sockets.push(client)
    client.send({ type: 'login', params: token })
    await waitForMessage(client, (m) => m.type === 'login_result' && m.code === 1)
    client.send({ type: 'sub', params: 'DAY_MARKET.BTCUSD' })
    // Subscribed before the test's next tick: the server answers frames in order.
    await roundTrip(client)
    return client
  }
  /** The client's next quote of BTCUSD near the house's `bid` (its own, or its group's). */
  const quoteOf = (client: Client, bid: number) =>
    waitForMessage(client, (m) => m.type === 'DAY_MARKET' && Math.abs(m.quotation.bid - bid) < 1)

  it('waits for a second admin, then prices the group’s clients at it and nobody else', async () => {
    const vip = await fundedUser(app, '100000')
    const house = await fundedUser(app, '100000')
    await moveTo(vip.userId, 'vip')

    const asked = await askMarkup({ instrument: 'BTCUSD', client_group: 'vip', points: 10 })
    expect(asked.body.data?.waiting, JSON.stringify(asked.body)).toBeTruthy()
    // Nothing changes before the approval.
    expect(app.desk.view.quoteFor(vip.userId, btc())).toMatchObject({ bid: 65_000, ask: 65_030 })
    expect(await app.db.select().from(groupMarkups)).toEqual([])
    // The requester cannot approve it.
    const own = await app.post(
      `/admin/api/approvals/${asked.body.data.waiting.id}/approve`,
      {},
      { token: dealer.token, json: true },
    )
    expect(own.body.code).not.toBe(1)
    expect((await approvedByAnother(app, asked)).body.code).toBe(1)
    expect(app.market.pricedGroups().has('vip')).toBe(true)

    const vipSocket = await watching(vip.token)
    const houseSocket = await watching(house.token)
    app.tick({ code: 'BTCUSD', bid: 65_010, ask: 65_040 })
    await app.desk.settle()
    const seenByVip = await quoteOf(vipSocket, 65_010)
    expect(seenByVip.quotation).toMatchObject({ bid: 65_009.95, ask: 65_040.05 })
    const seenByHouse = await quoteOf(houseSocket, 65_010)
    expect(seenByHouse.quotation).toMatchObject({ bid: 65_010, ask: 65_040 })

    expect((await buy(vip.token)).Price).toBe(65_040.05)
    expect((await buy(house.token)).Price).toBe(65_040)
    // The deal screen shows each client its own price.
    const deal = await app.get(`/v1/api/forex/deal?forex_id=${btc()}`, { token: vip.token, lang: 'en' })
    expect(deal.body.data.last_price).toBe(65_009.95)

    // The back office shows the markup beside the spreads it adds to.
    const view = (await app.get('/admin/api/hedging', { token: dealer.token })).body.data
    expect(view.markups).toEqual([
      expect.objectContaining({
        code: 'BTCUSD',
        client_group: 'vip',
        points: 10,
        house_spread_points: 3000,
        group_spread_points: 3010,
      }),
    ])

    // A move out of the group changes the client's prices: it waits for a second admin too.
    const move = await app.post(
      `/admin/api/users/${vip.userId}/group`,
      { client_group: 'standard' },
      { token: dealer.token, json: true },
    )
    expect(move.body.data?.waiting?.kind).toBe('client_group')
    expect(await groupOf(vip.userId)).toBe('vip')
    expect((await buy(vip.token)).Price).toBe(65_040.05)
    // Approved, the client trades at the house's price at once, and hears it.
    expect((await approvedByAnother(app, move)).body.code).toBe(1)
    expect((await buy(vip.token)).Price).toBe(65_040)
    app.tick({ code: 'BTCUSD', bid: 65_020, ask: 65_050 })
    expect((await quoteOf(vipSocket, 65_020)).quotation).toMatchObject({ bid: 65_020, ask: 65_050 })
    await moveTo(vip.userId, 'vip')
    expect((await buy(vip.token)).Price).toBe(65_050.05)

    // A move between groups priced alike is the dealing desk's alone.
    expect((await moveTo(house.userId, 'gold')).client_group).toBe('gold')
    expect((await buy(house.token)).Price).toBe(65_050)

    // A closed socket leaves every stream it heard, its group's included.
    const heard = () =>
      ['DAY_MARKET.BTCUSD', 'DAY_MARKET.BTCUSD@vip'].map((t) => app.topics.subscriberCount(t))
    // (The vip socket moved back onto its group's stream when the approved move reloaded the catalogue.)
    await until(() => heard().join() === '1,1', 5_000, 'one socket on each stream')
    vipSocket.socket.close()
    houseSocket.socket.close()
    await until(() => heard().every((n) => n === 0), 5_000, 'both sockets gone from the hub')

    // A restart (a rebuilt engine) prices the group as before.
    const rebuilt = await rebuildEngine(app.db, app.market.lastQuotes())
    expect(rebuilt.quoteFor(vip.userId, btc())).toMatchObject({ bid: 65_019.95, ask: 65_050.05 })
    expect(rebuilt.quoteFor(house.userId, btc())).toMatchObject({ bid: 65_020, ask: 65_050 })
  })

  it('refuses bad markups and an unchanged one, recording nothing', async () => {
    const waiting = async () =>
      (await app.db.select().from(staffApprovals).where(eq(staffApprovals.status, 'waiting'))).length
    const before = await waiting()
    const bad = [
      { instrument: 'BTCUSD', client_group: 'vip', points: -1 },
      { instrument: 'BTCUSD', client_group: 'vip', points: 1.5 },
      { instrument: 'BTCUSD', client_group: 'vip', points: 10_001 },
      { instrument: 'BTCUSD', client_group: 'vip', points: '5' },
      { instrument: 'BTCUSD', client_group: 'VIP!', points: 5 },
      { instrument: 'NOPE', client_group: 'vip', points: 5 },
      { instrument: 'BTCUSD', client_group: 'vip', points: 5, extra: 1 },
      // As it is already.
      { instrument: 'BTCUSD', client_group: 'vip', points: 10 },
    ]
    for (const body of bad) {
      const answer = await askMarkup(body)
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500)
      expect(answer.body.code, JSON.stringify(body)).not.toBe(1)
      expect(answer.body.msg).toBeTruthy()
    }
    expect(await waiting()).toBe(before)
    // A client cannot ask, nor can a role without the permission.
    const support = await signedInStaff(app, 'support')
    const refused = await app.post(
      '/admin/api/hedging/markups',
      { instrument: 'BTCUSD', client_group: 'vip', points: 5 },
      { token: support.token, json: true },
    )
    expect(refused.body.code).not.toBe(1)
    expect(await waiting()).toBe(before)
  })

  it('refuses an approval made stale by another one, and a removal takes the markup away', async () => {
    const first = await askMarkup({ instrument: 'BTCUSD', client_group: 'vip', points: 20 })
    const second = await askMarkup({ instrument: 'BTCUSD', client_group: 'vip', points: 30 })
    expect((await approvedByAnother(app, first)).body.code).toBe(1)
    const stale = await approvedByAnother(app, second)
    expect(stale.body.code).not.toBe(1)
    expect(await app.db.select({ points: groupMarkups.points }).from(groupMarkups)).toEqual([{ points: 20 }])

    const removed = await askMarkup({ instrument: 'BTCUSD', client_group: 'vip', points: 0 })
    expect((await approvedByAnother(app, removed)).body.code).toBe(1)
    expect(await app.db.select().from(groupMarkups)).toEqual([])
    expect(app.market.pricedGroups().has('vip')).toBe(false)
  })
})
