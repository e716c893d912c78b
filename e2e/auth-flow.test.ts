/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  ROOT,
  browserAvailable,
  openPhonePage,
  startMailCatcher,
  startPlatform,
  startSmsCatcher,
} from './platform.ts'

const SCREENS = join(ROOT, '.tmp/screens')
const PASSWORD = 'Passw0rd!'
const NEW_PASSWORD = 'N3wPassw0rd'
const email = `e2e${Date.now()}@example.com`

describe.skipIf(!browserAvailable())('sign-up and sign-in in the phone browser', () => {
  let mail: Awaited<ReturnType<typeof startMailCatcher>>
  let sms: Awaited<ReturnType<typeof startSmsCatcher>>
  let platform: Awaited<ReturnType<typeof startPlatform>>
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    mail = await startMailCatcher()
    // Mobile sign-in and sign-up are offered only with an SMS provider (apps/server/src/users/mobile-sign-up.ts).
    sms = await startSmsCatcher()
    platform = await startPlatform({ SMTP_URL: mail.url, SMS_URL: sms.url })
    phone = await openPhonePage()
    page = phone.page
  })
  afterAll(async () => {
    await phone?.close()
    await platform?.stop()
    await mail?.close()
    await sms?.close()
  })

  /** A screenshot once toasts (loading, success) and the tab switch's slide have settled. */
  async function shot(name: string) {
    await expect
      .poll(() => page.locator('.adm-toast-main').count(), { timeout: 5000 })
      .toBe(0)
      .catch(() => undefined)
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(SCREENS, `${name}.png`) })
  }

  it('clears the account field when the login tab switches between e-mail and mobile', async () => {
    await page.goto(`${platform.base}/login`)
    const field = page.getByTestId('login-account')
    const tabs = page.locator('.mode-switch .segmented-choice-option')
    await field.fill('someone@example.com')
    await tabs.nth(1).click()
    await expect.poll(() => field.getAttribute('type')).toBe('tel')
    expect(await field.inputValue()).toBe('')
    await field.fill('91234567')
    await shot('login-mobile')
    await tabs.nth(0).click()
    await expect.poll(() => field.getAttribute('type')).toBe('email')
    expect(await field.inputValue()).toBe('')
    await shot('login-email')
  })

  it('sends a visitor from /order to sign-in, registers with an e-mailed code and is signed in on /order', async () => {
    await page.goto(`${platform.base}/order`)
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/order')
    await shot('login')

    await page.getByTestId('login-to-register').click()
    await page.waitForURL((url) => url.pathname === '/register')
    await page.getByTestId('register-email').fill(email)
    await page.getByTestId('register-send-code').click()
    await expect.poll(() => page.getByTestId('register-send-code').isDisabled()).toBe(true)
    await page.getByTestId('register-code').fill(await mail.codeFor(email))
    await page.getByTestId('register-password').fill(PASSWORD)
    await page.getByTestId('register-repassword').fill(PASSWORD)
    await shot('register')
    // The legal documents accepted (decision 045).
    await page.getByTestId('register-accept').check()
    await page.getByTestId('register-submit').click()

    // Registered and signed in at once: no second trip through the login screen.
    await page.waitForURL((url) => url.pathname === '/order')
    await page.getByTestId('account-balance').waitFor()
    await shot('order-after-register')
  })

  it('logs out to the home screen, signed out', async () => {
    await page.goto(`${platform.base}/mine/system`)
    await page.getByTestId('logout-row').click()
    await page.getByTestId('logout-confirm').click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByTestId('market-row-BTCUSD').waitFor()
    await shot('home-after-logout')
    await page.goto(`${platform.base}/order`)
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/order')
  })

  it('signs in again and returns to where the visitor was going', async () => {
    await page.getByTestId('login-account').fill(email)
    await page.getByTestId('login-password').fill(PASSWORD)
    await page.getByTestId('login-submit').click()
    await page.waitForURL((url) => url.pathname === '/order')
  })

  it('changes the password with the current one and an e-mailed code; a forgotten one goes to the reset', async () => {
    await page.goto(`${platform.base}/mine/password`)
    await page.getByTestId('password-current').waitFor()
    expect(await page.getByTestId('password-to-forgot').getAttribute('href')).toBe('/forgot')
    await page.getByTestId('password-current').fill('Wrong0pass')
    await page.getByTestId('password-new').fill(NEW_PASSWORD)
    await page.getByTestId('password-repeat').fill(NEW_PASSWORD)
    const registrationCode = await mail.codeFor(email)
    await page.getByTestId('password-send-code').click()
    await expect.poll(() => page.getByTestId('password-send-code').isDisabled()).toBe(true)
    // The newest message once the reset code has arrived (the registration code came before it).
    let code = registrationCode
    await expect.poll(async () => (code = await mail.codeFor(email))).not.toBe(registrationCode)
    await page.getByTestId('password-code').fill(code)
    await shot('password-change')
    // A wrong current password is refused, with the server's message (in the page's language,
    // Traditional Chinese by default), and nothing changes.
    await page.getByTestId('password-submit').click()
    await expect
      .poll(async () => (await page.locator('.adm-toast-main').allInnerTexts()).join())
      .toContain('目前的密碼不正確')
    expect(new URL(page.url()).pathname).toBe('/mine/password')
    await page.getByTestId('password-current').fill(PASSWORD)
    await page.getByTestId('password-submit').click()
    await page.waitForURL((url) => url.pathname === '/user')
    const signIn = async (password: string) => {
      const response = await fetch(`${platform.base}/api/user/loginForU`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en' },
        body: JSON.stringify({ account: email, password, login_type: 'email' }),
      })
      return ((await response.json()) as { code: number }).code
    }
    expect(await signIn(NEW_PASSWORD)).toBe(1)
    expect(await signIn(PASSWORD)).toBe(0)
    // The link for a forgotten current password opens the reset.
    await page.goto(`${platform.base}/mine/password`)
    await page.getByTestId('password-to-forgot').click()
    await page.waitForURL((url) => url.pathname === '/forgot')
  })

  it('turns the page right-to-left in Arabic', async () => {
    await page.goto(`${platform.base}/language`)
    await page.getByTestId('lang-ar').click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar')
    await page.goto(`${platform.base}/login`)
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await shot('login-ar')
  })
})
