import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Candle } from '@tp/contracts'
import { ROOT, browserAvailable, openPhonePage, startPlatform } from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens/market')
/** Crypto trades around the clock, so this test sees live prices on any day of the week. */
const CODE = 'BTCUSD'

const digest = (png: Buffer) => createHash('sha256').update(png).digest('hex')

describe.skipIf(!browserAvailable())('quotes and chart at a phone viewport', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page
  let pageErrors: string[] = []

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    platform = await startPlatform({})
    phone = await openPhonePage()
    page = phone.page
    pageErrors = phone.pageErrors
  })
  afterAll(async () => {
    await phone?.close()
    await platform?.stop()
  })

  it('asks for the instrument list once, as the page loads, beside the code', async () => {
    const lists: string[] = []
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes('/v1/api/forex/trade_list')) lists.push(request.url())
    }
    page.on('request', onRequest)
    await page.goto(`${platform.base}/`)
    await page.getByTestId(`market-price-${CODE}`).waitFor()
    page.off('request', onRequest)
    // /app-shell.js's request (the app's own carry a time stamp), taken by the app.
    expect(lists).toEqual([`${platform.base}/v1/api/forex/trade_list`])
  })

  it('shows home prices that change within 3 seconds', async () => {
    await page.goto(`${platform.base}/`)
    const price = page.getByTestId(`market-price-${CODE}`)
    await price.waitFor()
    const first = await price.textContent()
    expect(first).toMatch(/\d/)
    await expect.poll(() => price.textContent(), { timeout: 3000, interval: 100 }).not.toBe(first)
    await page.screenshot({ path: join(SHOTS, 'home.png') })
  })

  it('opens /trade with a drawn chart when an instrument is tapped', async () => {
    const klineAnswer = page.waitForResponse((response) => response.url().includes('/v1/api/forex/kline?'))
    await page.getByTestId(`market-row-${CODE}`).click()
    await page.waitForURL((url) => url.pathname === '/trade')
    const chart = page.getByTestId('trade-chart')
    await expect.poll(() => chart.getAttribute('data-bars'), { timeout: 10_000 }).not.toBe('0')
    expect(Number(await chart.getAttribute('data-bars'))).toBeGreaterThan(50)
    expect(await chart.getAttribute('data-period')).toBe('1min')

    // docs/wire.md "Candles": Time is in Unix milliseconds, the newest candle this minute or the last.
    const candles = ((await (await klineAnswer).json()) as { data: Candle[] }).data
    const newestMs = candles.at(-1)?.Time ?? 0
    expect(newestMs % 60_000).toBe(0)
    expect(Math.abs(Date.now() - newestMs)).toBeLessThan(3 * 60_000)
    // The chart counts seconds, shifted to the phone's local time: the same minute, converted once.
    const offsetMinutes = await page.evaluate(() => new Date().getTimezoneOffset())
    const lastSeconds = Number(await chart.getAttribute('data-last-time'))
    expect(Math.abs(lastSeconds + offsetMinutes * 60 - Date.now() / 1000)).toBeLessThan(3 * 60)
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0)
    await expect
      .poll(async () => Number((await page.getByTestId('trade-bid').textContent())?.replace(/,/g, '')))
      .toBeGreaterThan(0)
    await page.screenshot({ path: join(SHOTS, 'trade-1min.png') })
  })

  it('redraws the chart when the period changes', async () => {
    const chart = page.getByTestId('trade-chart')
    const before = digest(await chart.screenshot())
    await page.getByTestId('period-1day').click()
    await expect.poll(() => chart.getAttribute('data-period'), { timeout: 10_000 }).toBe('1day')
    expect(Number(await chart.getAttribute('data-bars'))).toBeGreaterThan(50)
    await expect.poll(async () => digest(await chart.screenshot()), { timeout: 5000 }).not.toBe(before)
    await page.screenshot({ path: join(SHOTS, 'trade-1day.png') })
    expect(pageErrors).toEqual([])
  })
})
