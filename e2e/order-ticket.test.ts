/// <reference lib="dom" />
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import type { Instrument, MyDealAnswer, TransOrder } from '@tp/contracts'
import {
  browserAvailable,
  PHONE,
  platformWithPhone,
  ROOT,
  settledScreenshot,
  signedInCall,
} from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens')
/** Crypto trades around the clock, so the ticket can place orders on any day. */
const CODE = 'BTCUSD'

const price2 = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** The order ticket of /trade at 390x844: the sell/buy bar, the sheet without scrolling, one-tap. */
describe.skipIf(!browserAvailable())('order ticket at a phone viewport', () => {
  const shared = platformWithPhone(SHOTS)
  let page: Page
  let token = ''
  let instrument: Instrument

  beforeAll(() => {
    page = shared.page
  })

  const api = <T>(path: string) => signedInCall<T>(shared.base, token, path)
  const holding = async (): Promise<TransOrder[]> =>
    (await api<MyDealAnswer>('/v1/api/forex/my_deal?status=1&page=1&limit=50')).data

  const box = async (locator: Locator) => {
    const found = await locator.boundingBox()
    if (!found) throw new Error('not on screen')
    return found
  }
  const scrollTop = () =>
    page.evaluate(() => Math.max(document.scrollingElement?.scrollTop ?? 0, window.scrollY))

  async function openTrade(lang: string) {
    await page.evaluate((code) => localStorage.setItem('lang', code), lang)
    await page.goto(`${shared.base}/trade?id=${instrument.Id}`)
    await page.getByTestId('ticket-buy').waitFor()
    await expect
      .poll(async () => Number((await page.getByTestId('trade-ask').textContent())?.replace(/,/g, '')))
      .toBeGreaterThan(0)
  }

  it('signs in with a demo account and opens /trade', async () => {
    await page.goto(`${shared.base}/login?from=${encodeURIComponent('/trade')}`)
    await page.getByTestId('login-demo').click()
    await page.waitForURL((url) => url.pathname === '/trade')
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? ''
    expect(token).not.toBe('')
    const list = await api<Instrument[]>(`/v1/api/forex/trade_list?searchCurrency=${CODE}`)
    const found = list.find((item) => item.Code === CODE)
    if (!found) throw new Error(`${CODE} is not listed`)
    instrument = found
    await openTrade('en')
  })

  it('keeps SELL at the bid and BUY at the ask on screen, above the tab bar', async () => {
    const tabBar = await box(page.getByTestId('tabbar'))
    for (const id of ['ticket-sell', 'ticket-buy']) {
      const button = await box(page.getByTestId(id))
      expect(button.y).toBeGreaterThan(0)
      expect(button.y + button.height).toBeLessThanOrEqual(tabBar.y + 0.5)
      expect(button.x).toBeGreaterThanOrEqual(0)
      expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width)
    }
    // Named for screen readers with the side, the instrument and the live price.
    const bid = (await page.getByTestId('trade-bid').textContent()) ?? ''
    expect(await page.getByTestId('ticket-sell').getAttribute('aria-label')).toMatch(
      new RegExp(`^Sell ${instrument.ShowCode.replace('/', '\\/')} at [\\d,]+\\.\\d{2}$`),
    )
    expect(bid).toMatch(/^[\d,]+\.\d{2}$/)
    // The quotes move: the bar repaints.
    const ask = await page.getByTestId('trade-ask').textContent()
    await expect.poll(() => page.getByTestId('trade-ask').textContent(), { timeout: 10_000 }).not.toBe(ask)
    // The chart has the height between the quote and the bar.
    const chart = await box(page.getByTestId('trade-chart'))
    expect(chart.height).toBeGreaterThan(300)
    expect(await scrollTop()).toBe(0)
    await settledScreenshot(page, join(SHOTS, 'ticket-trade-en.png'))
  })

  it('opens the ticket on BUY and places an order with a stop-loss in points, without scrolling', async () => {
    await page.getByTestId('ticket-buy').click()
    const form = page.getByTestId('order-form')
    await form.waitFor()
    expect(await page.getByTestId('order-side-buy').getAttribute('aria-checked')).toBe('true')
    // Focus moved into the sheet.
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))))
      .toBe(true)

    await page.getByTestId('order-lots-plus').click()
    const lots = await page.getByTestId('order-lots').inputValue()
    expect(Number(lots)).toBeCloseTo(instrument.ForexMinCont + instrument.Pip, 8)
    await page.getByTestId('order-sl-check').click()
    await page.getByTestId('order-stop-unit-points').click()
    // 100,000 points of 0.01 = 1,000 USD below the ask, far beyond the spread.
    await page.getByTestId('order-sl').fill('100000')
    const loss = -(1000 * Number(lots) * instrument.ForexContNum)
    await expect.poll(() => page.getByTestId('order-sl-pnl').textContent()).toBe(`${loss.toFixed(2)} USD`)
    await expect.poll(() => page.getByTestId('order-margin').textContent()).toMatch(/^[\d,]+\.\d{2}$/)
    await expect.poll(() => page.getByTestId('order-free-after').textContent()).toMatch(/^-?[\d,]+\.\d{2}$/)

    const submit = await box(page.getByTestId('order-submit'))
    expect(submit.y).toBeGreaterThan(0)
    expect(submit.y + submit.height).toBeLessThanOrEqual(PHONE.height)
    expect(await scrollTop()).toBe(0)
    expect(await page.locator('.ticket-sheet').evaluate((node) => node.scrollTop)).toBe(0)
    expect(
      await page.locator('.ticket-sheet').evaluate((node) => node.scrollHeight - node.clientHeight),
    ).toBe(0)
    await settledScreenshot(page, join(SHOTS, 'ticket-sheet-en.png'))

    await page.getByTestId('order-submit').click()
    const success = page.getByTestId('order-success')
    await success.waitFor()
    await form.waitFor({ state: 'detached' })
    const shown = (await page.getByTestId('order-success-price').textContent()) ?? ''
    const [order] = await holding()
    if (!order) throw new Error('no position')
    expect(shown).toBe(price2(order.Price))
    expect(await success.textContent()).toContain(instrument.ShowCode)
    expect(order.OrderType).toBe(1)
    expect(order.Quantity).toBeCloseTo(Number(lots), 8)
    expect(order.TargetLossPrice).toBeGreaterThan(0)
    expect(order.TargetLossPrice).toBeLessThan(order.Price)
    await settledScreenshot(page, join(SHOTS, 'ticket-success-en.png'))

    // The confirmation has the focus and keeps it (Tab wraps between its two buttons); Escape
    // dismisses it.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))
    await expect.poll(focused).toBe('order-success-view')
    await page.keyboard.press('Tab')
    expect(await focused()).toBe('order-success-close')
    await page.keyboard.press('Tab')
    expect(await focused()).toBe('order-success-view')
    await page.keyboard.press('Shift+Tab')
    expect(await focused()).toBe('order-success-close')
    await page.keyboard.press('Escape')
    await success.waitFor({ state: 'detached' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('ticket-buy')
    expect(new URL(page.url()).pathname).toBe('/trade')
  })

  it('closes the ticket with Escape and with back, staying on /trade', async () => {
    const url = page.url()
    await page.getByTestId('ticket-sell').click()
    await page.getByTestId('order-form').waitFor()
    expect(await page.getByTestId('order-side-sell').getAttribute('aria-checked')).toBe('true')
    // A sell's stop-loss below the price says so, instead of a profit it could never reach.
    await page.getByTestId('order-sl-check').click()
    await page.getByTestId('order-sl').fill('1')
    await expect
      .poll(() => page.getByTestId('order-sl-problem').textContent())
      .toMatch(/^For a sell, the stop-loss must be above [\d,]+\.\d{2}$/)
    expect(await page.getByTestId('order-sl-pnl').count()).toBe(0)
    // Escape closes the leverage picker first, then the ticket.
    await page.getByTestId('order-leverage').click()
    const option = page.locator('[data-testid^="leverage-option-"]').first()
    await option.waitFor()
    // The picker listens for Escape from the moment it moves focus to an option (one effect).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? ''))
      .toMatch(/^leverage-option-/)
    await page.keyboard.press('Escape')
    await option.waitFor({ state: 'detached' })
    expect(await page.getByTestId('order-form').isVisible()).toBe(true)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('order-leverage')
    await page.keyboard.press('Escape')
    await page.getByTestId('order-form').waitFor({ state: 'detached' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('ticket-sell')

    await page.getByTestId('ticket-buy').click()
    await page.getByTestId('order-form').waitFor()
    await page.goBack()
    await page.getByTestId('order-form').waitFor({ state: 'detached' })
    expect(page.url()).toBe(url)
    await page.getByTestId('ticket-buy').waitFor()
  })

  it('fits the bar and the ticket in Chinese (Hong Kong) and right to left in Arabic', async () => {
    for (const lang of ['hk', 'ar']) {
      await openTrade(lang)
      if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await settledScreenshot(page, join(SHOTS, `ticket-trade-${lang}.png`))
      await page.getByTestId('ticket-sell').click()
      await page.getByTestId('order-form').waitFor()
      await page.getByTestId('order-sl-check').click()
      await page.getByTestId('order-tp-check').click()
      await page.getByTestId('order-type-pending').click()
      const submit = await box(page.getByTestId('order-submit'))
      expect(submit.y + submit.height).toBeLessThanOrEqual(PHONE.height)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await settledScreenshot(page, join(SHOTS, `ticket-sheet-${lang}.png`))
    }
    await openTrade('en')
  })

  it('one-tap: switched on once after a warning, SELL places a market order without the ticket', async () => {
    await page.getByTestId('ticket-buy').click()
    await page.getByTestId('order-form').waitFor()
    await page.getByTestId('ticket-one-tap').click()
    const confirm = page.locator('.adm-dialog-button', { hasText: 'Switch on' })
    await confirm.waitFor()
    // Escape answers the warning "cancel" and leaves the ticket open, one-tap still off.
    await page.keyboard.press('Escape')
    await confirm.waitFor({ state: 'detached' })
    expect(await page.getByTestId('order-form').isVisible()).toBe(true)
    expect(await page.getByTestId('ticket-one-tap').getAttribute('aria-checked')).toBe('false')
    await page.getByTestId('ticket-one-tap').click()
    await confirm.waitFor()
    await settledScreenshot(page, join(SHOTS, 'ticket-one-tap-warning-en.png'))
    await confirm.click()
    await expect.poll(() => page.getByTestId('ticket-one-tap').getAttribute('aria-checked')).toBe('true')
    expect(await page.evaluate(() => localStorage.getItem('one_tap'))).toBe('1')
    await page.getByTestId('ticket-close').click()
    await page.getByTestId('order-form').waitFor({ state: 'detached' })
    await page.getByTestId('ticket-one-tap-on').waitFor()
    expect(await page.getByTestId('ticket-sell').getAttribute('aria-label')).toContain('one-tap')

    const before = (await holding()).length
    await page.getByTestId('ticket-sell').click()
    await expect.poll(async () => (await holding()).length, { timeout: 10_000 }).toBe(before + 1)
    const [order] = await holding()
    expect(order?.OrderType).toBe(2)
    // The lots of the last order on the instrument, the account leverage, no stops.
    expect(order?.Quantity).toBeCloseTo(instrument.ForexMinCont + instrument.Pip, 8)
    expect(order?.TargetLossPrice).toBe(0)
    expect(order?.TargetProfitPrice).toBe(0)
    expect(await page.getByTestId('order-form').count()).toBe(0)
    await page.locator('.adm-toast-main', { hasText: 'Sold' }).waitFor()
    await settledScreenshot(page, join(SHOTS, 'ticket-one-tap-en.png'), 0)

    // Remembered across a reload; switching it off again asks nothing.
    await page.reload()
    await page.getByTestId('ticket-one-tap-on').waitFor()
    await page.evaluate(() => localStorage.setItem('one_tap', '0'))
    await page.reload()
    await page.getByTestId('ticket-buy').click()
    await page.getByTestId('order-form').waitFor()
    await page.getByTestId('ticket-one-tap').click()
    await expect.poll(() => page.getByTestId('ticket-one-tap').getAttribute('aria-checked')).toBe('true')
    expect(await page.locator('.adm-dialog-button').count()).toBe(0)
    expect(shared.pageErrors).toEqual([])
  })
})
