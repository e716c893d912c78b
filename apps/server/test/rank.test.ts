import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, orders, users } from '../src/db/schema.ts'
import { ensureHouseTraders, houseRound } from '../src/rank/house-traders.ts'
import { DRIVERS, startTestApp, type Answer, type TestApp } from './harness.ts'
import { registerAndLogin } from './accounts.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** A little over the ranking's cache time, so that a list call computes afresh. */
const PAST_CACHE_MS = 31_000

/** The first `weekday` (0 Sunday … 6 Saturday) at `hour`:00 UTC at least a day after `fromMs`. */
function nextWeekday(fromMs: number, weekday: number, hour: number): number {
  const day = new Date(fromMs + DAY_MS)
  day.setUTCHours(hour, 0, 0, 0)
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1)
  return day.getTime()
}

/*
 * The ranking from trades placed here through the real trading calls, with the figures worked out
 * by hand from the prices (EURUSD: 100,000 per lot, fee 7 USD per lot; XAUUSD: 100 per lot, fee 10
 * USD per lot; fees are charged at open, margin = lots × contract × fill price / leverage).
 *
 * Alice (demo, 10,000 USD):
 *   22 days ago  EURUSD buy 0.1 at 1.1000, 5x   margin 2200, fee 0.7, closed at 1.1100: +100, net  99.3
 *   now          EURUSD buy 0.1 at 1.1000, 10x  margin 1100, fee 0.7, closed at 1.1050:  +50, net  49.3
 *   now          EURUSD sell 0.1 at 1.1000, 10x margin 1100, fee 0.7, closed at 1.1020:  −20, net −20.7
 *   now          XAUUSD buy 0.1 at 2000, 20x    margin 1000, fee 1.0, closed at 2010:    +100, net  99
 * Three weeks: net 127.6 on margin 3200 → rate 3.99 (3.9875), 2 of 3 won → 66.67, 10x twice, EURUSD twice.
 * All time: net 226.9 on margin 5400 → 4.20 (4.2018…), 4 trades. Balance 10,326.9.
 *
 * Carol (demo): now EURUSD buy 0.1 at 1.1000, 20x, margin 550, fee 0.7, closed at 1.1010: +10, net 9.3
 *   → rate 1.69 (1.6909…), ranked below Alice.
 * Dave (demo): only the trade of 22 days ago → never listed (no trade in the window).
 */
