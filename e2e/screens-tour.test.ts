/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import { SCREENS } from '../apps/web/src/app/screens.ts'
import {
  BROWSER_DRIVERS,
  PHONE,
  ROOT,
  WEB_DIST,
  browserAvailable,
  buildWebOnce,
  openPhonePage,
} from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens/tour')

/**
 * The languages and themes toured. CI: Hong Kong Chinese (the default) in light and dark.
 * `SCREENS_ALL=1`: also English, Arabic (right to left) and Japanese, for looking at every screen.
 */
const LANGUAGES = process.env.SCREENS_ALL ? ['hk', 'en', 'ar', 'jp'] : ['hk']
const THEMES = ['light', 'dark'] as const
const TOURS = LANGUAGES.flatMap((lang) => THEMES.map((theme) => ({ lang, theme })))

/** The page background of each theme (app/styles.css --background). */
const BACKGROUND = { light: 'rgb(243, 245, 249)', dark: 'rgb(14, 17, 22)' }

/**
 * Every route of the shell, signed in with a demo account, in each toured language and theme: it
 * renders, fits the phone, never errors, and wears the theme asked for. Screenshots go to
 * .tmp/screens/tour/<lang>-<theme>/<route>.png.
 */
describe.skipIf(!browserAvailable())('every screen at a phone viewport', () => {
  let app: TestApp
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page
  let pageErrors: string[] = []

  beforeAll(async () => {
    buildWebOnce()
    app = await startTestApp(BROWSER_DRIVERS[0], { historyCandles: 200, app: { webDist: WEB_DIST } })
    phone = await openPhonePage()
    page = phone.page
    pageErrors = phone.pageErrors
  })
  afterAll(async () => {
    await phone?.close()
    await app?.close()
  })

  it('signs in with a demo account from the login screen', async () => {
    await page.goto(`${app.base}/login`)
    await page.getByTestId('login-demo').click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto(`${app.base}/user`)
    await expect.poll(() => page.getByTestId('user-label').textContent()).toBeTruthy()
  })

  describe.each(TOURS)('in $lang, $theme', ({ lang, theme }) => {
    const folder = join(SHOTS, `${lang}-${theme}`)

    beforeAll(async () => {
      mkdirSync(folder, { recursive: true })
      // The stored choices, as the language screen and /mine/system keep them.
      await page.evaluate(
        ({ code, chosen }) => {
          localStorage.setItem('lang', code)
          localStorage.setItem('theme', chosen)
        },
        { code: lang, chosen: theme },
      )
    })

    it.each(SCREENS.map((screen) => [screen.path]))(
      '%s renders within 390 px without an error',
      async (path) => {
        await page.goto(`${app.base}${path}`)
        await page.waitForLoadState('networkidle')
        await page
          .locator('.adm-toast-main')
          .waitFor({ state: 'detached', timeout: 3000 })
          .catch(() => undefined)
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')
        await page.screenshot({ path: join(folder, `${name}.png`) })

        expect(new URL(page.url()).pathname).toBe(path)
        expect(await page.locator('[role="alert"]').count()).toBe(0)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        )
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme)
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
          BACKGROUND[theme],
        )
        expect(pageErrors).toEqual([])
      },
    )
  })
})
