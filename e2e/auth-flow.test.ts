/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ROOT, browserAvailable, openPhonePage, startMailCatcher, startPlatform } from './platform.ts'

const SCREENS = join(ROOT, '.tmp/screens')
const PASSWORD = 'Passw0rd!'

describe.skipIf(!browserAvailable())('sign-up and sign-in in the phone browser', () => {
  let mail: Awaited<ReturnType<typeof startMailCatcher>>
  let platform: Awaited<ReturnType<typeof startPlatform>>
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    mail = await startMailCatcher()
    platform = await startPlatform({ SMTP_URL: mail.url })
    phone = await openPhonePage()
    page = phone.page
  })
  afterAll(async () => {
    await phone?.close()
    await platform?.stop()
    await mail?.close()
  })

  const shot = (name: string) => page.screenshot({ path: join(SCREENS, `${name}.png`) })

  it('sends a visitor from /order to sign-in, registers with an e-mailed code and returns to /order', async () => {
    await page.goto(`${platform.base}/order`)
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/order')
    await shot('login')

    await page.getByTestId('login-to-register').click()
    await page.waitForURL((url) => url.pathname === '/register')
    const email = `e2e${Date.now()}@example.com`
    await page.getByTestId('register-email').fill(email)
    await page.getByTestId('register-send-code').click()
    await expect.poll(() => page.getByTestId('register-send-code').isDisabled()).toBe(true)
    await page.getByTestId('register-code').fill(await mail.codeFor(email))
    await page.getByTestId('register-password').fill(PASSWORD)
    await page.getByTestId('register-repassword').fill(PASSWORD)
    await shot('register')
    await page.getByTestId('register-submit').click()

    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/order')
    await page.getByTestId('login-account').fill(email)
    await page.getByTestId('login-password').fill(PASSWORD)
    await page.getByTestId('login-submit').click()
    await page.waitForURL((url) => url.pathname === '/order')
    await shot('order-after-login')
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
