/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshEmail, lastCode, PASSWORD, registerAndLogin } from '../apps/server/test/accounts.ts'
import type { TestApp } from '../apps/server/test/harness.ts'
import {
  browserAvailable,
  openPhonePage,
  signInPhone,
  BROWSER_DRIVERS,
  type AppWithPhone,
  startAppWithPhone,
} from './platform.ts'

/*
 * Invitations in the phone browser (issue 10): the invite screen shows the code, a QR code of the
 * link and the links, and a friend who opens a link in a fresh browser registers with the code
 * filled in, after which the inviter's count is 1. Both link forms (with and without `#`) prefill it.
 */

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)(
  'invitations in the phone browser on %s',
  (driver) => {
    let app: TestApp
    let appAndPhone: AppWithPhone
    let page: Page
    let inviter: Awaited<ReturnType<typeof registerAndLogin>>

    beforeAll(async () => {
      appAndPhone = await startAppWithPhone(driver, { historyCandles: 20 })
      app = appAndPhone.app
      page = appAndPhone.page
      inviter = await registerAndLogin(app)
      await signInPhone(page, app.base, inviter.token)
    })
    afterAll(async () => {
      await appAndPhone?.close()
    })

    const open = (path: string, lang = 'en') => appAndPhone.open(path, lang)

    /** A screenshot once toasts and spinners have gone. */
    const shot = (name: string) => appAndPhone.shot(name)

    it('shows the code, the QR code of the link and both links', async () => {
      const code = inviter.user.invite_code as string
      for (const lang of ['hk', 'en', 'ar']) {
        await open('/mine/invite', lang)
        await page.getByTestId('invite-qr').waitFor()
        await shot(`invite-${lang}`)
      }
      await open('/mine/invite')
      const qr = page.getByTestId('invite-qr')
      expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg')
      expect(await qr.getAttribute('width')).toBe('160')
      expect(await qr.getAttribute('height')).toBe('160')
      expect(await page.getByTestId('invite-code').innerText()).toBe(code)
      expect(await page.getByTestId('invite-link').innerText()).toBe(
        `${app.base}/#/register?invite_code=${code}`,
      )
      expect(await page.getByTestId('invite-plain-link').innerText()).toBe(
        `${app.base}/register?invite_code=${code}`,
      )
      expect(await page.getByTestId('invite-count').innerText()).toBe('0')
      await page.getByTestId('invite-link-copy').click()
      await expect.poll(() => page.locator('.adm-toast-main').innerText()).toBe('Copied')
    })

    it('prefills the code from both links, and a friend who registers counts', async () => {
      const code = inviter.user.invite_code as string
      const link = await page.getByTestId('invite-link').innerText()
      const friend = await openPhonePage()
      try {
        const other = friend.page
        // The link without `#` prefills the code too.
        await other.goto(`${app.base}/register?invite_code=${code}`)
        await expect.poll(() => other.getByTestId('register-invite').inputValue()).toBe(code)
        // The shared link, as the QR code holds it.
        await other.goto(link)
        await other.waitForURL((url) => url.pathname === '/register')
        await expect.poll(() => other.getByTestId('register-invite').inputValue()).toBe(code)
        const email = freshEmail()
        await other.getByTestId('register-email').fill(email)
        await other.getByTestId('register-send-code').click()
        await expect.poll(() => other.getByTestId('register-send-code').isDisabled()).toBe(true)
        await other.getByTestId('register-code').fill(await lastCode(app, email))
        await other.getByTestId('register-password').fill(PASSWORD)
        await other.getByTestId('register-repassword').fill(PASSWORD)
        // The legal documents accepted (decision 045).
        await other.getByTestId('register-accept').check()
        await other.getByTestId('register-submit').click()
        await other.waitForURL((url) => url.pathname !== '/register')
      } finally {
        await friend.close()
      }
      await open('/mine/invite')
      await expect.poll(() => page.getByTestId('invite-count').innerText()).toBe('1')
      await shot('invite-joined-en')
    })
  },
)
