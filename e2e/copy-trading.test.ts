/// <reference lib="dom" />
import { expect, afterAll, beforeAll, describe, it } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import type { TestApp } from '../apps/server/test/harness.ts'
import { fundedUser } from '../apps/server/test/funded.ts'
import { ADMIN_DIST, adminShot, buildAdminOnce, DESKTOP, openBackOffice } from './admin-platform.ts'
import {
  BROWSER_DRIVERS,
  browserAvailable,
  CHROMIUM,
  CHROMIUM_ARGS,
  signInPhone,
  startAppWithPhone,
  type AppWithPhone,
} from './platform.ts'

/*
 * Copy trading on the phone (issue 29, decision 053), at 390x844: a client finds a trader in the
 * ranking, follows it from the profile's Follow sheet; the trader buys and the copy appears in the
 * client's /order marked with the trader; the trader closes and the copy closes with it; the client
 * stops following. The app runs in this process so the test can trade as the leader.
 */

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('copy trading on the phone on %s', (driver) => {
  let phone: AppWithPhone
  let app: TestApp
  let page: Page
  let leader: Awaited<ReturnType<typeof fundedUser>>
  let follower: Awaited<ReturnType<typeof fundedUser>>
  const nickname = `CopyLead${driver}`
  const btc = () => app.market.instrumentByCode('BTCUSD')!.id

  const tick = async (bid: number) => {
    app.tick({ code: 'BTCUSD', bid, ask: bid + 30 })
    await app.desk.settle()
  }
  const leaderBuys = async () => {
    const placed = await app.get(`/v1/api/forex/submit?forex_id=${btc()}&type=1&cont=1&status=1&multiple=2`, {
      token: leader.token,
    })
    expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 })
    return placed.body.data.id as number
  }
  const leaderCloses = async (id: number) => {
    const closed = await app.get(`/v1/api/forex/close?id=${id}`, { token: leader.token })
    expect(closed.body).toMatchObject({ code: 1 })
  }

  beforeAll(async () => {
    buildAdminOnce()
    phone = await startAppWithPhone(driver, {
      historyCandles: 20,
      settings: { max_quote_age_ms: '3600000' },
      app: { adminDist: ADMIN_DIST },
    })
    app = phone.app
    page = phone.page
    await tick(65_000)
    leader = await fundedUser(app, '100000')
    follower = await fundedUser(app, '50000')
    const post = (path: string, body: Record<string, unknown>) =>
      app.post(path, body, { token: leader.token, json: true })
    expect((await post('/api/follow/my_settings', { rank_visible: 1, nickname })).body).toMatchObject({
      code: 1,
    })
    expect((await post('/api/follow/leader', { open: 1, profit_share: 10 })).body).toMatchObject({ code: 1 })
    // A closed trade puts the leader in the ranking.
    const first = await leaderBuys()
    await tick(65_200)
    await leaderCloses(first)
    await signInPhone(page, app.base, follower.token)
  }, 240_000)
  afterAll(async () => {
    await browser?.close()
    await phone?.close()
  })
  let browser: Browser | undefined

  it('follows a trader from the ranking with an amount and a copy stop-loss', async () => {
    await phone.open('/rank')
    const row = page.locator(`[data-testid="rank-row"]`, { hasText: nickname })
    await row.click()
    await page.getByTestId('rank-follow').click()
    await page.getByTestId('copy-follow-sheet').waitFor()
    await page.getByTestId('copy-amount').locator('input').fill('25000')
    await page.getByTestId('copy-stop-loss').getByText('20%').click()
    await phone.shot('copy-follow-sheet')
    await page.getByTestId('copy-follow-submit').click()
    await page.waitForURL((url) => url.searchParams.get('tab') === 'copies')
    await page.getByTestId('copy-list').waitFor()
    expect(await page.getByTestId('copy-list').innerText()).toContain(nickname)
    await phone.shot('copy-my-copies')
  })

  it('shows the leader’s trade as a copy in /order, and closes it when the leader closes', async () => {
    const leaderOrder = await leaderBuys()
    await phone.open('/order')
    const copyTag = page.locator('[data-testid^="order-copy-"]').first()
    await expect.poll(() => copyTag.innerText(), { timeout: 15_000 }).toContain(nickname)
    await phone.shot('copy-order-row')
    await tick(65_300)
    await leaderCloses(leaderOrder)
    await expect.poll(() => page.locator('[data-testid^="order-copy-"]').count(), { timeout: 15_000 }).toBe(0)
    await page.getByTestId('order-tab-3').click()
    await expect
      .poll(() => page.locator('.order-row').first().innerText(), { timeout: 15_000 })
      .toContain('Closed with the trader you copy')
    await phone.shot('copy-order-closed')
  })

  it('stops following from My copies', async () => {
    await phone.open('/rank?tab=copies')
    const card = page.locator('[data-testid^="copy-follow-"]').first()
    await card.waitFor()
    await card.locator('[data-testid^="copy-stop-"]').click()
    await page.getByTestId('copy-stop-close').click()
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain('Stopped')
    await phone.shot('copy-stopped')
    for (const lang of ['hk', 'ar']) {
      await phone.open('/rank?tab=copies', lang)
      await page.getByTestId('copy-list').waitFor()
      await phone.shot(`copy-my-copies-${lang}`)
    }
  })

  it('shows the leader, the follow and the profit share in the back office', async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
    const desk = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })).newPage()
    await openBackOffice(app, desk, 'dealer')
    await desk.getByTestId('nav-copy').click()
    await desk.getByTestId('copy-page').waitFor()
    await expect.poll(() => desk.getByTestId('copy-leaders').innerText()).toContain(nickname)
    expect(await desk.getByTestId('copy-follows').innerText()).toContain('25000.00')
    await adminShot(desk, 'copy-trading')
  })
})
