/// <reference lib="dom" />
import { eq } from 'drizzle-orm'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hedgeOrders } from '../apps/server/src/db/schema.ts'
import type { TestProvider } from '../apps/server/src/fix/test-provider.ts'
import { hedgingTo, startHedgingProvider } from '../apps/server/test/hedging-provider.ts'
import { fundedUser } from '../apps/server/test/funded.ts'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import { BROWSER_DRIVERS, CHROMIUM, CHROMIUM_ARGS, browserAvailable } from './platform.ts'
import {
  ADMIN_DIST,
  DESKTOP,
  adminShot,
  buildAdminOnce,
  openBackOffice,
  confirmDialog,
  pickOption,
} from './admin-platform.ts'

/*
 * Hedging in the back office (issue 28, decision 051): a dealer moves a client into a group and
 * gives the group an A-book rule on its page; the client's next trade is passed on to the test
 * provider (FIX, on this machine's loopback), half filled and then filled; the hedging page shows the
 * house, hedged and unhedged net, and the orders with their fills and slippage. Then a spread
 * markup for the group (decision 052): asked by the dealer, approved by a second admin, traded at.
 */
describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('hedging in the back office on %s', (driver) => {
  let app: TestApp
  let lp: TestProvider
  let browser: Browser
  let page: Page
  const pageErrors: string[] = []

  beforeAll(async () => {
    buildAdminOnce()
    lp = await startHedgingProvider()
    app = await startTestApp(driver, {
      historyCandles: 5,
      app: { adminDist: ADMIN_DIST },
      hedging: hedgingTo(lp, { retryMs: 300 }),
    })
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
    page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })).newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.clock.setFixedTime(app.clock.now())
  }, 180_000)
  afterAll(async () => {
    await browser?.close()
    await app?.close()
    await lp?.stop()
  })

  it('a dealer A-books a group; its client’s trade is hedged and shown with fills and slippage', async () => {
    const client = await fundedUser(app, '200000')
    await openBackOffice(app, page, 'dealer')

    // The client moves to the group "pro" from their profile.
    await page.getByTestId('nav-users').click()
    await page.getByTestId('users-search').locator('input').fill(client.email)
    await page.getByTestId('users-search').locator('input').press('Enter')
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1)
    await page.getByTestId('user-row').click()
    expect(await page.getByTestId('user-client-group').innerText()).toBe('standard')
    await page.getByTestId('user-move-group').click()
    await page.getByTestId('group-input').locator('input').fill('pro')
    // Tab leaves the field and closes its suggestions (they would cover the button).
    await page.getByTestId('group-input').locator('input').press('Tab')
    await page.getByTestId('group-save').click()
    await expect.poll(() => page.getByTestId('user-client-group').innerText()).toBe('pro')
    await page.locator('.ant-drawer-close').click()

    // The group's rule: every trade passed on.
    await page.getByTestId('nav-hedging').click()
    await page.getByTestId('hedging-page').waitFor()
    expect(await page.getByTestId('hedging-off').count()).toBe(0)
    await page.getByTestId('hedge-rule-add').click()
    await page.getByTestId('hedge-rule-group').locator('input').fill('pro')
    await page.getByTestId('hedge-rule-group').locator('input').press('Tab')
    await pickOption(page, page.getByTestId('hedge-rule-mode'), 'A-book (pass every trade)')
    await adminShot(page, 'hedging-rule')
    await page.getByTestId('hedge-rule-save').click()
    await expect.poll(() => page.locator('[data-testid^="hedge-rule-"][data-row-key]').count()).toBe(1)

    // The client buys 0.4 BTC: the provider fills half, then the rest.
    lp.fillMode('partial')
    const bought = await app.get(
      `/v1/api/forex/submit?forex_id=${app.market.instrumentByCode('BTCUSD')!.id}&type=1&cont=0.4&status=1&multiple=2`,
      { token: client.token },
    )
    expect(bought.body).toMatchObject({ code: 1 })
    await expect
      .poll(
        async () => (await app.db.select().from(hedgeOrders).where(eq(hedgeOrders.status, 'partial'))).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1)
    lp.fillMode('fill')
    await expect
      .poll(
        async () => (await app.db.select().from(hedgeOrders).where(eq(hedgeOrders.status, 'filled'))).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1)

    await page.reload()
    await page.getByTestId('hedging-page').waitFor()
    const net = page.getByTestId('hedge-net-BTCUSD')
    await net.waitFor()
    expect(await net.innerText()).toMatch(/Short 0\.4[\s\S]*Long 0\.4[\s\S]*Flat/)
    const orders = page.locator('[data-testid^="hedge-order-H"]')
    expect(await orders.count()).toBe(2)
    expect(await orders.nth(0).innerText()).toMatch(/Buy 0\.2[\s\S]*Filled/)
    expect(await orders.nth(1).innerText()).toMatch(/Buy 0\.4[\s\S]*0\.2[\s\S]*pts[\s\S]*Partly filled/)
    // The partly filled order's fill, opened under it.
    await orders.nth(1).locator('.ant-table-row-expand-icon').click()
    await page
      .getByText(/^E\d+$/)
      .first()
      .waitFor()
    await adminShot(page, 'hedging')
    // The same page in Traditional Chinese.
    await page.evaluate(() => localStorage.setItem('admin-lang', 'hk'))
    await page.reload()
    await page.getByTestId('hedge-net-BTCUSD').waitFor()
    expect(await page.getByTestId('hedging-page').innerText()).toContain('未對沖淨額')
    await adminShot(page, 'hedging-hk')
    await page.evaluate(() => localStorage.removeItem('admin-lang'))
    expect(pageErrors).toEqual([])
  })

  it('a dealer asks for a markup on a group, another admin approves it, and the group trades at it', async () => {
    const client = await fundedUser(app, '200000')
    expect(
      (
        await app.post(
          `/admin/api/users/${client.userId}/group`,
          { client_group: 'pro' },
          { token: (await openBackOffice(app, page, 'dealer')).token, json: true },
        )
      ).body.code,
    ).toBe(1)
    await page.getByTestId('nav-hedging').click()
    await page.getByTestId('group-markups').waitFor()
    await page.getByTestId('group-markup-add').click()
    await pickOption(page, page.getByTestId('group-markup-instrument'), 'BTCUSD', 'BTC')
    await page.getByTestId('group-markup-group').locator('input').fill('pro')
    await page.getByTestId('group-markup-group').locator('input').press('Tab')
    await page.getByTestId('group-markup-points').fill('10')
    await adminShot(page, 'hedging-markup')
    await page.getByTestId('group-markup-save').click()
    // It waits for a second admin: nothing changes yet.
    await page.getByText(/^Saved as a request/).waitFor()
    expect(app.market.pricedGroups().has('pro')).toBe(false)

    await openBackOffice(app, page, 'admin', 'Second Admin')
    await page.getByTestId('nav-approvals').click()
    await page.getByText('Group markup BTCUSD / pro').waitFor()
    await page.getByTestId('approval-approve').first().click()
    await confirmDialog(page)
    await expect.poll(() => app.market.pricedGroups().has('pro')).toBe(true)

    // The group's client buys 10 points wider than the house's ask (BTCUSD has 2 decimals).
    const btc = app.market.instrumentByCode('BTCUSD')!.id
    const house = app.market.lastQuote(btc)!
    const bought = await app.get(`/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.1&status=1&multiple=2`, {
      token: client.token,
    })
    expect(bought.body).toMatchObject({ code: 1 })
    const deals = (await app.get('/v1/api/forex/my_deal?status=1', { token: client.token })).body.data
      .data as any[]
    expect(deals[0].Price).toBe(Math.round((house.ask + 0.05) * 100) / 100)

    await page.getByTestId('nav-hedging').click()
    const row = page.getByTestId('group-markup-BTCUSD-pro')
    await row.waitFor()
    expect(await row.innerText()).toMatch(/BTCUSD[\s\S]*pro[\s\S]*\+10[\s\S]*3000[\s\S]*3010/)
    await row.scrollIntoViewIfNeeded()
    await adminShot(page, 'hedging-markups')
    expect(pageErrors).toEqual([])
  })
})
