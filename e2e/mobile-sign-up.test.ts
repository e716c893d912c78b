/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ROOT, browserAvailable, openPhonePage, startPlatform, startSmsCatcher } from './platform.ts'

const SCREENS = join(ROOT, '.tmp/screens')
const PASSWORD = 'Passw0rd!'

/** The text of the toasts on screen now (a "loading" one shows while the request is out). */
const toastText = async (page: Page): Promise<string> =>
  (await page.locator('.adm-toast-main').allInnerTexts()).join()

describe.skipIf(!browserAvailable())('mobile sign-up with an SMS provider, on a Japanese phone', () => {
  let sms: Awaited<ReturnType<typeof startSmsCatcher>>
  let platform: Awaited<ReturnType<typeof startPlatform>>
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    sms = await startSmsCatcher()
    platform = await startPlatform({ SMS_URL: sms.url })
    phone = await openPhonePage({ locale: 'ja-JP' })
    page = phone.page
  })
  afterAll(async () => {
    await phone?.close()
    await platform?.stop()
    await sms?.close()
  })

  it('starts at +81, refuses a landline with a Japanese message, and registers a mobile by its texted code', async () => {
    await page.goto(`${platform.base}/register`)
    await page.locator('.mode-switch .segmented-choice-option').nth(1).click()
    await expect.poll(() => page.getByTestId('register-area').innerText()).toBe('+81')
    // A Tokyo landline cannot take a text: refused before any message leaves.
    await page.getByTestId('register-mobile').fill('312345678')
    await page.getByTestId('register-send-code').click()
    await expect
      .poll(() => toastText(page))
      .toContain('選択した国または地域で有効な携帯電話番号を入力してください')
    expect(sms.messages).toEqual([])
    await page.screenshot({ path: join(SCREENS, 'register-mobile-refused-jp.png') })

    await expect.poll(() => page.locator('.adm-toast-main').count(), { timeout: 5000 }).toBe(0)
    await page.getByTestId('register-mobile').fill('90-1234-5678')
    await page.getByTestId('register-send-code').click()
    await page.getByTestId('register-code').fill(await sms.codeFor('+819012345678'))
    await page.getByTestId('register-password').fill(PASSWORD)
    await page.getByTestId('register-repassword').fill(PASSWORD)
    await page.screenshot({ path: join(SCREENS, 'register-mobile-jp.png') })
    // The legal documents accepted (decision 045).
    await page.getByTestId('register-accept').check()
    await page.getByTestId('register-submit').click()
    await page.waitForURL((url) => url.pathname !== '/register')

    const response = await fetch(`${platform.base}/api/user/loginForU`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: '9012345678', password: PASSWORD, login_type: 'mobile' }),
    })
    expect(((await response.json()) as { code: number }).code).toBe(1)
  })

  it('starts a Hong Kong phone at +852', async () => {
    const hongKong = await openPhonePage({ locale: 'zh-HK' })
    try {
      await hongKong.page.goto(`${platform.base}/register`)
      await hongKong.page.locator('.mode-switch .segmented-choice-option').nth(1).click()
      await expect.poll(() => hongKong.page.getByTestId('register-area').innerText()).toBe('+852')
    } finally {
      await hongKong.close()
    }
  })
})

describe.skipIf(!browserAvailable())('an install without an SMS provider', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>
  let phone: Awaited<ReturnType<typeof openPhonePage>>

  beforeAll(async () => {
    platform = await startPlatform({})
    phone = await openPhonePage()
  })
  afterAll(async () => {
    await phone?.close()
    await platform?.stop()
  })

  it('offers sign-up and sign-in by e-mail only', async () => {
    const { page } = phone
    await page.goto(`${platform.base}/register`)
    await page.getByTestId('register-email').waitFor()
    expect(await page.locator('.mode-switch').count()).toBe(0)
    await page.goto(`${platform.base}/login`)
    await page.getByTestId('login-account').waitFor()
    expect(await page.locator('.mode-switch').count()).toBe(0)
    expect(await page.getByTestId('login-account').getAttribute('type')).toBe('email')
  })
})
