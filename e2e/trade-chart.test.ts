/// <reference lib="dom" />
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Candle, Instrument, MyDealAnswer } from '@tp/contracts'
import { browserAvailable, PHONE, platformWithPhone, ROOT, signedInCall } from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens')
/** Crypto trades around the clock, so the test can open a position on any day. */
const CODE = 'BTCUSD'

describe.skipIf(!browserAvailable())("the trader's chart on /trade at a phone viewport", () => {
  const shared = platformWithPhone(SHOTS)
  let page: Page
  let token = ''
  let instrument: Instrument
  let orderId = 0
  let firstStop = 0

  beforeAll(() => {
    page = shared.page
  })

  const api = <T>(path: string) => signedInCall<T>(shared.base, token, path)

  const chart = () => page.getByTestId('trade-chart')

  async function shot(name: string) {
    await expect
      .poll(() => page.locator('.adm-toast-main, .page-loading').count(), { timeout: 5000 })
      .toBe(0)
      .catch(() => undefined)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.screenshot({ path: join(SHOTS, `chart-${name}.png`) })
  }

  /** The stop-loss line of the order as the chart lists it: price and y in the chart box. */
  async function stopLine(): Promise<{ price: number; y: number }> {
    const text = (await chart().getAttribute('data-drag-lines')) ?? ''
    const entry = text.split(' ').find((item) => item.startsWith(`${orderId}-stopLoss:`))
    if (!entry) throw new Error(`no stop-loss line in "${text}"`)
    const [, price, y] = entry.split(':')
    return { price: Number(price), y: Number(y) }
  }

  it('signs in with a demo account and opens a buy with a stop-loss in the visible range', async () => {
    await page.addInitScript(() => window.localStorage.setItem('lang', 'en'))
    await page.goto(`${shared.base}/login?from=${encodeURIComponent('/trade')}`)
    await page.getByTestId('login-demo').click()
    await page.waitForURL((url) => url.pathname === '/trade')
    token = (await page.evaluate(() => window.localStorage.getItem('token'))) ?? ''
    expect(token).not.toBe('')

    const list = await api<Instrument[]>(`/v1/api/forex/trade_list?searchCurrency=${CODE}`)
    const found = list.find((item) => item.Code === CODE)
    if (!found) throw new Error(`${CODE} is not listed`)
    instrument = found
    // A stop a little below the lowest low of the bars on screen, so the line is on the price scale.
    const candles = await api<Candle[]>(`/v1/api/forex/kline?forex_id=${instrument.Id}&period=1min&limit=40`)
    const low = Math.min(...candles.map((c) => c.Low), instrument.Bid)
    const high = Math.max(...candles.map((c) => c.High), instrument.Ask)
    firstStop = Number((low - (high - low) * 0.02).toFixed(instrument.PricePrecision))
    const leverage = Math.min(...instrument.HasForexMultiple.map((option) => option.Value))
    const query = new URLSearchParams({
      forex_id: String(instrument.Id),
      type: '1',
      cont: String(instrument.ForexMinCont),
      status: '1',
      target_price: '0',
      stop_loss_price: String(firstStop),
      target_profit_price: '0',
      multiple: String(leverage),
    })
    orderId = (await api<{ id: number }>(`/v1/api/forex/submit?${query}`)).id
    expect(orderId).toBeGreaterThan(0)
  })

  it('draws the chart with bid, ask and spread, and the time axis inside the box', async () => {
    await page.goto(`${shared.base}/trade?id=${instrument.Id}`)
    await expect.poll(() => chart().getAttribute('data-bars'), { timeout: 15_000 }).not.toBe('0')
    await expect
      .poll(async () => (await chart().getAttribute('data-drag-lines')) ?? '', { timeout: 15_000 })
      .toContain(`${orderId}-stopLoss:${firstStop}:`)
    expect(await page.getByTestId('trade-drawer-open').textContent()).toContain(instrument.ShowCode)
    await expect
      .poll(async () => Number((await page.getByTestId('chart-bid').textContent())?.replace(/,/g, '')))
      .toBeGreaterThan(0)
    const bid = Number((await page.getByTestId('chart-bid').textContent())?.replace(/,/g, ''))
    const ask = Number((await page.getByTestId('chart-ask').textContent())?.replace(/,/g, ''))
    expect(ask).toBeGreaterThanOrEqual(bid)
    expect(await page.getByTestId('chart-spread').textContent()).toMatch(/^\d+ pts$/)
    expect(await page.getByTestId('chart-ohlc').textContent()).toMatch(/O\s*[\d,.]+.*H.*L.*C.*Vol/)

    // The time axis (the chart's last table row) lies wholly inside the chart's box and the screen.
    const box = await chart().boundingBox()
    const axis = await chart().locator('table tr').last().boundingBox()
    if (!box || !axis) throw new Error('no chart box')
    expect(axis.y + axis.height).toBeLessThanOrEqual(box.y + box.height + 0.5)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    await shot('en')
  })

  it('drags the stop-loss line down, confirms, and the new stop is saved', async () => {
    const box = await chart().boundingBox()
    if (!box) throw new Error('no chart box')
    const line = await stopLine()
    expect(line.y).toBeGreaterThan(0)
    const x = box.x + box.width * 0.45
    await page.mouse.move(x, box.y + line.y)
    await page.mouse.down()
    for (let step = 1; step <= 6; step++) await page.mouse.move(x, box.y + line.y + step * 5)
    expect(await chart().getAttribute('data-dragging')).toBe(`${orderId}-stopLoss`)
    await page.mouse.up()

    await page.getByTestId('chart-move-dialog').waitFor()
    expect(Number((await page.getByTestId('chart-move-old').textContent())?.replace(/,/g, ''))).toBe(
      firstStop,
    )
    const moved = Number((await page.getByTestId('chart-move-new').textContent())?.replace(/,/g, ''))
    expect(moved).toBeLessThan(firstStop)
    expect(await page.getByTestId('chart-move-dialog').textContent()).toMatch(/Loss if hit-[\d.]+ USD/)
    await shot('drag-confirm')
    await page.getByTestId('chart-move-confirm').click()

    await expect
      .poll(
        async () => {
          const deals = await api<MyDealAnswer>('/v1/api/forex/my_deal?status=1&page=1&limit=100')
          return deals.data.find((order) => order.Id === orderId)?.TargetLossPrice
        },
        { timeout: 10_000 },
      )
      .toBe(moved)
    await expect.poll(async () => (await stopLine()).price, { timeout: 10_000 }).toBe(moved)
  })

  it('puts a cancelled drag back', async () => {
    // The "saved" toast sits over the chart for a moment.
    await expect.poll(() => page.locator('.adm-toast-main').count(), { timeout: 10_000 }).toBe(0)
    const before = await stopLine()
    const box = await chart().boundingBox()
    if (!box) throw new Error('no chart box')
    const x = box.x + box.width * 0.45
    await page.mouse.move(x, box.y + before.y)
    await page.mouse.down()
    for (let step = 1; step <= 4; step++) await page.mouse.move(x, box.y + before.y + step * 5)
    await page.mouse.up()
    await page.getByTestId('chart-move-cancel').click()
    await page.getByTestId('chart-move-dialog').waitFor({ state: 'detached' })
    expect((await stopLine()).price).toBe(before.price)
  })

  it("drags a pending order's price line, keeping its stops and expiry", async () => {
    await expect.poll(() => page.locator('.adm-toast-main').count(), { timeout: 10_000 }).toBe(0)
    const candles = await api<Candle[]>(`/v1/api/forex/kline?forex_id=${instrument.Id}&period=1min&limit=40`)
    const low = Math.min(...candles.map((c) => c.Low))
    const high = Math.max(...candles.map((c) => c.High))
    // Inside the bars on screen, away from the position's stop-loss below them, and on the side of
    // the range farther from the price (so that it does not fill while the test drags it).
    const listed = await api<Instrument[]>(`/v1/api/forex/trade_list?searchCurrency=${CODE}`)
    const ask = listed.find((item) => item.Code === CODE)?.Ask ?? high
    const lowSide = low + (high - low) * 0.25
    const highSide = high - (high - low) * 0.2
    const far = Math.abs(lowSide - ask) > Math.abs(highSide - ask) ? lowSide : highSide
    const target = Number(far.toFixed(instrument.PricePrecision))
    const expires = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
    const query = new URLSearchParams({
      forex_id: String(instrument.Id),
      type: '1',
      cont: String(instrument.ForexMinCont),
      status: '0',
      target_price: String(target),
      multiple: String(Math.min(...instrument.HasForexMultiple.map((option) => option.Value))),
      expire_type: '2',
      expire_time: expires,
    })
    const pendingId = (await api<{ id: number }>(`/v1/api/forex/submit?${query}`)).id
    const entryLine = async () => {
      const text = (await chart().getAttribute('data-drag-lines')) ?? ''
      const entry = text.split(' ').find((item) => item.startsWith(`${pendingId}-entry:`))
      if (!entry) return null
      const [, price, y] = entry.split(':')
      return { price: Number(price), y: Number(y) }
    }
    await expect.poll(async () => (await entryLine())?.price, { timeout: 15_000 }).toBe(target)
    const line = (await entryLine()) as { price: number; y: number }
    const box = await chart().boundingBox()
    if (!box) throw new Error('no chart box')
    const x = box.x + box.width * 0.45
    await page.mouse.move(x, box.y + line.y)
    await page.mouse.down()
    for (let step = 1; step <= 6; step++) await page.mouse.move(x, box.y + line.y + step * 5)
    expect(await chart().getAttribute('data-dragging')).toBe(`${pendingId}-entry`)
    await page.mouse.up()
    await page.getByTestId('chart-move-dialog').waitFor()
    expect(await page.locator('.adm-dialog-title').textContent()).toBe('Move the order price?')
    expect(await page.getByTestId('chart-move-dialog').textContent()).not.toMatch(/if hit/)
    const moved = Number((await page.getByTestId('chart-move-new').textContent())?.replace(/,/g, ''))
    expect(moved).toBeLessThan(target)
    await shot('drag-pending')
    await page.getByTestId('chart-move-confirm').click()
    await expect
      .poll(
        async () => {
          const deals = await api<MyDealAnswer>('/v1/api/forex/my_deal?status=0&page=1&limit=100')
          const order = deals.data.find((item) => item.Id === pendingId)
          return order && [order.OriginPrice, order.ExpireTimeHandler]
        },
        { timeout: 10_000 },
      )
      .toEqual([moved, expires])
    await api(`/v1/api/forex/cancel_trade?id=${pendingId}`)
  })

  it('switches indicators and chart type on, remembered after a reload', async () => {
    await page.getByTestId('chart-indicators').click()
    for (const id of ['sma20', 'ema50', 'bollinger', 'rsi'])
      await page.getByTestId(`chart-indicator-${id}`).click()
    await page
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } })
    await page.getByTestId('chart-type-area').click()
    expect(await page.getByTestId('chart-type-area').getAttribute('aria-checked')).toBe('true')
    await page.getByTestId('chart-type-candles').click()
    await shot('indicators')

    await page.reload()
    await expect.poll(() => chart().getAttribute('data-bars'), { timeout: 15_000 }).not.toBe('0')
    await page.getByTestId('chart-indicators').click()
    expect(await page.getByTestId('chart-indicator-rsi').getAttribute('aria-checked')).toBe('true')
    await page
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } })
  })

  it('goes full screen and back', async () => {
    await page.getByTestId('chart-fullscreen').click()
    await expect.poll(() => page.getByTestId('chart-frame').getAttribute('data-fullscreen')).toBe('true')
    await page.waitForTimeout(500)
    const box = await chart().boundingBox()
    expect(box?.height ?? 0).toBeGreaterThan(500)
    await shot('fullscreen')
    await page.getByTestId('chart-fullscreen').click()
    await expect.poll(() => page.getByTestId('chart-frame').getAttribute('data-fullscreen')).toBe('false')
  })

  it('redraws in the new colours when the theme changes', async () => {
    const before = (await chart().screenshot()).toString('base64')
    await page.evaluate(() => {
      document.documentElement.style.setProperty('--surface', 'rgb(16, 24, 40)')
      document.documentElement.setAttribute('data-theme', 'dark')
    })
    await expect
      .poll(async () => (await chart().screenshot()).toString('base64'), { timeout: 5000 })
      .not.toBe(before)
    await page.evaluate(() => {
      document.documentElement.style.removeProperty('--surface')
      document.documentElement.removeAttribute('data-theme')
    })
  })

  it('loads older candles when scrolled to the first one', async () => {
    const bars = Number(await chart().getAttribute('data-bars'))
    const box = await chart().boundingBox()
    if (!box) throw new Error('no chart box')
    // Drag the time scale right in long strokes (in the middle, away from any line) until it pages.
    for (let i = 0; i < 12 && Number(await chart().getAttribute('data-bars')) === bars; i++) {
      await page.mouse.move(box.x + 20, box.y + box.height * 0.3)
      await page.mouse.down()
      await page.mouse.move(box.x + box.width - 80, box.y + box.height * 0.3, { steps: 8 })
      await page.mouse.up()
      await page.waitForTimeout(200)
    }
    await expect
      .poll(async () => Number(await chart().getAttribute('data-bars')), { timeout: 10_000 })
      .toBeGreaterThan(bars)
  })

  it('shows the chart in Traditional Chinese and right to left in Arabic', async () => {
    for (const lang of ['hk', 'ar']) {
      await page.evaluate((code) => window.localStorage.setItem('lang', code), lang)
      await page.addInitScript((code) => window.localStorage.setItem('lang', code), lang)
      await page.goto(`${shared.base}/trade?id=${instrument.Id}`)
      await expect.poll(() => chart().getAttribute('data-bars'), { timeout: 15_000 }).not.toBe('0')
      if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await shot(lang)
    }
    expect(shared.pageErrors).toEqual([])
  })
})
