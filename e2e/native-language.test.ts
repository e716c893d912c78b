/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import { ADMIN_DIST, DESKTOP, adminShot, buildAdminOnce, openBackOffice } from './admin-platform.ts'
import {
  BROWSER_DRIVERS,
  CHROMIUM,
  CHROMIUM_ARGS,
  ROOT,
  WEB_DIST,
  browserAvailable,
  buildWebOnce,
  openPhonePage,
  settledScreenshot,
} from './platform.ts'

/*
 * Issue 12, "native in every language": an Arabic and a Japanese session read instrument names in
 * their language on the quotes list and figures as their locale writes them, and the order row
 * writes stop-loss and take-profit in words an Arabic reader uses. Screenshots of / and /order in
 * ar, jp and hk.
 */

const SCREENS = join(ROOT, '.tmp/screens')
/** Screens answer in well under a second; a machine busy with other runs may take longer. */
const WAIT = { timeout: 10_000 }
const BTC = { code: 'BTCUSD', bid: 65_432.1, ask: 65_462.1 }
const EUR = { code: 'EURUSD', bid: 1.08123, ask: 1.08133 }
/** Marks that keep figures left to right inside Arabic text, and no-break spaces: compared without. */
const bare = (text: string | null) => (text ?? '').replace(/[\u200e\u200f\u061c]/g, '').replace(/\s/g, ' ')
const figures = (locale: string, value: number, decimals: number) =>
  bare(
    new Intl.NumberFormat(`${locale}-u-nu-latn`, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(value),
  )

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('a native session on %s', (driver) => {
  let app: TestApp
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page
  let token = ''

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    buildWebOnce()
    buildAdminOnce()
    app = await startTestApp(driver, {
      historyCandles: 30,
      app: { webDist: WEB_DIST, adminDist: ADMIN_DIST },
    })
    app.tick(BTC)
    app.tick(EUR)
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=device-native-0001')
    token = demo.body.data.token
    const btc = app.market.instruments().find((d) => d.code === BTC.code)!.id
    const placed = await app.get(
      `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.1&status=1&multiple=2` +
        `&stop_loss_price=60000&target_profit_price=70000`,
      { token },
    )
    expect(placed.body).toMatchObject({ code: 1 })
    phone = await openPhonePage()
    page = phone.page
    await page.goto(`${app.base}/`)
    await page.evaluate((value) => localStorage.setItem('token', value), token)
  })
  afterAll(async () => {
    await phone?.close()
    await app?.close()
  })

  async function open(path: string, lang: string) {
    await page.evaluate((code) => localStorage.setItem('lang', code), lang)
    await page.goto(`${app.base}${path}`)
  }

  /** The name under EUR/USD's code on the quotes list. */
  const eurName = () => page.getByTestId('market-row-EURUSD').locator('.market-row-sub').innerText()

  it.each([
    ['ar', 'ar', 'يورو/دولار أمريكي', 'ذهب/دولار أمريكي'],
    ['jp', 'ja', 'ユーロ/米ドル', '金/米ドル'],
    ['hk', 'zh-Hant-HK', '歐元/美元', '黃金/美元'],
  ])('%s: native names and locale figures on the quotes list', async (lang, locale, eur, gold) => {
    await open('/', lang)
    await page.getByTestId('market-row-EURUSD').waitFor()
    await expect.poll(eurName, WAIT).toBe(eur)
    expect(await page.getByTestId('market-row-XAUUSD').locator('.market-row-sub').innerText()).toBe(gold)
    await expect
      .poll(async () => bare(await page.getByTestId('market-price-BTCUSD').textContent()), WAIT)
      .toBe(figures(locale, BTC.bid, 2))
    expect(bare(await page.getByTestId('market-price-EURUSD').textContent())).toBe(
      figures(locale, EUR.bid, 5),
    )
    // Latin digits in Arabic too (decision 014): no Arabic-Indic digit anywhere on the list.
    expect(await page.locator('.market-list').innerText()).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/)
    await settledScreenshot(page, join(SCREENS, `native-market-${lang}.png`), 600)
  })

  it('asks for the list again in the new language when the language changes', async () => {
    await open('/', 'jp')
    await expect.poll(eurName, WAIT).toBe('ユーロ/米ドル')
    await page.evaluate(() => localStorage.setItem('lang', 'de'))
    await page.reload()
    await expect.poll(eurName, WAIT).toBe('Euro / US-Dollar')
    // German groups thousands with a dot and marks decimals with a comma.
    await expect
      .poll(async () => bare(await page.getByTestId('market-price-BTCUSD').textContent()), WAIT)
      .toBe('65.432,10')
  })

  it.each([
    ['ar', 'ar', 'وقف الخسارة', 'جني الأرباح'],
    ['jp', 'ja', '損切り', '利確'],
    ['hk', 'zh-Hant-HK', '止損', '止盈'],
    ['th', 'th', 'ตัดขาดทุน', 'ทำกำไร'],
    ['hi', 'hi', 'स्टॉप लॉस', 'टेक प्रॉफ़िट'],
    ['fa', 'fa', 'حد ضرر', 'حد سود'],
  ])('%s: the order row in full words and locale figures', async (lang, locale, stopLoss, takeProfit) => {
    await open('/order', lang)
    const row = page.locator('[data-testid^="order-row-"]').first()
    await row.waitFor()
    const stops = await row.locator('.order-row-stops').innerText()
    expect(stops).toContain(stopLoss)
    expect(stops).toContain(takeProfit)
    expect(bare(await row.locator('[data-testid^="order-sl-"]').textContent())).toBe(
      figures(locale, 60_000, 2),
    )
    await expect
      .poll(async () => bare(await page.getByTestId('account-balance').textContent()), WAIT)
      .toMatch(new RegExp(`^${figures(locale, 9_998, 2).replace(/[.]/g, '\\.')}`))
    // A loss is signed once (the locale's minus), never "+-".
    expect(bare(await row.locator('[data-testid^="order-profit-"]').textContent())).not.toMatch(
      /\+\s*[-\u2212]/,
    )
    // The row fits the phone's width: nothing sticks out sideways.
    const overflow = await row.evaluate((el) => el.scrollWidth - el.clientWidth)
    expect(overflow).toBeLessThanOrEqual(1)
    await settledScreenshot(page, join(SCREENS, `native-order-${lang}.png`), 600)
  })

  it('shows a name staff change in the back office on an open phone, without a reload', async () => {
    await open('/', 'hk')
    await expect.poll(eurName, WAIT).toBe('歐元/美元')
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
    try {
      const desk = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })).newPage()
      await openBackOffice(app, desk, 'dealer', 'Dana Dealer')
      await desk.getByTestId('nav-catalogue').click()
      await desk.getByTestId('instrument-names-EURUSD').click()
      await desk.getByTestId('instrument-names-drawer').waitFor()
      expect(await desk.getByTestId('instrument-name-ar').inputValue()).toBe('يورو/دولار أمريكي')
      await desk.getByTestId('instrument-name-hk').fill('歐元兌美元')
      await adminShot(desk, 'native-instrument-names')
      await desk.getByTestId('instrument-names-save').click()
      await desk.getByTestId('instrument-names-drawer').waitFor({ state: 'detached' })
    } finally {
      await browser.close()
    }
    // The phone hears CATALOGUE and asks for the list again: allow for a busy machine.
    await expect.poll(eurName, WAIT).toBe('歐元兌美元')
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
  })

  it('raised no page error', () => {
    expect(phone.pageErrors).toEqual([])
  })
})
