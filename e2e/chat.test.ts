/// <reference lib="dom" />
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import type { TestApp } from '../apps/server/test/harness.ts'
import { conversationList, conversationMessages, staffReply } from '../apps/server/src/chat/staff-chat.ts'
import { setSetting } from '../apps/server/src/settings/settings.ts'
import {
  browserAvailable,
  openScreen,
  signInPhone,
  smallPng,
  BROWSER_DRIVERS,
  type AppWithPhone,
  SCREENS,
  startAppWithPhone,
} from './platform.ts'

/*
 * Support chat in the phone browser (issue 10): the user writes in the chat page framed by
 * /mine/chat, staff (the server's own service functions, as the back office will call them) see
 * it and reply, the reply appears live in the frame, and a reply that arrives while the user is
 * elsewhere shows the unread badge on /user.
 */

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)(
  'support chat in the phone browser on %s',
  (driver) => {
    let app: TestApp
    let appAndPhone: AppWithPhone
    let page: Page
    let userId: number
    const deps = () => ({ db: app.db, clock: app.clock.now, topics: app.topics, uploads: app.uploads })

    beforeAll(async () => {
      appAndPhone = await startAppWithPhone(driver, { historyCandles: 5 })
      app = appAndPhone.app
      page = appAndPhone.page
      const user = await registerAndLogin(app)
      userId = user.user.id as number
      await signInPhone(page, app.base, user.token)
    })
    afterAll(async () => {
      await appAndPhone?.close()
    })

    const open = (path: string, lang = 'en') => openScreen(page, `${app.base}${path}`, lang)
    const frame = () => page.frameLocator('[data-testid="chat-frame"]')
    const staffSaw = async (text: string) => {
      const messages = await conversationMessages(deps(), userId, { limit: 50 })
      return messages.ok && messages.value.data.some((m) => m.sender === 1 && m.text === text)
    }

    it('a message from the user reaches staff and the reply appears in the frame live', async () => {
      await open('/user')
      await page.getByTestId('menu-service').waitFor()
      expect(await page.getByTestId('chat-unread').count()).toBe(0)
      await page.getByTestId('menu-service').click()
      await page.waitForURL((url) => url.pathname === '/mine/chat')
      const src = await page.getByTestId('chat-frame').getAttribute('src')
      const address = new URL(src ?? '')
      expect(address.pathname).toBe('/chat.html')
      expect(address.searchParams.get('client_id')).toMatch(/\S/)
      expect(address.searchParams.get('lang')).toBe('en')
      expect(await page.getByTestId('chat-frame').getAttribute('title')).toBe('Customer service chat')

      await frame().getByTestId('chat-input').fill('Hello, my deposit has not arrived')
      await frame().getByTestId('chat-send').click()
      await expect
        .poll(() => frame().getByTestId('chat-message-mine').last().innerText())
        .toContain('Hello, my deposit has not arrived')
      expect(await frame().getByTestId('chat-input').inputValue()).toBe('')
      await expect.poll(() => staffSaw('Hello, my deposit has not arrived')).toBe(true)
      const listed = await conversationList(app.db, { page: 1, limit: 10 })
      expect(listed.ok && listed.value.data.find((c) => c.user_id === userId)?.unread).toBe(1)

      expect(
        await staffReply(deps(), { userId, staffName: 'Mia', text: 'We are checking it now.' }),
      ).toMatchObject({ ok: true })
      const reply = frame().getByTestId('chat-message-staff').last()
      await expect.poll(() => reply.innerText()).toContain('We are checking it now.')
      expect(await reply.innerText()).toContain('Mia')
      // Seen in the frame: read, so no badge waits on /user.
      await expect
        .poll(async () => (await app.get('/api/chat/unread', { token: await token() })).body.data.count)
        .toBe(0)
    })

    it('sends an image through the upload', async () => {
      await open('/mine/chat')
      await frame().getByTestId('chat-input').waitFor()
      await frame()
        .getByTestId('chat-file')
        .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: smallPng() })
      const image = frame().locator('[data-testid="chat-message-mine"] img.cp-image').last()
      await image.waitFor()
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(16)
    })

    it('shows the unread badge on /user when staff reply while the user is away', async () => {
      await open('/user')
      await page.getByTestId('menu-service').waitFor()
      expect(await page.getByTestId('chat-unread').count()).toBe(0)
      await staffReply(deps(), { userId, staffName: 'Mia', text: 'It has been credited.' })
      await expect.poll(() => page.getByTestId('chat-unread').count()).toBe(1)
      expect(await page.getByTestId('chat-unread').innerText()).toBe('1')
      await shot('chat-user-badge-en')
    })

    it.each(['hk', 'en', 'ar'])('shows /mine/chat in %s', async (lang) => {
      await open('/mine/chat', lang)
      await frame().getByTestId('chat-message-staff').last().waitFor()
      await page.waitForTimeout(300)
      await shot(`chat-${lang}`)
    })

    it('loads older messages when the user scrolls up', async () => {
      for (let i = 1; i <= 40; i++) await staffReply(deps(), { userId, staffName: 'Mia', text: `Note ${i}` })
      const total = (await app.get('/api/chat/messages?limit=1', { token: await token() })).body.data
        .total as number
      await open('/mine/chat')
      const bubbles = frame().locator('.cp-message')
      await expect.poll(() => bubbles.count()).toBe(30)
      // Scrolling to the top fetches the page before the first shown message, until none is left.
      await expect
        .poll(
          async () => {
            await frame()
              .getByTestId('chat-messages')
              .evaluate((el) => (el.scrollTop = 0))
            return bubbles.count()
          },
          { timeout: 10_000 },
        )
        .toBe(total)
      expect(await bubbles.first().innerText()).toContain('Hello, my deposit has not arrived')
      expect(await bubbles.last().innerText()).toContain('Note 40')
    })

    it('refuses a chat page meant for another account', async () => {
      await page.goto(`${app.base}/chat.html?client_id=SOMEONE-ELSE&lang=en`)
      await expect.poll(() => page.getByTestId('chat-sign-in').innerText()).toBe('Please sign in again')
      expect(await page.getByTestId('chat-input').count()).toBe(0)
    })

    it('shows the link to copy for service link type 2 and opens type 3 outside', async () => {
      await setSetting(app.db, 'service_link', 'https://support.example.com/chat?site=1')
      await setSetting(app.db, 'service_link_type', '2')
      try {
        await open('/mine/chat')
        const link = page.getByTestId('chat-link')
        await expect
          .poll(() => link.innerText())
          .toContain('https://support.example.com/chat?site=1&client_id=')
        await shot('chat-copy-link-en')

        await setSetting(app.db, 'service_link_type', '3')
        // No network here: the outside chat answers from the test.
        await page
          .context()
          .route('https://support.example.com/**', (route) =>
            route.fulfill({ contentType: 'text/html', body: '<p>outside chat</p>' }),
          )
        await open('/user')
        const popup = page.context().waitForEvent('page')
        await page.getByTestId('menu-service').click()
        const opened = await popup
        expect(opened.url()).toContain('support.example.com/chat?site=1&client_id=')
        await opened.close()
        expect(new URL(page.url()).pathname).toBe('/user')

        await setSetting(app.db, 'service_link', '')
        await open('/mine/chat')
        await expect.poll(() => page.getByTestId('chat-not-set').innerText()).toContain('not available')
      } finally {
        await setSetting(app.db, 'service_link', '/chat.html')
        await setSetting(app.db, 'service_link_type', '1')
      }
    })

    it('raised no page errors', () => {
      expect(appAndPhone.pageErrors).toEqual([])
    })

    async function token() {
      return (await page.evaluate(() => localStorage.getItem('token'))) ?? ''
    }

    async function shot(name: string) {
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(SCREENS, `${name}.png`) })
    }
  },
)
