/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, WebSocketRoute } from 'playwright-core'
import type { MarginCallMessage } from '@tp/contracts'
import { PHONE, ROOT, browserAvailable, openPhonePage, startPlatform } from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens/margin-call')

/**
 * The margin-call warning of the phone client. The socket runs through the real server; the test
 * stands in for the desk on one point only: it sends the MARGIN_CALL and FOREX_TRADE frames a
 * falling account would get, and keeps the server's own FOREX_TRADE frames (a margin level of a
 * healthy demo account) from the page so that they cannot race the ones it sends.
 */
describe.skipIf(!browserAvailable())('margin-call warning at a phone viewport', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page
  let pageErrors: string[] = []
  let pageSide: WebSocketRoute | undefined

  const push = (message: object) => {
    if (!pageSide) throw new Error('the page has no socket')
    pageSide.send(JSON.stringify(message))
  }
  const banner = () => page.getByTestId('margin-call-banner')

  async function shot(name: string) {
    await expect
      .poll(() => page.locator('.adm-toast-main').count(), { timeout: 5000 })
      .toBe(0)
      .catch(() => undefined)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.screenshot({ path: join(SHOTS, `${name}.png`) })
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    platform = await startPlatform({})
    phone = await openPhonePage()
    page = phone.page
    pageErrors = phone.pageErrors
    await page.addInitScript(() => window.localStorage.setItem('lang', 'en'))
    await page.routeWebSocket(/\/v1\/ws$/, (socket) => {
      pageSide = socket
      const server = socket.connectToServer()
      server.onMessage((frame) => {
        if (typeof frame === 'string' && frame.includes('"FOREX_TRADE"')) return
        socket.send(frame)
      })
    })
  })
  afterAll(async () => {
    await phone?.close()
    await platform?.stop()
  })

  it('warns on /trade when a MARGIN_CALL comes, with the levels it carries', async () => {
    await page.goto(`${platform.base}/login?from=${encodeURIComponent('/trade')}`)
    await page.getByTestId('login-demo').click()
    await page.waitForURL((url) => url.pathname === '/trade')
    await page.getByTestId('trade-chart').waitFor()
    expect(await banner().count()).toBe(0)

    const call: MarginCallMessage = {
      type: 'MARGIN_CALL',
      level: 72.5,
      margin_call_level: 100,
      stop_out_level: 50,
    }
    push(call)
    await banner().waitFor()
    expect(await banner().textContent()).toBe(
      'Margin call: your margin level is 72.50%. Positions will be closed at 50%. Deposit funds or close positions.',
    )
    await shot('trade')
  })

  it('shows it in the account summary of /order, following FOREX_TRADE until the level recovers', async () => {
    await page.getByTestId('tab-orders').click()
    await page.waitForURL((url) => url.pathname === '/order')
    await banner().waitFor()
    expect(await page.getByTestId('account-level').getAttribute('class')).toContain('level-warning')

    push({
      type: 'FOREX_TRADE',
      HazardRate: 88.126,
      CautionMoneyAll: '1000',
      ProfitsTotal: '-100',
      TransOrder: [],
    })
    await expect.poll(() => banner().textContent()).toContain('is 88.12%')
    await shot('order')

    push({ type: 'FOREX_TRADE', HazardRate: 100, CautionMoneyAll: '1000', ProfitsTotal: '0', TransOrder: [] })
    await banner().waitFor({ state: 'detached' })
    expect(await page.getByTestId('account-level').getAttribute('class')).not.toContain('level-warning')

    // A margin-call level of 120 (the last MARGIN_CALL's) holds for the frames after it.
    push({ type: 'MARGIN_CALL', level: 110, margin_call_level: 120, stop_out_level: 60 })
    await banner().waitFor()
    push({ type: 'FOREX_TRADE', HazardRate: 115, CautionMoneyAll: '1000', ProfitsTotal: '0', TransOrder: [] })
    await expect.poll(() => banner().textContent()).toContain('is 115%. Positions will be closed at 60%')
    push({ type: 'FOREX_TRADE', HazardRate: null, CautionMoneyAll: '0', ProfitsTotal: '0', TransOrder: [] })
    await banner().waitFor({ state: 'detached' })
    await shot('order-recovered')
    expect(pageErrors).toEqual([])
  })
})
