/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import {
  BROWSER_DRIVERS,
  ROOT,
  WEB_DIST,
  browserAvailable,
  buildWebOnce,
  openPhonePage,
  openScreen,
  signInPhone,
} from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens')

/** The dark theme chosen in /mine/system survives a reload; "system" follows the phone's setting live. */
describe.skipIf(!browserAvailable())('the theme in the phone browser', () => {
  let app: TestApp
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    buildWebOnce()
    app = await startTestApp(BROWSER_DRIVERS[0], { historyCandles: 5, app: { webDist: WEB_DIST } })
    const user = await registerAndLogin(app)
    phone = await openPhonePage()
    page = phone.page
    await page.emulateMedia({ colorScheme: 'light' })
    await signInPhone(page, app.base, user.token)
  })
  afterAll(async () => {
    await phone?.close()
    await app?.close()
  })

  const theme = () => page.evaluate(() => document.documentElement.dataset.theme)
  const antdScheme = () => page.evaluate(() => document.documentElement.dataset.prefersColorScheme)
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const barColour = () =>
    page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'))

  it('switches to dark at once in /mine/system and keeps it after a reload', async () => {
    await openScreen(page, `${app.base}/mine/system`, 'en')
    expect(await theme()).toBe('light')
    expect(await page.getByTestId('theme-system').isChecked()).toBe(true)
    expect(await page.getByRole('radio', { name: 'Dark' }).count()).toBe(1)

    await page.getByTestId('theme-dark').check()
    expect(await theme()).toBe('dark')
    expect(await antdScheme()).toBe('dark')
    expect(await background()).toBe('rgb(14, 17, 22)')
    expect(await barColour()).toBe('#0e1116')
    await page.screenshot({ path: join(SHOTS, 'theme-system-dark.png') })

    await page.reload()
    await page.getByTestId('theme-setting').waitFor()
    expect(await theme()).toBe('dark')
    expect(await page.getByTestId('theme-dark').isChecked()).toBe(true)
    expect(await background()).toBe('rgb(14, 17, 22)')
  })

  it('follows the phone while on "system", on every screen', async () => {
    await page.getByTestId('theme-system').check()
    expect(await theme()).toBe('light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(theme).toBe('dark')
    expect(await background()).toBe('rgb(14, 17, 22)')

    await openScreen(page, `${app.base}/user`, 'en')
    expect(await theme()).toBe('dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(theme).toBe('light')
    expect(await background()).toBe('rgb(243, 245, 249)')
    expect(await antdScheme()).not.toBe('dark')
  })

  it('reaches the choice with the keyboard: a named radio group with a visible focus ring', async () => {
    await openScreen(page, `${app.base}/mine/system`, 'en')
    await page.getByTestId('theme-light').focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.getByTestId('theme-dark').isChecked()).toBe(true)
    expect(await theme()).toBe('dark')
    const ring = await page.evaluate(() => {
      const label = document.activeElement?.closest('label')
      return label ? getComputedStyle(label).outlineStyle : 'none'
    })
    expect(ring).toBe('solid')
    await page.getByTestId('theme-system').check()
  })

  it('names the bottom tabs and the menu rows for screen readers, and a keyboard presses them', async () => {
    await openScreen(page, `${app.base}/user`, 'en')
    const mine = page.getByRole('link', { name: 'Mine' })
    expect(await mine.getAttribute('aria-current')).toBe('page')
    expect(await page.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBeNull()
    const settings = page.getByRole('button', { name: 'Settings' })
    await settings.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/mine/system')
  })
})
