/// <reference lib="dom" />
import { join } from 'node:path'
import { mkdirSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { approvedDeposit } from '../apps/server/test/approvers.ts'
import { depositRequested } from '../apps/server/test/funded.ts'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import { startPushService, type TestDevice } from '../apps/server/test/push-service.ts'
import { pushSubscriptions } from '../apps/server/src/db/schema.ts'
import {
  BROWSER_DRIVERS,
  browserAvailable,
  buildWebOnce,
  openPhone,
  openScreen,
  SCREENS,
  settledScreenshot,
  signInPhone,
  WEB_DIST,
} from './platform.ts'

/*
 * Web push on the phone (issue 26, decision 044): the user turns push on in the notification
 * settings, staff credit a deposit while the app is closed, and the service worker shows the
 * server's message as a notification. The server sends with `web-push` to a local push service,
 * which decrypts the message as the browser's would; the test hands it to the service worker as the
 * push service would (DevTools' ServiceWorker.deliverPushMessage). Only the browser's own sign-up
 * with Google's push service is stood in for (PushManager.subscribe, below): this machine has no
 * network to reach it.
 */

/** The browser's push subscription, made with the test device's endpoint and keys. */
function standInPushManager(subscription: TestDevice['subscription']) {
  const KEY = 'e2e-push-key'
  const decode = (text: string) =>
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer
  const made = (key: string) => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: decode(key) },
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY)
      return true
    },
  })
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey as string
    localStorage.setItem(KEY, key)
    return made(key) as unknown as PushSubscription
  }
  PushManager.prototype.getSubscription = async function () {
    const key = localStorage.getItem(KEY)
    return (key ? made(key) : null) as unknown as PushSubscription | null
  }
}

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('web push on the phone on %s', (driver) => {
  let app: TestApp
  let pushService: Awaited<ReturnType<typeof startPushService>>
  let phone: Awaited<ReturnType<typeof openPhone>>
  let context: BrowserContext
  let page: Page
  let device: TestDevice
  let user: Awaited<ReturnType<typeof registerAndLogin>> & { userId: number }

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    buildWebOnce()
    pushService = await startPushService()
    app = await startTestApp(driver, {
      historyCandles: 20,
      pushServices: [pushService.origin],
      app: { webDist: WEB_DIST },
    })
    device = pushService.device()
    phone = await openPhone({ serviceWorkers: 'allow', locale: 'en-GB' })
    context = phone.context
    await context.grantPermissions(['notifications'], { origin: app.base })
    await context.addInitScript(standInPushManager, device.subscription)
    page = await context.newPage()
    const signedUp = await registerAndLogin(app)
    user = { ...signedUp, userId: signedUp.user.id as number }
    await signInPhone(page, app.base, user.token)
  })
  afterAll(async () => {
    await phone?.close()
    await app?.close()
    await pushService?.close()
  })

  const shot = (name: string) => settledScreenshot(page, join(SCREENS, `${name}.png`))

  it('turns push on for this device and keeps the choice of channels per kind', async () => {
    await openScreen(page, `${app.base}/mine/notices`, 'en', true)
    await page.getByTestId('notice-settings').click()
    await page.waitForURL((url) => url.pathname === '/mine/notices/settings')
    await expect.poll(() => page.getByTestId('push-device').getAttribute('data-state')).toBe('off')
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.getByTestId('push-toggle').click()
    await expect.poll(() => page.getByTestId('push-device').getAttribute('data-state')).toBe('on')
    const rows = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.userId))
    expect(rows.map((r) => r.endpoint)).toEqual([device.subscription.endpoint])

    const email = page.getByTestId('pref-deposit_rejected-email')
    expect(await email.isChecked()).toBe(true)
    await email.click()
    await expect.poll(() => email.isChecked()).toBe(false)
    // E-mail is offered for money and identity only.
    expect(await page.getByTestId('pref-stop_loss-email').count()).toBe(0)
    await shot('notice-settings-en')
    await page.reload()
    await expect.poll(() => page.getByTestId('pref-deposit_rejected-email').isChecked()).toBe(false)
    for (const lang of ['hk', 'ar', 'jp']) {
      await openScreen(page, `${app.base}/mine/notices/settings`, lang, true)
      await page.getByTestId('pref-stop_loss-push').waitFor()
      await shot(`notice-settings-${lang}`)
    }
  })

  it('shows a credited deposit as a notification while the app is closed', async () => {
    await openScreen(page, `${app.base}/user`, 'en', true)
    const origin = app.base
    const scope = `${origin}/`
    // A page of another site stays open (the browser runs); the app's own pages are all closed.
    const blank = await context.newPage()
    await page.close()
    const cdp = await context.newCDPSession(blank)
    const registrations: { registrationId: string; scopeURL: string }[] = []
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations))
    await cdp.send('ServiceWorker.enable')
    await expect.poll(() => registrations.some((r) => r.scopeURL === scope)).toBe(true)
    const registrationId = registrations.find((r) => r.scopeURL === scope)!.registrationId

    await approvedDeposit(app, await depositRequested(app, user, '150'))
    await app.noticeDelivery.drain()
    expect(device.received).toEqual([
      expect.objectContaining({ kind: 'deposit_credited', title: 'Deposit credited', link: '/mine/charge' }),
    ])
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify(device.received[0]),
    })

    page = await context.newPage()
    await page.goto(`${app.base}/user`)
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          data: n.data,
        }))
      })
    await expect.poll(shown, { timeout: 10_000 }).toEqual([
      {
        title: 'Deposit credited',
        body: expect.stringContaining('150.00 USD'),
        data: { link: '/mine/charge' },
      },
    ])
  })

  it('stops pushing to this device at sign-out', async () => {
    await openScreen(page, `${app.base}/mine/system`, 'en', true)
    await page.getByTestId('logout-row').click()
    await page.getByTestId('logout-confirm').click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect
      .poll(
        async () =>
          (await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.userId)))
            .length,
      )
      .toBe(0)
  })
})
