import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../apps/server/test/harness.ts'
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
 * Issue 13, swaps on the phone: the spec sheet states an instrument's swap (the seeded EURUSD:
 * -7.1 points a lot a night on a buy, +2.3 on a sell, triple on Wednesday, rollover at 22:00 UTC)
 * with what a lot pays a night in USD; after a rollover the position's detail sheet shows the swap
 * it paid. The app runs in this process, so the test moves its clock over the rollover.
 */

const HOUR_MS = 60 * 60 * 1000

/** The next Tuesday 22:00 UTC at least a day away. */
function nextTuesdayRollover(fromMs: number): number {
  const day = new Date(fromMs + 24 * HOUR_MS)
  day.setUTCHours(22, 0, 0, 0)
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1)
  return day.getTime()
}

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('swaps on the phone on %s', (driver) => {
  let app: TestApp
  let appAndPhone: AppWithPhone
  let page: Page
  let token = ''
  let orderId = 0

  const idOf = (code: string) => app.market.instruments().find((d) => d.code === code)!.id
  const tickAll = async () => {
    app.tick({ code: 'EURUSD', bid: 1.085, ask: 1.0851 })
    await app.desk.settle()
  }

  beforeAll(async () => {
    appAndPhone = await startAppWithPhone(driver, { historyCandles: 20 })
    app = appAndPhone.app
    page = appAndPhone.page
    const rollover = nextTuesdayRollover(app.clock.now().getTime())
    app.clock.set(rollover - HOUR_MS)
    await tickAll()
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=swaps-phone-abcdef')
    token = demo.body.data.token as string
    const opened = await app.get(
      `/v1/api/forex/submit?forex_id=${idOf('EURUSD')}&type=1&cont=1&status=1&multiple=30`,
      { token },
    )
    expect(opened.body.code).toBe(1)
    orderId = opened.body.data.id as number
    app.clock.set(rollover)
    app.desk.onClock()
    await app.desk.settle()
    app.clock.advance(1000)
    await tickAll()
    await signInPhone(page, app.base, token)
  })
  afterAll(async () => {
    await appAndPhone?.close()
  })

  it("states the swap of a buy and a sell in /trade's spec sheet, with a lot's night in USD", async () => {
    await openScreen(page, `${app.base}/trade?id=${idOf('EURUSD')}`)
    await page.locator('.page-nav').getByTestId('spec-open').click()
    const sheet = page.getByTestId('spec-sheet')
    await sheet.waitFor()
    // Figures set in a sentence are Unicode isolates (they keep their order in Arabic): read without them.
    const text = async (testId: string) =>
      (await sheet.getByTestId(testId).innerText()).replace(/[\u2066-\u2069]/g, '')
    await expect
      .poll(() => text('spec-swap-1'))
      .toMatch(/-7\.1 points a lot a night[\s\S]*-7\.10 USD a lot a night now/)
    expect(await text('spec-swap-2')).toMatch(/\+2\.3 points[\s\S]*\+2\.30 USD/)
    expect(await sheet.getByTestId('spec-triple-day').locator('dd').innerText()).toBe('Wednesday')
    expect(await sheet.getByTestId('spec-rollover').locator('dd').innerText()).toMatch(
      /^\d{1,2}:00(\s[AP]M)?$/,
    )
    await sheet.getByTestId('spec-rollover').scrollIntoViewIfNeeded()
    await settledScreenshot(page, join(SCREENS, 'swaps-spec-en.png'))
  })

  it('shows the swap a position paid at the rollover in its detail sheet', async () => {
    await openScreen(page, `${app.base}/order`)
    await page.getByTestId(`order-row-${orderId}`).click()
    await page.getByTestId('order-detail').waitFor()
    await expect.poll(() => page.getByTestId('detail-swap').innerText()).toBe('-7.10')
    await settledScreenshot(page, join(SCREENS, 'swaps-detail-en.png'))
  })
})
