/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Instrument, MyDealAnswer } from '@tp/contracts'
import {
  browserAvailable,
  openPhone,
  platformWithPhone,
  ROOT,
  settledScreenshot,
  signedInCall,
} from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens')
/** Crypto trades around the clock, so the ticket can place orders on any day. */
const CODE = 'BTCUSD'
const coreTexts = (lang: string) =>
  JSON.parse(readFileSync(join(ROOT, `apps/web/src/common/i18n/locales/${lang}.json`), 'utf8')) as {
    pages: Record<string, string>
    accountKind: Record<string, string>
  }

/**
 * Issue 25, what a newcomer meets: the app in the phone's own language with a way to change it on
 * the market screen, Demo or Real on the trading screens, the ticket at the account leverage with
 * Buy off (and saying why) while the margin is short, pending orders named as in MT5, and close all.
 */
describe.skipIf(!browserAvailable())("a newcomer's first screens", () => {
  const shared = platformWithPhone(SHOTS)
  let page: Page
  let token = ''
  let instrument: Instrument

  beforeAll(() => {
    page = shared.page
  })
  const api = <T>(path: string) => signedInCall<T>(shared.base, token, path)

  it("opens in the phone's own language, and the market screen leads to the language screen", async () => {
    const phone = await openPhone({ locale: 'ja-JP' })
    try {
      const japanese = await phone.context.newPage()
      await japanese.goto(`${shared.base}/`)
      await expect.poll(() => japanese.evaluate(() => document.documentElement.lang)).toBe('ja')
      await expect
        .poll(() => japanese.locator('.page-nav-title').first().textContent())
        .toBe(coreTexts('jp').pages.market)
      // Nothing was stored: the phone's language is followed, not chosen for the user.
      expect(await japanese.evaluate(() => localStorage.getItem('lang'))).toBeNull()
      await settledScreenshot(japanese, join(SHOTS, 'newcomer-market-jp-phone.png'))
      await japanese.getByTestId('market-language').click()
      await japanese.waitForURL((url) => url.pathname === '/language')
      await japanese.getByTestId('lang-en').click()
      await expect.poll(() => japanese.evaluate(() => document.documentElement.lang)).toBe('en')
      expect(await japanese.evaluate(() => localStorage.getItem('lang'))).toBe('en')
    } finally {
      await phone.close()
    }
  })

  it('marks the account Demo and opens the ticket at the account leverage', async () => {
    await page.goto(`${shared.base}/login?from=${encodeURIComponent('/')}`)
    await page.getByTestId('login-demo').click()
    await page.waitForURL((url) => url.pathname === '/')
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? ''
    const list = await api<Instrument[]>(`/v1/api/forex/trade_list?searchCurrency=${CODE}`)
    instrument = list.find((item) => item.Code === CODE) as Instrument
    await page.evaluate(() => localStorage.setItem('lang', 'en'))
    await page.goto(`${shared.base}/`)
    await expect.poll(() => page.getByTestId('account-kind').textContent()).toBe('Demo')

    await page.goto(`${shared.base}/trade?id=${instrument.Id}`)
    await expect.poll(() => page.getByTestId('account-kind').textContent()).toBe('Demo')
    await page.getByTestId('ticket-buy').click()
    await page.getByTestId('order-form').waitFor()
    // The account leverage (30 until chosen) as the instrument allows it.
    const options = instrument.HasForexMultiple.map((option) => option.Value)
    const expected = Math.max(...options.filter((value) => value <= 30))
    await expect.poll(() => page.getByTestId('order-leverage').innerText()).toContain(`${expected}x`)
    expect(await page.getByTestId('order-submit').isEnabled()).toBe(true)
    await expect.poll(() => page.getByTestId('order-margin').textContent()).toMatch(/^[\d,]+\.\d{2}$/)
  })

  it('keeps Buy off while the margin is short, saying what the order needs and what is free', async () => {
    // One lot of Bitcoin at the crypto cap needs far more than a demo account's 10,000 USD.
    await page.getByTestId('order-lots').fill('1')
    const short = page.getByTestId('order-margin-short')
    await short.waitFor()
    expect(await short.textContent()).toMatch(/^Not enough free margin: this order needs [\d,]+\.\d{2} USD/)
    expect(await page.getByTestId('order-submit').isDisabled()).toBe(true)
    await settledScreenshot(page, join(SHOTS, 'newcomer-margin-short-en.png'))
    await page.getByTestId('order-lots').fill(String(instrument.ForexMinCont))
    await short.waitFor({ state: 'detached' })
    expect(await page.getByTestId('order-submit').isEnabled()).toBe(true)
  })

  it('names a pending order as MT5 does, in the ticket and in the list', async () => {
    await page.getByTestId('order-type-pending').click()
    const ask = Number((await page.getByTestId('order-side-buy').innerText()).replace(/[^\d.]/g, ''))
    await page.getByTestId('order-price').fill((ask * 0.9).toFixed(instrument.PricePrecision))
    await expect.poll(() => page.getByTestId('order-pending-type').textContent()).toBe('Buy Limit')
    await page.getByTestId('order-price').fill((ask * 1.1).toFixed(instrument.PricePrecision))
    await expect.poll(() => page.getByTestId('order-pending-type').textContent()).toBe('Buy Stop')
    await page.getByTestId('order-price').fill((ask * 0.9).toFixed(instrument.PricePrecision))
    await page.getByTestId('order-submit').click()
    await page.getByTestId('order-success').waitFor()
    const [pending] = (await api<MyDealAnswer>('/v1/api/forex/my_deal?status=0&page=1&limit=5')).data
    await page.goto(`${shared.base}/order?type=0`)
    await expect.poll(() => page.getByTestId(`order-row-${pending?.Id}`).innerText()).toContain('Buy Limit')
    await expect.poll(() => page.getByTestId('account-kind').textContent()).toBe('Demo')
  })

  it('closes all open positions from the orders screen, each at its own market price', async () => {
    const leverage = instrument.HasForexMultiple[0]?.Value ?? 1
    for (const type of [1, 2, 1])
      await api(
        `/v1/api/forex/submit?forex_id=${instrument.Id}&type=${type}&cont=${instrument.ForexMinCont}&status=1&multiple=${leverage}`,
      )
    await page.goto(`${shared.base}/order?type=1`)
    await expect.poll(() => page.locator('[data-testid^="order-row-"]').count()).toBe(3)
    await page.getByTestId('close-all').click()
    await page.getByTestId('close-all-all').waitFor()
    await settledScreenshot(page, join(SHOTS, 'newcomer-close-all-en.png'), 500)
    await page.getByTestId('close-all-all').click()
    await expect.poll(() => page.locator('[data-testid^="order-row-"]').count(), { timeout: 10_000 }).toBe(0)
    expect((await api<MyDealAnswer>('/v1/api/forex/my_deal?status=1&page=1&limit=5')).total).toBe(0)
    expect(shared.pageErrors).toEqual([])
  })

  it.each(['hk', 'en', 'ar', 'jp'])('shows the market, trade and orders screens in %s', async (lang) => {
    await page.evaluate((code) => localStorage.setItem('lang', code), lang)
    await page.goto(`${shared.base}/`)
    await expect
      .poll(() => page.getByTestId('account-kind').textContent())
      .toBe(coreTexts(lang).accountKind.demo)
    await settledScreenshot(page, join(SHOTS, `newcomer-market-${lang}.png`))
    await page.goto(`${shared.base}/trade?id=${instrument.Id}`)
    await page.getByTestId('ticket-buy').click()
    await page.getByTestId('order-form').waitFor()
    await settledScreenshot(page, join(SHOTS, `newcomer-ticket-${lang}.png`))
    await page.goto(`${shared.base}/order?type=0`)
    await page.locator('[data-testid^="order-row-"]').first().waitFor()
    await settledScreenshot(page, join(SHOTS, `newcomer-orders-${lang}.png`))
  })
})
