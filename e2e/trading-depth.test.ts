/// <reference lib="dom" />
import { join } from 'node:path'
import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MyDealAnswer } from '@tp/contracts'
import type { TestApp } from '../apps/server/test/harness.ts'
import { signedInStaff } from '../apps/server/test/staff.ts'
import {
  BROWSER_DRIVERS,
  browserAvailable,
  openScreen,
  settledScreenshot,
  signInPhone,
  type AppWithPhone,
  SCREENS,
  startAppWithPhone,
} from './platform.ts'

/*
 * Issue 13, trading depth on the phone (decisions 022 and 023): a market buy whose price moves on
 * its way to the server comes back requoted and is placed at the new price in one tap; a stop-loss
 * nearer than gold's stops level is refused in the ticket before any round trip; the spec sheet of
 * an index closed for a holiday staff just added shows its next open and the coming holidays. The
 * app runs in this process: the test sets its clock to a Wednesday afternoon and pushes the ticks.
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** Figures in sentences are Unicode isolates (they keep their order in Arabic): compared without. */
const bare = (text: string) => text.replace(/[\u2066-\u2069]/g, '')

/** The next Wednesday 15:00 UTC at least a day away: gold, crypto and Frankfurt all trade then. */
function nextWednesdayAfternoon(fromMs: number): number {
  const day = new Date(fromMs + DAY_MS)
  day.setUTCHours(15, 0, 0, 0)
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1)
  return day.getTime()
}

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('trading depth on the phone on %s', (driver) => {
  let app: TestApp
  let appAndPhone: AppWithPhone
  let page: Page
  let token = ''
  const idOf = (code: string) => app.market.instruments().find((d) => d.code === code)!.id

  beforeAll(async () => {
    appAndPhone = await startAppWithPhone(driver, { historyCandles: 20 })
    app = appAndPhone.app
    page = appAndPhone.page
    const wednesday = nextWednesdayAfternoon(app.clock.now().getTime())
    app.clock.set(wednesday)
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    app.tick({ code: 'XAUUSD', bid: 2350, ask: 2350.3 })
    await app.desk.settle()
    // Frankfurt closed today, and closing early on Friday (minutes of the Frankfurt day).
    const dealer = await signedInStaff(app, 'dealer')
    const holiday = (date: number, name: string, hours: { From: number; To: number }[]) =>
      app.post(
        '/admin/api/holidays',
        {
          date: new Date(date).toISOString().slice(0, 10),
          name,
          instrument_id: idOf('GER40'),
          category_id: null,
          hours,
        },
        { token: dealer.token, json: true },
      )
    expect((await holiday(wednesday, 'Exchange holiday', [])).body.code).toBe(1)
    expect(
      (await holiday(wednesday + 2 * DAY_MS, 'Early close', [{ From: 75, To: 12 * 60 }])).body.code,
    ).toBe(1)
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=trading-depth-phone')
    token = demo.body.data.token as string
    await signInPhone(page, app.base, token)
  })
  afterAll(async () => {
    await appAndPhone?.close()
  })

  it('offers the new price when a market buy is requoted, and places it there in one tap', async () => {
    await openScreen(page, `${app.base}/trade?id=${idOf('BTCUSD')}`)
    await expect.poll(() => page.getByTestId('trade-ask').textContent()).toBe('65,030.00')
    await page.getByTestId('ticket-buy').click()
    // BTC's default deviation is its spread, 3,000 points (30.00): wide enough for its usual moves.
    expect(await page.getByTestId('order-deviation').inputValue()).toBe('3000')
    await settledScreenshot(page, join(SCREENS, 'depth-ticket-deviation-en.png'))

    // The price moves 100.00 while the order is on its way: beyond the deviation.
    const sent: URL[] = []
    await page.route('**/v1/api/forex/submit?*', async (route) => {
      sent.push(new URL(route.request().url()))
      if (sent.length === 1) {
        app.tick({ code: 'BTCUSD', bid: 65_100, ask: 65_130 })
        await app.desk.settle()
      }
      await route.continue()
    })
    await page.getByTestId('order-submit').click()
    const text = page.getByTestId('requote-text')
    await text.waitFor()
    expect(bare(await text.innerText())).toBe(
      'BTC/USD has moved from 65,030.00 to 65,130.00. Place the order at the new price?',
    )
    expect(bare(await page.getByTestId('requote-accept').innerText())).toBe('Buy at 65,130.00')
    await settledScreenshot(page, join(SCREENS, 'depth-requote-en.png'))

    await page.getByTestId('requote-accept').click()
    await page.getByTestId('order-success').waitFor()
    expect(await page.getByTestId('order-success-price').textContent()).toBe('65,130.00')
    await page.unroute('**/v1/api/forex/submit?*')
    expect(sent.map((url) => [url.searchParams.get('price'), url.searchParams.get('deviation')])).toEqual([
      ['65030', '3000'],
      ['65130', '3000'],
    ])
    const holding = await app.get('/v1/api/forex/my_deal?status=1&page=1', { token })
    expect((holding.body.data as MyDealAnswer).data.map((order) => order.Price)).toEqual([65_130])
    await page.getByTestId('order-success-close').click()
  })

  it("refuses a stop-loss nearer than gold's stops level in the ticket, before any round trip", async () => {
    await openScreen(page, `${app.base}/trade?id=${idOf('XAUUSD')}`)
    await expect.poll(() => page.getByTestId('trade-bid').textContent()).toBe('2,350.00')
    await page.getByTestId('ticket-buy').click()
    await page.getByTestId('order-sl-check').click()
    // Gold's stops level: 50 points of 0.01. A buy closes at the bid, 2,350.00; 2,349.80 is 20 points off.
    await page.getByTestId('order-sl').fill('2349.80')
    const message = 'The stop-loss must be at least 50 points (0.50) from 2,350.00'
    await expect.poll(() => page.getByTestId('order-sl-problem').textContent()).toBe(message)
    expect(await page.getByTestId('order-stops-level').textContent()).toBe(
      'Stops at least 50 points (0.50) from the price',
    )
    const submits: Request[] = []
    const onRequest = (request: Request) => {
      if (request.url().includes('/v1/api/forex/submit')) submits.push(request)
    }
    page.on('request', onRequest)
    await page.getByTestId('order-submit').click()
    await page.locator('.adm-toast-main', { hasText: message }).waitFor()
    page.off('request', onRequest)
    expect(submits).toEqual([])
    await settledScreenshot(page, join(SCREENS, 'depth-ticket-stops-level-en.png'))
    await page.getByTestId('order-sl').fill('2349.50')
    await expect.poll(() => page.getByTestId('order-sl-problem').count()).toBe(0)
  })

  it('shows the next open and the coming holidays of a market closed for one, in hk and right to left in ar', async () => {
    for (const lang of ['hk', 'ar']) {
      await openScreen(page, `${app.base}/trade?id=${idOf('GER40')}`, lang)
      await page.locator('.page-nav').getByTestId('spec-open').click()
      const sheet = page.getByTestId('spec-sheet')
      await sheet.waitFor()
      // Closed today for the holiday, though its week says open: it opens on Thursday, 01:15 in Frankfurt.
      const status = await sheet.getByTestId('spec-status').locator('dd').innerText()
      expect(status).toMatch(lang === 'hk' ? /^休市 · .*週四.* 開市$/ : /^مغلق · يفتح .*الخميس/)
      // Staff's two days, among any the seeded calendar holds within the next 30.
      const holiday = (name: string) => sheet.getByTestId('spec-holiday').filter({ hasText: name })
      expect(await holiday('Exchange holiday').innerText()).toContain(
        lang === 'hk' ? '全日休市' : 'مغلق طوال اليوم',
      )
      expect(await holiday('Early close').innerText()).toMatch(/–/)
      expect(bare(await sheet.getByTestId('spec-stops-level').locator('dd').innerText())).toMatch(/10 .*1\.0/)
      if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await sheet.getByTestId('spec-holidays').scrollIntoViewIfNeeded()
      await settledScreenshot(page, join(SCREENS, `depth-spec-holidays-${lang}.png`))
    }
    // The quotes list tells the same opening.
    await openScreen(page, `${app.base}/`, 'en')
    await expect.poll(() => page.getByTestId('market-opens-GER40').innerText()).toMatch(/Thu/)
    expect(appAndPhone.pageErrors).toEqual([])
  })
})
