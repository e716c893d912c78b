/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Instrument } from '@tp/contracts'
import { PHONE, ROOT, browserAvailable, openPhonePage, settledScreenshot, startPlatform } from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens')
/** Crypto trades around the clock: the quick buy fills on any day of the week. */
const CRYPTO = 'BTCUSD'
const FX = 'EURUSD'

/**
 * Issue 12, "Lists a trader expects": favourites that survive a reload and follow /trade's header
 * star, quick buy/sell from a long-press on a quotes row, and the specification sheet.
 */
describe.skipIf(!browserAvailable())('favourites, quick trade and the specification sheet', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page
  let pageErrors: string[] = []
  let instruments: Instrument[] = []

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    platform = await startPlatform({})
    phone = await openPhonePage()
    page = phone.page
    pageErrors = phone.pageErrors
    const answer = await fetch(`${platform.base}/v1/api/forex/trade_list`, { headers: { lang: 'en' } })
    instruments = ((await answer.json()) as { data: Instrument[] }).data
  })
  afterAll(async () => {
    await phone?.close()
    await platform?.stop()
  })

  const listedCodes = () =>
    page
      .locator('.market-list [data-testid^="market-row-"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')?.replace('market-row-', '')))

  /** A finger held on a row for 700 ms, without moving. */
  async function longPress(code: string) {
    const row = page.getByTestId(`market-row-${code}`)
    await row.scrollIntoViewIfNeeded()
    // A row that still moves (the list loading around it) would rightly cancel the press.
    let box = await row.boundingBox()
    await expect
      .poll(async () => {
        const before = box
        await page.waitForTimeout(200)
        box = await row.boundingBox()
        return JSON.stringify(before) === JSON.stringify(box)
      })
      .toBe(true)
    if (!box) throw new Error(`no row for ${code}`)
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.waitForTimeout(700)
    await page.mouse.up()
  }

  it('keeps two starred instruments across a reload, listed under the Favourites chip', async () => {
    await page.goto(`${platform.base}/`)
    await page.evaluate(() => localStorage.setItem('lang', 'en'))
    await page.reload()
    await page.getByTestId(`market-price-${CRYPTO}`).waitFor()
    const star = page.getByTestId(`favourite-${FX}`)
    expect(await star.getAttribute('aria-pressed')).toBe('false')
    expect(await star.getAttribute('aria-label')).toBe('Add EUR/USD to favourites')
    await star.click()
    await page.getByTestId(`favourite-${CRYPTO}`).click()
    expect(await star.getAttribute('aria-pressed')).toBe('true')
    // The star is a button of its own beside the row's link, never inside it.
    expect(
      await star.evaluate((el) => el.closest('a') === null && el.parentElement?.closest('button') == null),
    ).toBe(true)

    await page.reload()
    await page.getByTestId('category-chip-favourites').click()
    await expect.poll(listedCodes).toEqual([FX, CRYPTO])
    expect(await page.getByTestId(`favourite-${FX}`).getAttribute('aria-pressed')).toBe('true')
    // The chip comes first among the category chips.
    const chips = await page
      .locator('.category-chips .category-chip')
      .evaluateAll((all) => all.map((chip) => chip.getAttribute('data-testid')))
    expect(chips[0]).toBe('category-chip-favourites')
  })

  it("unstars on /trade's header star, and / no longer lists it", async () => {
    await page.getByTestId(`market-row-${FX}`).click()
    await page.waitForURL((url) => url.pathname === '/trade')
    const headerStar = page.locator('.page-nav').getByTestId(`favourite-${FX}`)
    await expect.poll(() => headerStar.getAttribute('aria-pressed')).toBe('true')
    await headerStar.click()
    expect(await headerStar.getAttribute('aria-pressed')).toBe('false')

    await page.goto(`${platform.base}/?category=favourites`)
    await expect.poll(listedCodes).toEqual([CRYPTO])
  })

  it('shows an empty Favourites chip with how to add one', async () => {
    await page.getByTestId(`favourite-${CRYPTO}`).click()
    await expect.poll(listedCodes).toEqual([])
    expect(await page.locator('.list-empty').innerText()).toMatch(/star/i)
  })

  it("shows the contract size and trading hours in /trade's specification sheet", async () => {
    const euro = instruments.find((item) => item.Code === FX)
    if (!euro) throw new Error(`${FX} is not listed`)
    await page.goto(`${platform.base}/trade?id=${euro.Id}`)
    await page.locator('.page-nav').getByTestId('spec-open').click()
    const sheet = page.getByTestId('spec-sheet')
    await sheet.waitFor()
    const size = await sheet.getByTestId('spec-contract-size').locator('dd').innerText()
    expect(Number(size.replace(/[^\d.]/g, ''))).toBe(euro.ForexContNum)
    // Forex trades from Sunday evening to Friday evening UTC: one window a week, from a day to a day.
    const hours = await sheet.getByTestId('spec-hours').locator('li').allInnerTexts()
    expect(hours).toHaveLength(1)
    expect(hours[0]).toMatch(/^\w{3} .+ – \w{3} .+$/)
    expect(await sheet.getByTestId('spec-margin').locator('li').count()).toBe(euro.HasForexMultiple.length)
    await settledScreenshot(page, join(SHOTS, 'lists-spec-trade-en.png'))
  })

  it('opens quick trade on a long-press without leaving /, and sends a visitor to sign in', async () => {
    await page.goto(`${platform.base}/`)
    await page.getByTestId(`market-price-${CRYPTO}`).waitFor()
    await longPress(CRYPTO)
    const sheet = page.getByTestId('quick-trade')
    await sheet.waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    await expect
      .poll(async () => Number((await page.getByTestId('quick-ask').innerText()).replace(/,/g, '')))
      .toBeGreaterThan(0)
    await page.getByTestId('quick-buy').click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByTestId('login-demo').click()
    await page.waitForURL((url) => url.pathname === '/')
  })

  it('buys at once from the quick-trade sheet with a demo account; the order is in /order', async () => {
    await page.getByTestId(`market-price-${CRYPTO}`).waitFor()
    await longPress(CRYPTO)
    await page.getByTestId('quick-trade').waitFor()
    const crypto = instruments.find((item) => item.Code === CRYPTO)
    expect(await page.getByTestId('order-lots').inputValue()).toBe(String(crypto?.ForexMinCont.toFixed(2)))
    // The account leverage (30 until chosen) as the instrument allows it: its highest option up to 30.
    const offered =
      crypto?.HasForexMultiple.map((option) => option.Value).filter((value) => value <= 30) ?? []
    const chosen = Math.max(...offered)
    expect(await page.getByTestId(`quick-leverage-${chosen}`).getAttribute('aria-checked')).toBe('true')
    await settledScreenshot(page, join(SHOTS, 'lists-quick-en.png'))
    const submitted = page.waitForResponse((response) => response.url().includes('/v1/api/forex/submit'))
    await page.getByTestId('quick-buy').click()
    const id = ((await (await submitted).json()) as { data: { id: number } }).data.id
    await page.getByTestId('order-success').waitFor()
    await page.goto(`${platform.base}/order?type=1`)
    await page.getByTestId(`order-row-${id}`).waitFor()
    expect(await page.getByTestId(`order-row-${id}`).innerText()).toContain('BTC')
  })

  it('a keyboard reaches quick trade with the context-menu key', async () => {
    await page.goto(`${platform.base}/`)
    const row = page.getByTestId(`market-row-${CRYPTO}`)
    await row.waitFor()
    await row.dispatchEvent('contextmenu')
    await page.getByTestId('quick-trade').waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
  })

  it('takes screenshots of favourites, a closed market, quick trade and the spec sheet (hk, en, ar)', async () => {
    // A closed market a few hours before it opens: the rows say when, in the reader's zone.
    await page.route('**/v1/api/forex/trade_list*', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { data: Instrument[] }
      const minute = Math.floor((Date.now() / 60_000 + 4 * 1440) % 10_080)
      const from = (minute + 180) % 10_080
      for (const item of body.data)
        if (item.Code === 'XAUUSD') {
          item.MarketStatus = 2
          item.Sessions = [{ From: from, To: Math.min(from + 600, 10_080) }]
          // The server tells the next open itself (NextOpen): three hours on, as the hours above say.
          item.NextOpen = Date.now() + 180 * 60_000
          item.NextClose = null
        }
      await route.fulfill({ response, json: body })
    })
    await page.goto(`${platform.base}/`)
    for (const lang of ['hk', 'en', 'ar']) {
      await page.evaluate(
        ([code, favourites]) => {
          localStorage.setItem('lang', code ?? 'en')
          localStorage.setItem('favourites', favourites ?? '[]')
        },
        [lang, JSON.stringify([CRYPTO, 'XAUUSD', FX])],
      )
      await page.goto(`${platform.base}/?category=favourites`)
      await expect.poll(listedCodes).toEqual([CRYPTO, 'XAUUSD', FX])
      await page.getByTestId('market-opens-XAUUSD').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await settledScreenshot(page, join(SHOTS, `lists-favourites-${lang}.png`))
      await longPress('XAUUSD')
      await page.getByTestId('quick-trade').waitFor()
      expect(await page.getByTestId('quick-buy').isDisabled()).toBe(true)
      await settledScreenshot(page, join(SHOTS, `lists-quick-${lang}.png`), 500)
      await page.getByTestId('quick-spec').click()
      await page.getByTestId('spec-sheet').waitFor()
      await settledScreenshot(page, join(SHOTS, `lists-spec-${lang}.png`), 500)
    }
    // /trade's drawer: a star on every row, the closed market's opening time.
    await page.goto(`${platform.base}/trade`)
    await page.getByTestId('trade-drawer-open').click()
    await page.getByTestId('drawer-item-XAUUSD').waitFor()
    await expect.poll(() => page.getByTestId('drawer-item-XAUUSD').innerText()).toMatch(/يفتح/)
    await settledScreenshot(page, join(SHOTS, 'lists-drawer-ar.png'), 500)
    // The dark theme: the star and the closed market's line read on the dark surface too.
    await page.evaluate(() => {
      localStorage.setItem('theme', 'dark')
      localStorage.setItem('lang', 'en')
    })
    await page.goto(`${platform.base}/?category=favourites`)
    await page.getByTestId('market-opens-XAUUSD').waitFor()
    await settledScreenshot(page, join(SHOTS, 'lists-favourites-en-dark.png'))
    await longPress(CRYPTO)
    await page.getByTestId('quick-trade').waitFor()
    await settledScreenshot(page, join(SHOTS, 'lists-quick-en-dark.png'), 500)
    await page.unroute('**/v1/api/forex/trade_list*')
    expect(pageErrors).toEqual([])
  })
})