describe.each(DRIVERS)('ranking on %s', (driver) => {
  let app: TestApp
  let now: number
  const prices: Record<string, { bid: number; ask: number }> = {
    EURUSD: { bid: 1.0999, ask: 1.1 },
    XAUUSD: { bid: 1999.7, ask: 2000 },
  }
  const idOf = (code: string) => app.market.instruments().find((d) => d.code === code)!.id

  async function quote(code: string, bid: number, ask: number) {
    prices[code] = { bid, ask }
    app.clock.advance(100)
    for (const [c, p] of Object.entries(prices)) app.tick({ code: c, ...p })
    await app.desk.settle()
  }

  let demos = 0
  async function demo() {
    const answer = await app.get(`/api/user/createAccountDemoForU?demo_id=rank-${driver}-${demos++}-abcdef`)
    expect(answer.body.code).toBe(1)
    return { token: answer.body.data.token as string, uid: answer.body.data.user.uid as string }
  }

  /** Opens at the current quote and closes at `closeBid`/`closeAsk`; both calls must succeed. */
  async function trade(
    token: string,
    code: string,
    side: 1 | 2,
    multiple: number,
    close: { bid: number; ask: number },
  ) {
    const opened = await app.get(
      `/v1/api/forex/submit?forex_id=${idOf(code)}&type=${side}&cont=0.1&status=1&multiple=${multiple}`,
      { token },
    )
    expect(opened.body, JSON.stringify(opened.body)).toMatchObject({ code: 1 })
    await quote(code, close.bid, close.ask)
    const closed = await app.get(`/v1/api/forex/close?id=${opened.body.data.id}`, { token })
    expect(closed.body, JSON.stringify(closed.body)).toMatchObject({ code: 1 })
  }

  const settings = (token: string, body: Record<string, unknown>) =>
    app.post('/api/follow/my_settings', body, { token })

  async function list(query = '') {
    app.clock.advance(PAST_CACHE_MS)
    const answer = await app.get(`/api/follow/list${query}`)
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
    return answer.body.data as { data: any[]; total: number }
  }

  let alice: { token: string; uid: string }
  let carol: { token: string; uid: string }
  let dave: { token: string; uid: string }

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
    // The old trades on a Wednesday noon, the recent ones 22 days later (a Thursday): forex and gold
    // are open both times. Quotes only move forward in time, so the test travels forward.
    const old = nextWeekday(Date.now(), 3, 12)
    now = old + 22 * DAY_MS
    alice = await demo()
    carol = await demo()
    dave = await demo()

    app.clock.set(old)
    await quote('EURUSD', 1.0999, 1.1)
    await trade(alice.token, 'EURUSD', 1, 5, { bid: 1.11, ask: 1.1101 })
    await quote('EURUSD', 1.0999, 1.1)
    await trade(dave.token, 'EURUSD', 1, 5, { bid: 1.11, ask: 1.1101 })

    app.clock.set(now)
    await quote('EURUSD', 1.0999, 1.1)
    await trade(alice.token, 'EURUSD', 1, 10, { bid: 1.105, ask: 1.1051 })
    await quote('EURUSD', 1.1, 1.1001)
    await trade(alice.token, 'EURUSD', 2, 10, { bid: 1.1019, ask: 1.102 })
    await quote('XAUUSD', 1999.7, 2000)
    await trade(alice.token, 'XAUUSD', 1, 20, { bid: 2010, ask: 2010.3 })
    await quote('EURUSD', 1.0999, 1.1)
    await trade(carol.token, 'EURUSD', 1, 20, { bid: 1.101, ask: 1.1011 })
  })
  afterAll(async () => {
    await app.close()
  })

  const ALICE_FIGURES = {
    is_demo: 1,
    multiple: 10,
    three_week_rate: 3.99,
    three_week_win: 66.67,
    three_week_profit: 127.6,
    total_rate: 4.2,
    total_trade_num: 4,
    code: 'EURUSD',
    varieties: 2,
    followers: 0,
    allocated: '0.00',
    copy_open: 0,
    profit_share: 0,
  }

  it('shows nobody until they choose to be shown', async () => {
    expect(await list()).toEqual({ data: [], total: 0 })
    const detail = await app.get(`/api/follow/detail?id=${alice.uid}`)
    expect(detail.body).toMatchObject({ code: 0, reason: 'trader_not_found', data: null })
    const mine = await app.get('/api/follow/my_settings', { token: alice.token })
    expect(mine.body.data).toEqual({ rank_visible: 0, nickname: '' })
  })

  it('needs a nickname to be shown', async () => {
    const answer = await settings(alice.token, { rank_visible: 1 })
    expect(answer.body).toMatchObject({
      code: 0,
      reason: 'invalid_input',
      msg: 'Please check the field: nickname',
    })
    expect((await list()).total).toBe(0)
  })

  it('lists those who opted in with figures from their trades, best rate first', async () => {
    const saved = await settings(alice.token, { rank_visible: 1, nickname: '  Alice   Trader ' })
    expect(saved.body).toMatchObject({
      code: 1,
      msg: 'Saved',
      data: { rank_visible: 1, nickname: 'Alice Trader' },
    })
    expect((await settings(carol.token, { rank_visible: 1, nickname: 'Carol' })).body.code).toBe(1)
    expect((await settings(dave.token, { rank_visible: 1, nickname: 'Dave' })).body.code).toBe(1)

    const ranking = await list()
    expect(ranking.total).toBe(2)
    expect(ranking.data).toEqual([
      { id: alice.uid, user: 'Alice Trader', ...ALICE_FIGURES },
      {
        id: carol.uid,
        user: 'Carol',
        is_demo: 1,
        multiple: 20,
        three_week_rate: 1.69,
        three_week_win: 100,
        three_week_profit: 9.3,
        total_rate: 1.69,
        total_trade_num: 1,
        code: 'EURUSD',
        varieties: 1,
        followers: 0,
        allocated: '0.00',
        copy_open: 0,
        profit_share: 0,
      },
    ])
    // Numbers are JSON numbers, the id is the public uid.
    expect(typeof ranking.data[0].three_week_rate).toBe('number')
    expect(ranking.data.map((e) => e.id)).not.toContain(dave.uid)
  })

  it('pages the list', async () => {
    expect(await list('?page=2&limit=1')).toMatchObject({ total: 2, data: [{ user: 'Carol' }] })
    expect(await list('?page=3&limit=1')).toEqual({ total: 2, data: [] })
  })

  it("shows a trader's profile: the entry, the profit curve and trades by instrument", async () => {
    const answer = await app.get(`/api/follow/detail?id=${alice.uid}`)
    expect(answer.body.code).toBe(1)
    const detail = answer.body.data
    expect(detail).toMatchObject({ id: alice.uid, user: 'Alice Trader', ...ALICE_FIGURES })
    expect(detail.by_instrument).toEqual([
      { code: 'EURUSD', trades: 2, profit: 28.6 },
      { code: 'XAUUSD', trades: 1, profit: 99 },
    ])
    expect(detail.equity).toHaveLength(21)
    const today = new Date(app.clock.now().getTime()).toISOString().slice(0, 10)
    const dates = detail.equity.map((p: { date: string }) => p.date)
    expect([...dates].sort()).toEqual(dates)
    expect(new Set(dates).size).toBe(21)
    // The curve adds up the window's net trading profit from 0 and ends at three_week_profit.
    expect(detail.equity[0]).toMatchObject({ profit: 0 })
    expect(detail.equity.at(-1)).toEqual({ date: today, profit: ALICE_FIGURES.three_week_profit })
    // The account's balance (10,226.90 after these trades) is never published.
    const info = await app.get('/api/user/info', { token: alice.token })
    expect(JSON.stringify(detail)).not.toContain(String(Number(info.body.data.balance)))
  })

  it('counts a trade closed 22 days ago in the totals only', async () => {
    const answer = await app.get(`/api/follow/detail?id=${dave.uid}`)
    expect(answer.body.data).toMatchObject({
      three_week_rate: 0,
      three_week_win: 0,
      three_week_profit: 0,
      total_trade_num: 1,
      // 99.3 / 2200
      total_rate: 4.51,
      multiple: 0,
      code: '',
      varieties: 0,
    })
    expect(answer.body.data.by_instrument).toEqual([])
  })

  it('lets a user opt out, and they are gone at once', async () => {
    expect((await settings(carol.token, { rank_visible: 0, nickname: '' })).body).toMatchObject({
      code: 1,
      data: { rank_visible: 0, nickname: 'Carol' },
    })
    const ranking = await app.get('/api/follow/list')
    expect(ranking.body.data.data.map((e: { user: string }) => e.user)).toEqual(['Alice Trader'])
    const detail = await app.get(`/api/follow/detail?id=${carol.uid}`)
    expect(detail.body).toMatchObject({ code: 0, reason: 'trader_not_found' })
    expect((await app.get('/api/follow/my_settings', { token: carol.token })).body.data).toEqual({
      rank_visible: 0,
      nickname: 'Carol',
    })
  })

  it('keeps nicknames unique whatever their case', async () => {
    const someone = await demo()
    const taken = await settings(someone.token, { rank_visible: 1, nickname: 'alice trader' })
    expect(taken.body).toMatchObject({
      code: 0,
      reason: 'nickname_taken',
      msg: 'This nickname is already taken',
    })
    // Renaming oneself in another case is not a clash with oneself.
    expect((await settings(alice.token, { rank_visible: 1, nickname: 'ALICE trader' })).body.code).toBe(1)
    expect((await settings(alice.token, { rank_visible: 1, nickname: 'Alice Trader' })).body.code).toBe(1)
  })

  it('keeps names starting with "House" for the house demo traders', async () => {
    const someone = await demo()
    for (const nickname of ['House Demo D', 'house trader', 'ＨＯＵＳＥ Demo A'])
      expect((await settings(someone.token, { rank_visible: 1, nickname })).body, nickname).toMatchObject({
        code: 0,
        reason: 'nickname_taken',
      })
    expect((await settings(someone.token, { rank_visible: 1, nickname: 'Lighthouse' })).body.code).toBe(1)
  })

  it('gives a nickname claimed by two users at once to exactly one', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => demo()))
    const answers = await Promise.all(
      users.map((u, i) =>
        settings(u.token, { rank_visible: 1, nickname: i % 2 ? 'Race Winner' : 'race winner' }),
      ),
    )
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === 1)).toHaveLength(1)
    for (const a of answers.filter((a) => a.body.code !== 1))
      expect(a.body).toMatchObject({ code: 0, reason: 'nickname_taken' })
  })

  it('accepts letters of any script, digits, underscores and spaces', async () => {
    for (const name of ['交易員小明', 'محمد_77', 'Zoë 2', 'नमस्ते', 'ab']) {
      const u = await demo()
      const answer = await settings(u.token, { rank_visible: 1, nickname: name })
      expect(answer.body, name).toMatchObject({ code: 1, data: { nickname: name } })
    }
  })

  it('refuses bad nicknames and bad values without a 500', async () => {
    const u = await demo()
    const bad: Record<string, unknown>[] = [
      { rank_visible: 1, nickname: 'a' },
      { rank_visible: 1, nickname: 'x'.repeat(21) },
      { rank_visible: 1, nickname: 'bell\u0007' },
      { rank_visible: 1, nickname: 'tab\there' },
      { rank_visible: 1, nickname: '<script>' },
      { rank_visible: 1, nickname: 'new\nline' },
      { rank_visible: 1, nickname: 'zero\u200bwidth' },
      { rank_visible: 2, nickname: 'Fine name' },
      { rank_visible: 'yes', nickname: 'Fine name' },
      { nickname: 'Fine name' },
      { rank_visible: 1, nickname: 'nul\u0000' },
    ]
    for (const body of bad) {
      const answer = await settings(u.token, body)
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500)
      expect(answer.body, JSON.stringify(body)).toMatchObject({ code: 0 })
      // The bad field is named by a readable label, never by a raw message key.
      expect(answer.body.msg, JSON.stringify(body)).not.toMatch(/field\./)
    }
    expect((await app.get('/api/follow/my_settings', { token: u.token })).body.data).toEqual({
      rank_visible: 0,
      nickname: '',
    })
    const json = await app.post(
      '/api/follow/my_settings',
      { rank_visible: 1, nickname: ['a', 'b'] },
      { token: u.token, json: true },
    )
    expect(json.status).toBeLessThan(500)
    expect(json.body.code).toBe(0)
  })

  it('answers bad query values with a refusal, never a 500', async () => {
    const paths = [
      '/api/follow/list?page=0',
      '/api/follow/list?page=abc',
      '/api/follow/list?limit=1000',
      '/api/follow/list?limit=-1',
      '/api/follow/list?page=1e3',
      '/api/follow/detail',
      '/api/follow/detail?id=',
      '/api/follow/detail?id=abc',
      '/api/follow/detail?id=1%27%20or%201=1',
      '/api/follow/detail?id=999999999999999999999999',
      '/api/follow/detail?id[]=1',
      '/api/follow/detail?id=12345678',
    ]
    for (const path of paths) {
      const answer: Answer = await app.get(path)
      expect(answer.status, path).toBeLessThan(500)
      expect(answer.body.code, path).toBe(0)
    }
  })

  it('asks visitors to sign in for their own settings', async () => {
    expect((await app.get('/api/follow/my_settings')).body.code).toBe(999)
    expect((await app.post('/api/follow/my_settings', { rank_visible: 1 })).body.code).toBe(999)
  })

  it('lists real users too, marked as not demo', async () => {
    const real = await registerAndLogin(app)
    const saved = await settings(real.token, { rank_visible: 1, nickname: 'Real Person' })
    expect(saved.body.code).toBe(1)
    // No closed trades in the window: not listed, yet the profile is there (shown by choice).
    expect((await list()).data.map((e) => e.user)).not.toContain('Real Person')
    const detail = await app.get(`/api/follow/detail?id=${real.user.uid}`)
    expect(detail.body.data).toMatchObject({ is_demo: 0, total_trade_num: 0, user: 'Real Person' })
  })
})

