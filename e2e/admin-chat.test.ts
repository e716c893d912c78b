/// <reference lib="dom" />
import { join } from 'node:path'
import sharp from 'sharp'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  WEB_DIST,
  browserAvailable,
  buildWebOnce,
  openPhonePage,
  openScreen,
  signInPhone,
  BROWSER_DRIVERS,
} from './platform.ts'
import { ADMIN_DIST, DESKTOP, SCREENS, adminShot, buildAdminOnce, openBackOffice } from './admin-platform.ts'

/*
 * The support chat from both ends (issue 11, item 7): a user writes in the phone's chat page, the
 * message reaches the open back office without a reload (the live event stream), a support member
 * opens it (marked read), answers with text and an image of their own, and the phone shows both;
 * then the conversation is closed behind a confirmation.
 */

/** A screenshot-like image staff might send: big enough to look at, made here. */
function replyImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300">
    <rect width="480" height="300" fill="#f5f7fa"/>
    <rect x="24" y="24" width="432" height="48" rx="8" fill="#1677ff"/>
    <rect x="24" y="96" width="300" height="24" rx="4" fill="#d9d9d9"/>
    <rect x="24" y="136" width="360" height="24" rx="4" fill="#d9d9d9"/>
    <rect x="24" y="220" width="160" height="48" rx="8" fill="#52c41a"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)(
  'support chat in the back office on %s',
  (driver) => {
    let app: TestApp
    let browser: Browser
    let page: Page
    let phone: Awaited<ReturnType<typeof openPhonePage>>
    let user: Awaited<ReturnType<typeof registerAndLogin>>
    const pageErrors: string[] = []

    beforeAll(async () => {
      buildAdminOnce()
      buildWebOnce()
      app = await startTestApp(driver, {
        historyCandles: 5,
        app: { adminDist: ADMIN_DIST, webDist: WEB_DIST },
      })
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
      page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })).newPage()
      page.on('pageerror', (error) => pageErrors.push(error.message))
      user = await registerAndLogin(app)
      phone = await openPhonePage()
      await signInPhone(phone.page, app.base, user.token)
    }, 180_000)
    afterAll(async () => {
      await phone?.close()
      await browser?.close()
      await app?.close()
    })

    const frame = () => phone.page.frameLocator('[data-testid="chat-frame"]')
    const row = () => page.getByTestId('chat-conversation').filter({ hasText: user.user.uid as string })

    it('a user’s message arrives live; support answers with text and an image; the phone shows both', async () => {
      await openBackOffice(app, page, 'support', 'Mia Chan')
      await page.getByTestId('nav-chat').click()
      await page.getByTestId('chat-page').waitFor()
      await page.getByTestId('chat-conversations').getByText('No conversations here').waitFor()

      await openScreen(phone.page, `${app.base}/mine/chat`)
      await frame().getByTestId('chat-input').fill('Hello, my withdrawal is still pending')
      await frame().getByTestId('chat-send').click()

      // No reload: the event stream tells the open page (its own refresh is every 30 s).
      await expect.poll(() => row().count(), { timeout: 8000 }).toBe(1)
      expect(await row().getByTestId('chat-conversation-preview').innerText()).toBe(
        'Hello, my withdrawal is still pending',
      )
      expect(await row().getByTestId('chat-conversation-unread').innerText()).toBe('1')

      await adminShot(page, 'chat-unread')
      await row().click()
      const userBubble = page.getByTestId('chat-message-user').last()
      await expect.poll(() => userBubble.innerText()).toContain('Hello, my withdrawal is still pending')
      // Opened is read: the badge goes, on the server too.
      await expect.poll(() => row().getByTestId('chat-conversation-unread').count()).toBe(0)

      await page.getByTestId('chat-file').setInputFiles({
        name: 'settings.png',
        mimeType: 'image/png',
        buffer: await replyImage(),
      })
      await expect.poll(() => page.getByTestId('chat-attachment').getAttribute('data-ready')).toBe('true')
      const input = page.getByTestId('chat-input')
      await input.fill('It is approved now.')
      await input.press('Shift+Enter')
      await input.pressSequentially('Please see the screen below.')
      await adminShot(page, 'chat-attachment')
      await input.press('Enter')

      const staffBubble = page.getByTestId('chat-message-staff').last()
      await expect
        .poll(() => staffBubble.innerText())
        .toContain('It is approved now.\nPlease see the screen below.')
      expect(await staffBubble.innerText()).toContain('Mia Chan')
      const staffImage = staffBubble.getByTestId('chat-message-image').locator('img')
      await expect
        .poll(() => staffImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(480)
      expect(await input.inputValue()).toBe('')
      expect(await page.getByTestId('chat-attachment').count()).toBe(0)
      await adminShot(page, 'chat')

      // The phone, live over its socket: both the text and the image.
      const reply = frame().getByTestId('chat-message-staff').last()
      await expect.poll(() => reply.innerText()).toContain('Please see the screen below.')
      expect(await reply.innerText()).toContain('Mia Chan')
      const phoneImage = reply.locator('img.cp-image')
      await expect
        .poll(() => phoneImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(480)
      await phone.page.waitForTimeout(300)
      await phone.page.screenshot({ path: join(SCREENS, 'admin-chat-phone-reply.png') })

      // A click shows the image large.
      await staffImage.click()
      await page.locator('.ant-image-preview').waitFor()
      await adminShot(page, 'chat-image-zoom')
      await page.keyboard.press('Escape')
      await page.locator('.ant-image-preview').waitFor({ state: 'hidden' })
    })

    it('closes the conversation behind a confirmation; the filters follow', async () => {
      const filter = (label: string) =>
        page.getByTestId('chat-filter').getByText(label, { exact: true }).click()
      await filter('Open')
      await expect.poll(() => row().count()).toBe(1)
      await page.getByTestId('chat-close').click()
      await page.getByTestId('chat-close-ok').waitFor()
      await adminShot(page, 'chat-close-confirm')
      await page.getByTestId('chat-close-ok').click()
      await expect.poll(() => page.getByTestId('chat-view-status').innerText()).toBe('Closed')
      await page.getByTestId('chat-closed-notice').waitFor()
      expect(await page.getByTestId('chat-close').isDisabled()).toBe(true)
      // Gone from the open ones, listed with the closed ones; the conversation stays on screen.
      await expect.poll(() => row().count()).toBe(0)
      await filter('Closed')
      await expect.poll(() => row().getByTestId('chat-conversation-closed').count()).toBe(1)
      await page.getByTestId('chat-message-staff').last().waitFor()

      // Traditional Chinese, once.
      await page.evaluate(() => localStorage.setItem('admin-lang', 'hk'))
      await page.reload()
      await page.getByTestId('chat-message-staff').last().waitFor()
      await adminShot(page, 'chat-hk')
      await page.evaluate(() => localStorage.setItem('admin-lang', 'en'))
    })

    it('raised no page errors', () => {
      expect(pageErrors).toEqual([])
      expect(phone.pageErrors).toEqual([])
    })
  },
)
