/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Instrument } from '@tp/contracts'
import { BROWSER_DRIVERS, browserAvailable, PHONE, startAppWithPhone, type AppWithPhone } from './platform.ts'

/** Crypto trades every day: its history has weeks and months whatever day the test runs. */
const CODE = 'BTCUSD'

/**
 * What a trader coming from MetaTrader looks for on /trade's chart (issue 25): 4-hour, week and
 * month candles, MACD and Stochastic under the candles, and lines of their own that stay.
 */
describe.skipIf(!browserAvailable())('chart periods, oscillators and drawn lines at 390x844', () => {
  let ctx: AppWithPhone
  let page: Page
  let instrument: Instrument

  beforeAll(async () => {
    ctx = await startAppWithPhone(BROWSER_DRIVERS[0], { historyCandles: 90 })
    page = ctx.page
    const list = (await ctx.app.get(`/v1/api/forex/trade_list?searchCurrency=${CODE}`)).body
      .data as Instrument[]
    instrument = list.find((item) => item.Code === CODE) as Instrument
  }, 120_000)
  afterAll(() => ctx?.close())

  const chart = () => page.getByTestId('trade-chart')
  const bars = async () => Number(await chart().getAttribute('data-bars'))
  const drawnLines = async () => (await chart().getAttribute('data-drawn-lines')) ?? ''
  const open = async (lang: string) => {
    if (!page.url().startsWith(ctx.app.base)) await page.goto(`${ctx.app.base}/`)
    await ctx.open(`/trade?id=${instrument.Id}`, lang)
    await expect.poll(bars, { timeout: 15_000 }).toBeGreaterThan(0)
  }
  async function shot(name: string) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await ctx.shot(`chart-tools-${name}`)
  }
  /** Opens the lines sheet and picks a kind of line; the sheet has gone when this returns. */
  async function startDrawing(kind: 'horizontal' | 'trend') {
    await page.getByTestId('chart-lines').click()
    await page.getByTestId(`chart-draw-${kind}`).click()
    await page.getByTestId('chart-draw-hint').waitFor()
    await page.locator('.chart-lines-sheet').waitFor({ state: 'hidden' })
  }
  /** Taps the chart's candle pane at a share of its width and height, as a finger does. */
  async function tapChart(xShare: number, yShare: number) {
    const box = await chart().boundingBox()
    if (!box) throw new Error('no chart box')
    await page.touchscreen.tap(box.x + box.width * xShare, box.y + box.height * yShare)
  }

  it('switches to H4, W1 and MN and draws their candles', async () => {
    await open('en')
    for (const [period, label] of [
      ['4hour', '4H'],
      ['1week', '1W'],
      ['1mon', 'MN'],
    ] as const) {
      const button = page.getByTestId(`period-${period}`)
      expect(await button.textContent()).toBe(label)
      await button.click()
      await expect.poll(() => chart().getAttribute('data-period'), { timeout: 10_000 }).toBe(period)
      await expect.poll(bars).toBeGreaterThan(1)
      if (period === '4hour') await shot('h4-en')
    }
    // 90 days of history: about 13 weeks and 3 or 4 months.
    await page.getByTestId('period-1week').click()
    await expect.poll(() => chart().getAttribute('data-period')).toBe('1week')
    expect(await bars()).toBeGreaterThanOrEqual(12)
  })

  it('adds MACD and Stochastic, each in a pane under the candles', async () => {
    await page.getByTestId('period-60min').click()
    await expect.poll(() => chart().getAttribute('data-period')).toBe('60min')
    const panes = () => chart().locator('table tr td:nth-child(2) canvas').count()
    const before = await panes()
    await page.getByTestId('chart-indicators').click()
    for (const id of ['macd', 'stochastic']) {
      await page.getByTestId(`chart-indicator-${id}`).click()
      await expect
        .poll(() => page.getByTestId(`chart-indicator-${id}`).getAttribute('aria-checked'))
        .toBe('true')
    }
    await page
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } })
    // Each pane is a row of the chart's table with its own canvases.
    await expect.poll(panes).toBeGreaterThanOrEqual(before + 4)
    const stored = await page.evaluate(() => localStorage.getItem('tp.chart.prefs') ?? '')
    expect(JSON.parse(stored).indicators).toEqual(expect.arrayContaining(['macd', 'stochastic']))
    await shot('oscillators-en')
  })

  it('draws a horizontal line by a tap; it stays after a reload and a period change, and is deleted', async () => {
    await startDrawing('horizontal')
    await tapChart(0.4, 0.25)
    await expect.poll(drawnLines).toMatch(/^\d+(\.\d+)?$/)
    const price = await drawnLines()
    expect(await page.getByTestId('chart-draw-hint').count()).toBe(0)

    await page.reload()
    await expect.poll(bars, { timeout: 15_000 }).toBeGreaterThan(0)
    await expect.poll(drawnLines).toBe(price)
    await page.getByTestId('period-1day').click()
    await expect.poll(() => chart().getAttribute('data-period')).toBe('1day')
    expect(await drawnLines()).toBe(price)
    await shot('line-en')

    await page.getByTestId('chart-lines').click()
    await expect.poll(() => page.getByTestId('chart-drawing').count()).toBe(1)
    await page.getByTestId('chart-drawing-delete').click()
    await expect.poll(() => page.getByTestId('chart-drawing').count()).toBe(0)
    await expect.poll(drawnLines).toBe('')
    await page.reload()
    await expect.poll(bars, { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await drawnLines()).toBe('')
  })

  it('draws a trend line by two taps, kept on another period', async () => {
    await page.getByTestId('period-60min').click()
    await expect.poll(() => chart().getAttribute('data-period')).toBe('60min')
    await startDrawing('trend')
    await tapChart(0.2, 0.35)
    await expect.poll(() => chart().getAttribute('data-placing')).toBe('trend-2')
    await tapChart(0.6, 0.2)
    await expect.poll(() => chart().getAttribute('data-trend-lines')).toMatch(/\S/)
    expect(await chart().getAttribute('data-placing')).toBe('')
    // On 4-hour candles the two instants (a day or so apart) lie on two candles too.
    await page.getByTestId('period-4hour').click()
    await expect.poll(() => chart().getAttribute('data-period')).toBe('4hour')
    await expect.poll(() => chart().getAttribute('data-trend-lines')).toMatch(/\S/)
    await shot('trend-en')
    await page.getByTestId('chart-lines').click()
    await page.getByTestId('chart-drawing-delete').click()
    await expect.poll(() => chart().getAttribute('data-trend-lines')).toBe('')
    await page
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } })
  })

  it.each(['hk', 'ar'])('reads in %s with a line of each kind and both oscillators', async (lang) => {
    await open(lang)
    await page.getByTestId('period-60min').click()
    await expect.poll(() => chart().getAttribute('data-period')).toBe('60min')
    await startDrawing('horizontal')
    await tapChart(0.5, 0.3)
    await expect.poll(drawnLines).toMatch(/\d/)
    await startDrawing('trend')
    await tapChart(0.25, 0.45)
    await expect.poll(() => chart().getAttribute('data-placing')).toBe('trend-2')
    await tapChart(0.7, 0.15)
    await expect.poll(() => chart().getAttribute('data-trend-lines')).toMatch(/\S/)
    await shot(`lines-${lang}`)
    await page.getByTestId('chart-lines').click()
    await expect.poll(() => page.getByTestId('chart-drawing').count()).toBe(2)
    await shot(`sheet-${lang}`)
    for (let i = 0; i < 2; i++) await page.getByTestId('chart-drawing-delete').first().click()
    await expect.poll(() => chart().getAttribute('data-trend-lines')).toBe('')
    await expect.poll(() => page.getByTestId('chart-drawing').count()).toBe(0)
  })

  it('left no page errors', () => {
    expect(ctx.pageErrors).toEqual([])
  })
})
