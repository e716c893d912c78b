/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import {
  BROWSER_DRIVERS,
  CHROMIUM,
  CHROMIUM_ARGS,
  PHONE,
  ROOT,
  WEB_DIST,
  browserAvailable,
  buildWebOnce,
  openPhonePage,
  signInPhone,
} from './platform.ts'

/*
 * Issue 12, "installable and resilient": the app shell index.html draws before any JavaScript, the
 * service worker that opens the app offline (and never answers the API), the offline notice, and the
 * socket that comes back with fresh prices after the phone wakes.
 */

const SCREENS = join(ROOT, '.tmp/screens')

/** A phone profile with its own options (JavaScript off), closed and removed by `close`. */
async function phoneWith(options: { javaScriptEnabled: boolean; locale?: string }) {
  const profile = mkdtempSync(join(tmpdir(), 'tp-e2e-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    args: CHROMIUM_ARGS,
    ...options,
  })
  const page = context.pages()[0] ?? (await context.newPage())
  return {
    page,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** The shell's visible texts: title and tab labels. */
async function shellTexts(page: Page) {
  return {
    title: await page.locator('#boot-shell .boot-title').innerText(),
    tabs: await page.locator('#boot-shell .boot-tab-label').allInnerTexts(),
    current: await page.locator('#boot-shell .boot-tab[aria-current="page"]').getAttribute('href'),
  }
}

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('offline and resume on %s', (driver) => {
  let app: TestApp
  let token: string

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    buildWebOnce()
    app = await startTestApp(driver, { historyCandles: 20, app: { webDist: WEB_DIST } })
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    token = (await registerAndLogin(app)).token as string
  })
  afterAll(async () => {
    await app?.close()
  })

  it('without JavaScript, / shows the shell: header, list skeleton and the five tabs', async () => {
    const phone = await phoneWith({ javaScriptEnabled: false })
    try {
      await phone.page.goto(`${app.base}/`)
      const shell = await shellTexts(phone.page)
      expect(shell).toEqual({ title: '行情', tabs: ['行情', '交易', '訂單', '排行', '我的'], current: '/' })
      expect(await phone.page.locator('#boot-shell .boot-row').count()).toBeGreaterThan(5)
      expect(await phone.page.locator('html').getAttribute('lang')).toBe('zh-Hant-HK')
      await phone.page.screenshot({ path: join(SCREENS, 'shell-nojs-hk.png') })
    } finally {
      await phone.close()
    }
  })

  it("on a first visit, the shell is in the phone's language before the app runs; a visitor's Orders is the sign-in screen", async () => {
    const jp = JSON.parse(readFileSync(join(ROOT, 'apps/web/src/common/i18n/locales/jp.json'), 'utf8'))
    const ar = JSON.parse(readFileSync(join(ROOT, 'apps/web/src/common/i18n/locales/ar.json'), 'utf8'))
    for (const [locale, lang, messages] of [
      ['ja-JP', 'ja', jp],
      ['ar-EG', 'ar', ar],
    ] as const) {
      const phone = await phoneWith({ javaScriptEnabled: true, locale })
      try {
        // The app's own code never arrives: what shows is the page and its shell's script.
        await phone.page.route('**/assets/**', (route) => route.abort())
        await phone.page.goto(`${app.base}/`)
        expect(await phone.page.locator('html').getAttribute('lang')).toBe(lang)
        expect(await shellTexts(phone.page)).toEqual({
          title: messages.pages.market,
          tabs: [
            messages.tabs.market,
            messages.tabs.trade,
            messages.tabs.orders,
            messages.tabs.rank,
            messages.tabs.mine,
          ],
          current: '/',
        })
        await phone.page.goto(`${app.base}/order`)
        const heading = phone.page.locator('#boot-shell .boot-auth-title')
        expect(await heading.innerText()).toBe(messages.auth.welcome)
        expect(await phone.page.locator('#boot-shell .boot-auth-subtitle').innerText()).toBe(
          messages.auth.loginSubtitle,
        )
        expect(await phone.page.locator('#boot-shell .boot-auth-name').innerText()).toBe('Meridian Markets')
        expect(await phone.page.locator('#boot-shell .boot-tab-bar').isVisible()).toBe(false)
        await phone.page.screenshot({ path: join(SCREENS, `shell-first-visit-${lang}-order.png`) })
        // The app, once it runs, draws the heading where the shell drew it: nothing moves.
        const shellBox = await heading.boundingBox()
        await phone.page.unroute('**/assets/**')
        await phone.page.goto(`${app.base}/order`)
        const appHeading = phone.page.locator('#root .auth-title')
        expect(await appHeading.innerText()).toBe(messages.auth.welcome)
        expect(await appHeading.boundingBox()).toEqual(shellBox)
        expect(new URL(phone.page.url()).pathname).toBe('/login')
      } finally {
        await phone.close()
      }
    }
  })

  it('before the app runs, the shell is in the language of the last visit, right to left in Arabic, with the route tab', async () => {
    const phone = await phoneWith({ javaScriptEnabled: true })
    try {
      await phone.page.goto(`${app.base}/`)
      for (const [lang, path, expected] of [
        ['en', '/trade', { title: 'Trade', current: '/trade', dir: 'ltr', htmlLang: 'en' }],
        ['ar', '/', { title: 'السوق', current: '/', dir: 'rtl', htmlLang: 'ar' }],
        ['hk', '/order', { title: '訂單', current: '/order', dir: 'ltr', htmlLang: 'zh-Hant-HK' }],
      ] as const) {
        // A visit in that language: the app remembers the shell's texts for the next one.
        await phone.page.unroute('**/assets/**')
        await phone.page.evaluate((code) => localStorage.setItem('lang', code), lang)
        await phone.page.goto(`${app.base}/`)
        await phone.page.waitForFunction(
          (code) => JSON.parse(localStorage.getItem('shell_texts') ?? '{}').c === code,
          lang,
        )
        // The next visit: the shell's script runs; the app's own code never arrives. /order is a
        // signed-in tab: a visitor would get the sign-in screen's header (app/layout/boot-shell.ts).
        await phone.page.route('**/assets/**', (route) => route.abort())
        if (path === '/order') await phone.page.evaluate(() => localStorage.setItem('token', 'signed-in'))
        await phone.page.goto(`${app.base}${path}`)
        const shell = await shellTexts(phone.page)
        if (path === '/order') await phone.page.evaluate(() => localStorage.removeItem('token'))
        expect(shell.title).toBe(expected.title)
        expect(shell.current).toBe(expected.current)
        expect(shell.tabs).toHaveLength(5)
        expect(await phone.page.locator('html').getAttribute('dir')).toBe(expected.dir)
        expect(await phone.page.locator('html').getAttribute('lang')).toBe(expected.htmlLang)
        await phone.page.screenshot({ path: join(SCREENS, `shell-${lang}${path.replace('/', '-')}.png`) })
      }
      // A screen without tabs: the header alone.
      await phone.page.goto(`${app.base}/login`)
      expect(await phone.page.locator('#boot-shell .boot-tab-bar').isVisible()).toBe(false)
      // The theme contract: data-theme from storage before the app runs.
      await phone.page.evaluate(() => localStorage.setItem('theme', 'dark'))
      await phone.page.goto(`${app.base}/`)
      expect(await phone.page.locator('html').getAttribute('data-theme')).toBe('dark')
      expect(await phone.page.locator('html').getAttribute('data-prefers-color-scheme')).toBe('dark')
      await phone.page.screenshot({ path: join(SCREENS, 'shell-dark-hk.png') })
    } finally {
      await phone.close()
    }
  })

  it("before the app runs, / and /trade show the server's live prices, in the language of the last visit", async () => {
    const phone = await openPhonePage()
    const { page } = phone
    try {
      type Item = {
        Id: number
        Code: string
        ShowCode: string
        NameShowTrans: string
        LastPrice: number
        Ask: number
        PricePrecision: number
      }
      const list = async (lang: string) =>
        (await app.get('/v1/api/forex/trade_list', { headers: { lang } })).body.data as Item[]
      const digits = (text: string) => text.replace(/[^\d.]/g, '')
      // Every instrument quoted now (the stored history's quotes are a minute old: not live).
      for (const item of await list('hk')) app.tick({ code: item.Code, bid: item.LastPrice, ask: item.Ask })
      // The app's own code never arrives: what shows is the page as the server wrote it.
      await page.route('**/assets/**', (route) => route.abort())
      await page.goto(`${app.base}/`)
      const hk = await list('hk')
      const rows = page.locator('#boot-shell .boot-quote-row')
      expect(await rows.count()).toBe(10)
      expect(await rows.locator('.boot-code').allInnerTexts()).toEqual(hk.slice(0, 10).map((i) => i.ShowCode))
      expect(await rows.first().locator('.boot-name').innerText()).toBe(hk[0]?.NameShowTrans)
      expect(digits(await rows.first().locator('.boot-last').innerText())).toBe(
        hk[0]?.LastPrice.toFixed(hk[0].PricePrecision),
      )
      await page.screenshot({ path: join(SCREENS, 'shell-prices-hk.png') })

      // English chosen: the page written before the server knew it is hidden, the next is in English.
      await page.evaluate(() => localStorage.setItem('lang', 'en'))
      await page.goto(`${app.base}/`)
      expect(await page.locator('#boot-shell .boot-content').isVisible()).toBe(false)
      await page.goto(`${app.base}/`)
      const en = await list('en')
      expect(await rows.first().locator('.boot-name').innerText()).toBe(en[0]?.NameShowTrans)

      // /trade: the instrument in the address.
      const btc = en.find((item) => item.Code === 'BTCUSD') as Item
      await page.goto(`${app.base}/trade?id=${btc.Id}`)
      expect(await page.locator('#boot-shell .boot-quote .boot-code').innerText()).toBe(btc.ShowCode)
      expect(digits(await page.locator('#boot-shell .boot-quote-last').innerText())).toBe(
        btc.LastPrice.toFixed(btc.PricePrecision),
      )
      await page.screenshot({ path: join(SCREENS, 'shell-prices-trade-en.png') })
      // Without one, the instrument the app would open: here the one shown last, so no other is shown.
      await page.evaluate((id) => localStorage.setItem('current_instrument', String(id)), btc.Id)
      await page.goto(`${app.base}/trade`)
      expect(await page.locator('#boot-shell .boot-content').isVisible()).toBe(btc.Id === en[0]?.Id)
    } finally {
      await phone.close()
    }
  })

  it('the app takes over from the shell without moving anything', async () => {
    const phone = await openPhonePage()
    try {
      await phone.page.goto(`${app.base}/`)
      await phone.page.getByTestId('market-row-BTCUSD').waitFor()
      expect(await phone.page.locator('#boot-shell').count()).toBe(0)
      const shift = await phone.page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value
            }).observe({ type: 'layout-shift', buffered: true })
            setTimeout(() => resolve(total), 300)
          }),
      )
      expect(shift).toBeLessThan(0.01)
      expect(phone.pageErrors).toEqual([])
    } finally {
      await phone.close()
    }
  })

  it('with the service worker, a reload offline still opens the app with the offline notice; the API is never served from it', async () => {
    const phone = await openPhonePage({ serviceWorkers: 'allow' })
    const { page } = phone
    try {
      await signInPhone(page, app.base, token)
      await page.evaluate(() => localStorage.setItem('lang', 'en'))
      await page.goto(`${app.base}/`)
      await page.getByTestId('market-row-BTCUSD').waitFor()
      // Registered after the first paint; active once the precache is in.
      await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), undefined, {
        timeout: 60_000,
      })
      expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true)
      await page.reload()
      await page.getByTestId('market-row-BTCUSD').waitFor()
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
      expect(await page.getByTestId('offline-notice').count()).toBe(0)

      // Nothing of the API is in the worker's caches.
      const cached = await page.evaluate(async () => {
        const urls: string[] = []
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname)
        return urls
      })
      expect(cached).toContain('/index.html')
      expect(cached.filter((path) => /^\/(api|v1|admin)\//.test(path))).toEqual([])
      expect(cached.filter((path) => /\.(br|gz)$/.test(path))).toEqual([])

      await phone.page.context().setOffline(true)
      await page.reload()
      await page.locator('.page-nav').first().waitFor()
      await page.getByTestId('offline-notice').waitFor()
      expect(await page.getByTestId('offline-status').getAttribute('role')).toBe('status')
      expect(await page.getByTestId('offline-notice').innerText()).toContain('orders cannot be sent')
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(SCREENS, 'shell-offline-en.png') })

      // The balance is the server's or an error, never an old copy.
      const balance = await page.evaluate(async (auth) => {
        try {
          const response = await fetch('/v1/api/main/wallet/getBalance', { headers: { authorization: auth } })
          return `answered ${response.status}`
        } catch {
          return 'failed'
        }
      }, token)
      expect(balance).toBe('failed')

      // A phone route the app has never opened comes from the worker too; /admin and the API do not.
      await page.goto(`${app.base}/mine/system`).catch(() => undefined)
      expect(await page.locator('#root, #boot-shell').count()).toBeGreaterThan(0)
      expect(await page.goto(`${app.base}/admin/`).catch(() => 'failed')).toBe('failed')

      await phone.page.context().setOffline(false)
      await page.goto(`${app.base}/`)
      await page.getByTestId('market-row-BTCUSD').waitFor()
      await expect.poll(() => page.getByTestId('offline-notice').count(), { timeout: 15_000 }).toBe(0)
    } finally {
      await phone.close()
    }
  })

  it('after the phone wakes with a dead socket, it reconnects at once and shows fresh prices', async () => {
    const phone = await openPhonePage()
    const { page } = phone
    try {
      // Keeps every socket the app opens, so the test can kill one silently (as a sleeping phone does).
      await page.addInitScript(() => {
        const sockets: WebSocket[] = []
        ;(window as unknown as { sockets: WebSocket[] }).sockets = sockets
        const Native = window.WebSocket
        window.WebSocket = class extends Native {
          constructor(url: string | URL, protocols?: string | string[]) {
            super(url, protocols)
            sockets.push(this)
          }
        }
      })
      await page.evaluate(() => localStorage.setItem('lang', 'en')).catch(() => undefined)
      await page.goto(`${app.base}/`)
      await page.evaluate(() => localStorage.setItem('lang', 'en'))
      const price = page.getByTestId('market-price-BTCUSD')
      await price.waitFor()
      // Each tick a second after the last, as a live feed sends them (the newer quote wins on screen).
      app.clock.advance(1_000)
      app.tick({ code: 'BTCUSD', bid: 65_100, ask: 65_130 })
      await expect.poll(() => price.innerText(), { timeout: 10_000 }).toContain('65,100')

      // The socket dies without a close event reaching the app, and its timers stood still.
      await page.evaluate(() => {
        const socket = (window as unknown as { sockets: WebSocket[] }).sockets.at(-1)!
        socket.onclose = null
        socket.onmessage = null
        socket.close()
      })
      // A price moves while the phone sleeps: the dead socket never hears of it.
      app.clock.advance(1_000)
      app.tick({ code: 'BTCUSD', bid: 65_400, ask: 65_430 })
      await page.waitForTimeout(5_500)
      expect(await price.innerText()).toContain('65,100')
      const before = await page.evaluate(() => (window as unknown as { sockets: WebSocket[] }).sockets.length)

      // Wake: the page is shown again.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { sockets: WebSocket[] }).sockets.length), {
          timeout: 2_000,
        })
        .toBe(before + 1)
      // The list is fetched again (the price of the sleep), then live ticks arrive on the new socket.
      await expect.poll(() => price.innerText(), { timeout: 10_000 }).toContain('65,400')
      app.clock.advance(1_000)
      app.tick({ code: 'BTCUSD', bid: 65_700, ask: 65_730 })
      await expect.poll(() => price.innerText(), { timeout: 10_000 }).toContain('65,700')
      expect(phone.pageErrors).toEqual([])
    } finally {
      await phone.close()
    }
  })
})
