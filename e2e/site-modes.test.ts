/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import { companies } from '../apps/server/src/db/schema.ts'
import { setSetting } from '../apps/server/src/settings/settings.ts'
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  PHONE,
  ROOT,
  WEB_DIST,
  browserAvailable,
  buildWebOnce,
  BROWSER_DRIVERS,
} from './platform.ts'

/*
 * The site modes of issue 10 in a real browser: main mode's partner companies and the company_id
 * cookie, a closed site, desktop browsers (centred phone layout, or the pc_url site), the DEMO
 * title, and the installable manifest. Settings change in-process, so the app runs in this process.
 */

const SCREENS = join(ROOT, '.tmp/screens')
const THREE_YEARS_S = 3 * 365 * 24 * 3600
const CHROMIUM_MAX_COOKIE_S = 400 * 24 * 3600
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('site modes in the browser on %s', (driver) => {
  let app: TestApp
  let browser: Browser

  async function phonePage(): Promise<Page> {
    const context = await browser.newContext({
      viewport: PHONE,
      locale: 'zh-HK',
      userAgent: PHONE_UA,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    })
    const page = await context.newPage()
    page.on('pageerror', (error) => {
      throw error
    })
    return page
  }

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    buildWebOnce()
    app = await startTestApp(driver, { historyCandles: 20, app: { webDist: WEB_DIST } })
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
  })

  it('in main mode, searches partner companies and remembers the chosen one for three years', async () => {
    await setSetting(app.db, 'site_type', '0')
    await app.db.insert(companies).values([
      {
        name: 'Harbour Securities',
        subject: 'Securities brokerage',
        url: 'https://harbour.example',
        registeredAddress: '8 Finance Street, Central',
        location: 'Hong Kong',
        email: 'service@harbour.example',
      },
      { name: 'Aurora Capital', subject: 'Asset management', url: 'javascript:alert(1)' },
    ])
    const page = await phonePage()
    await page.goto(`${app.base}/product`)
    await expect.poll(() => page.getByTestId('company-row').count()).toBe(2)
    expect(await page.getByTestId('market-row').count()).toBe(0)
    await page.getByTestId('product-search-input').fill('harb')
    await expect.poll(() => page.getByTestId('company-row').count()).toBe(1)
    await page.getByTestId('company-row').click()
    const sheet = page.getByTestId('company-sheet')
    await sheet.waitFor()
    for (const text of ['Securities brokerage', 'harbour.example', '8 Finance Street, Central', 'Hong Kong'])
      expect(await sheet.textContent()).toContain(text)
    await page.screenshot({ path: join(SCREENS, 'site-main-mode-company.png') })
    await page.getByTestId('company-choose').click()
    const cookie = (await page.context().cookies()).find((c) => c.name === 'company_id')
    expect(cookie?.value).toMatch(/^\d+$/)
    // Asked for three years (company-cookie.test.ts checks the line); Chromium keeps no cookie
    // longer than 400 days, so that is what a browser can keep.
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000
    expect(lifetime).toBeGreaterThan(CHROMIUM_MAX_COOKIE_S - 120)
    expect(lifetime).toBeLessThanOrEqual(THREE_YEARS_S)
    await page.context().close()
    await setSetting(app.db, 'site_type', '1')
  })

  it("keeps a partner link's company_id", async () => {
    const page = await phonePage()
    await page.goto(`${app.base}/?company_id=7`)
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'company_id')?.value)
      .toBe('7')
    await page.goto(`${app.base}/?company_id=7;%20path=/x`)
    await page.waitForLoadState('networkidle')
    expect((await page.context().cookies()).find((c) => c.name === 'company_id')?.value).toBe('7')
    await page.context().close()
  })

  it('sends every page of a closed site to its loss_url', async () => {
    const lossUrl = `${app.base}/api/site-closed-notice`
    await setSetting(app.db, 'loss_url', lossUrl)
    await setSetting(app.db, 'site_status', '0')
    const page = await phonePage()
    for (const path of ['/', '/news', '/register?invite_code=AB12CD']) {
      await page.goto(`${app.base}${path}`)
      await page.waitForURL(lossUrl)
    }
    await page.context().close()
    await setSetting(app.db, 'site_status', '1')
  })

  it('shows desktop browsers the phone layout centred, or sends them to pc_url', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      userAgent: DESKTOP_UA,
    })
    const page = await context.newPage()
    await page.goto(`${app.base}/`)
    await page.locator('.app-shell').waitFor()
    const shell = await page.locator('.app-shell').boundingBox()
    expect(shell?.width).toBeLessThanOrEqual(480)
    expect(Math.abs((shell?.x ?? 0) - (1280 - (shell?.width ?? 0)) / 2)).toBeLessThan(2)
    await page.screenshot({ path: join(SCREENS, 'site-desktop-centred.png') })
    // The page checks the site's modes once it has loaded and is idle: that check is done (no
    // pc_url yet) before the setting changes, or this page would follow it too.
    await page.waitForLoadState('networkidle')

    // Another origin for the same server: localhost instead of 127.0.0.1.
    const pcUrl = app.base.replace('127.0.0.1', 'localhost') + '/pc'
    await setSetting(app.db, 'pc_url', pcUrl)
    await page.goto(`${app.base}/register?invite_code=AB12CD`)
    await page.waitForURL(`${pcUrl}/register?invite_code=AB12CD`)
    await context.close()

    // A phone is never sent away.
    const phone = await phonePage()
    await phone.goto(`${app.base}/`)
    await phone.waitForLoadState('networkidle')
    expect(new URL(phone.url()).host).toBe(new URL(app.base).host)
    await phone.context().close()
    await setSetting(app.db, 'pc_url', '')
  })

  it('marks a DEMO site in its title and announcement, and is installable', async () => {
    await setSetting(app.db, 'site_title', 'DEMO')
    const { token } = await registerAndLogin(app)
    const page = await phonePage()
    await page.goto(`${app.base}/`)
    await page.evaluate((t) => localStorage.setItem('token', t), token)
    await page.goto(`${app.base}/mine/announcement`)
    const marker = page.locator('.announcement-demo')
    await marker.waitFor()
    expect(await marker.evaluate((el) => getComputedStyle(el).color)).toMatch(
      /rgb\((2[0-9]{2}|1[5-9][0-9]), \d{1,2}, \d{1,2}\)/,
    )
    await expect.poll(() => page.title()).toContain('DEMO')
    await page.screenshot({ path: join(SCREENS, 'site-demo-announcement.png') })

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
    const manifest = await page.evaluate(async (href) => (await fetch(href ?? '')).json(), manifestHref)
    expect(manifest).toMatchObject({ name: 'DEMO', display: 'standalone', start_url: '/' })
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const status = await page.evaluate(async (src) => (await fetch(src)).status, icon.src)
      expect(status, icon.src).toBe(200)
    }
    await page.context().close()
    await setSetting(app.db, 'site_title', 'Meridian Markets')
  })
})