describe.each(DRIVERS)('house demo traders on %s', (driver) => {
  let app: TestApp
  const dice = (...values: number[]) => {
    const queue = [...values]
    return () => queue.shift() ?? 0.99
  }

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 20 })
    // A Wednesday noon, far from the seeded quotes: only instruments ticked here are fresh.
    app.clock.set(nextWeekday(Date.now(), 3, 12))
  })
  afterAll(async () => {
    await app.close()
  })

  const deps = (random: () => number) => ({
    desk: app.desk,
    market: app.market,
    clock: () => app.clock.now().getTime(),
    random,
  })

  it('are created once, as funded demo accounts shown in the ranking', async () => {
    const ids = await ensureHouseTraders(app, app.clock.now())
    expect(await ensureHouseTraders(app, app.clock.now())).toEqual(ids)
    const rows = await app.db.select().from(users).where(inArray(users.id, ids))
    expect(rows.map((u) => [u.nickname, u.isDemo, u.isHouse, u.rankVisible]).sort()).toEqual([
      ['House Demo A', true, true, true],
      ['House Demo B', true, true, true],
      ['House Demo C', true, true, true],
    ])
    const funded = await app.db.select().from(accounts).where(inArray(accounts.userId, ids))
    for (const account of funded) expect(Number(account.balance)).toBe(10_000)
  })

  it('cannot be signed in to through the demo login', async () => {
    const answer = await app.get('/api/user/createAccountDemoForU?demo_id=house:1')
    expect(answer.body).toMatchObject({ code: 0, reason: 'invalid_input' })
  })

  it('trade through the desk like anyone, only on live quotes, and show as demo accounts', async () => {
    const [first] = await ensureHouseTraders(app, app.clock.now())
    const userId = first as number
    // No fresh quote anywhere: nothing to trade on.
    expect(await houseRound(deps(dice(0, 0, 0)), userId)).toBe('idle')

    app.clock.advance(100)
    app.tick({ code: 'EURUSD', bid: 1.0999, ask: 1.1 })
    await app.desk.settle()
    expect(await houseRound(deps(dice(0, 0, 0)), userId)).toBe('opened')
    const [opened] = await app.db.select().from(orders).where(eq(orders.userId, userId))
    expect(opened).toMatchObject({ status: 1, side: 1, lots: '0.0100', leverage: 2 })
    // Dice against closing: it holds on.
    expect(await houseRound(deps(dice(0.99)), userId)).toBe('idle')

    app.clock.advance(100)
    app.tick({ code: 'EURUSD', bid: 1.1009, ask: 1.101 })
    await app.desk.settle()
    expect(await houseRound(deps(dice(0)), userId)).toBe('closed')
    const [closed] = await app.db.select().from(orders).where(eq(orders.userId, userId))
    // 0.01 lot × 100,000 × (1.1009 − 1.1) = 0.9 USD; fee 0.07 (7 per lot).
    expect(closed).toMatchObject({ status: 3, profit: '0.900000', fee: '0.070000' })

    app.clock.advance(31_000)
    const ranking = await app.get('/api/follow/list')
    expect(ranking.body.data.data).toEqual([
      expect.objectContaining({
        user: 'House Demo A',
        is_demo: 1,
        total_trade_num: 1,
        three_week_profit: 0.83,
        code: 'EURUSD',
        multiple: 2,
      }),
    ])
  })
})
