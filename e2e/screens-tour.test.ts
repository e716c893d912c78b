/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SCREENS } from '../apps/web/src/app/screens.ts'
import { PHONE, ROOT, browserAvailable, openPhonePage, startPlatform } from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens/tour')

/** Every route of the shell, signed in with a demo account: it renders, fits the phone, never errors. */
describe.skipIf(!browserAvailable())('every screen at a phone viewport', () => {
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

  it('signs in with a demo account from the login screen', async () => {
    await page.goto(`${platform.base}/login`)
    await page.getByTestId('login-demo').click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto(`${platform.base}/user`)
    await expect.poll(() => page.getByTestId('user-label').textContent()).toBeTruthy()
  })

  it.each(SCREENS.map((screen) => [screen.path]))(
    '%s renders within 390 px without an error',
    async (path) => {
      await page.goto(`${platform.base}${path}`)
      await page.waitForLoadState('networkidle')
      await page
        .locator('.adm-toast-main')
        .waitFor({ state: 'detached', timeout: 3000 })
        .catch(() => undefined)
      const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')
      await page.screenshot({ path: join(SHOTS, `${name}.png`) })

      expect(new URL(page.url()).pathname).toBe(path)
      expect(await page.locator('[role="alert"]').count()).toBe(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      expect(pageErrors).toEqual([])
    },
  )
})
