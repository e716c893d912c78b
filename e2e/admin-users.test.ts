/// <reference lib="dom" />
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import type { StaffRole } from '../apps/server/src/staff/roles.ts'
import { CHROMIUM, CHROMIUM_ARGS, browserAvailable, BROWSER_DRIVERS } from './platform.ts'
import {
  ADMIN_DIST,
  DESKTOP,
  adminShot,
  buildAdminOnce,
  confirmDialog,
  openBackOffice,
} from './admin-platform.ts'

/*
 * The back office's users and adjustments pages in a desktop browser (issue 11): finance finds a
 * user and adjusts the balance with a memo; above the four-eyes amount an adjustment waits until a
 * second admin approves it (never its requester); an admin disables an account; a dealer closes a
 * user's position. Each change is checked where the user meets it (the app's API).
 */

type User = Awaited<ReturnType<typeof registerAndLogin>>

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)(
  'back-office users in a desktop browser on %s',
  (driver) => {
    let app: TestApp
    let browser: Browser
    const pageErrors: string[] = []
    const pages: Partial<Record<'finance' | 'admin' | 'admin2' | 'dealer', Page>> = {}
    let user: User

    beforeAll(async () => {
      buildAdminOnce()
      app = await startTestApp(driver, { historyCandles: 5, app: { adminDist: ADMIN_DIST } })
      app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
      await app.desk.settle()
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
      user = await registerAndLogin(app)
      // A demo player, for the list to show one.
      expect(
        (await app.get('/api/user/createAccountDemoForU?demo_id=admin-users-e2e-player')).body.code,
      ).toBe(1)
    }, 180_000)
    afterAll(async () => {
      await browser?.close()
      await app?.close()
    })

    /** A browser tab of its own (the session lives in the tab) for a new staff member of `role`. */
    async function staffPage(key: keyof typeof pages, role: StaffRole) {
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })
      const page = await context.newPage()
      page.on('pageerror', (error) => pageErrors.push(error.message))
      const signedIn = await openBackOffice(app, page, role)
      pages[key] = page
      return { page, ...signedIn }
    }

    /** Finds `email` on the users page and opens its profile. */
    async function openUser(page: Page, email: string) {
      await page.getByTestId('nav-users').click()
      await page.getByTestId('users-page').waitFor()
      await page.getByTestId('users-search').locator('input').fill(email)
      await page.getByTestId('users-search').locator('input').press('Enter')
      await expect.poll(() => page.getByTestId('user-row').count()).toBe(1)
      expect(new URL(page.url()).searchParams.get('q')).toBe(email)
      await page.getByTestId('user-row').click()
      await page.getByTestId('user-title').waitFor()
    }

    async function closeUser(page: Page) {
      await page.locator('.ant-drawer-close').click()
      await page.getByTestId('user-title').waitFor({ state: 'detached' })
    }

    async function adjust(page: Page, amount: string, memo: string) {
      await page.getByTestId('user-adjust').click()
      await page.getByTestId('adjust-amount').fill(amount)
      await page.getByTestId('adjust-memo').fill(memo)
      await page.getByTestId('adjust-submit').click()
      await page.getByTestId('adjust-confirm-balance').waitFor()
    }

    const info = async (token = user.token) => (await app.get('/api/user/info', { token })).body

    it('finance finds a user by e-mail and adjusts the balance with a memo the user sees', async () => {
      const { page } = await staffPage('finance', 'finance')
      await openUser(page, user.email)
      await adminShot(page, 'users-profile-new')
      // Finance moves money; disabling accounts and closing positions are not its to do.
      expect(await page.getByTestId('user-toggle').count()).toBe(0)
      expect(await page.getByTestId('user-revoke').count()).toBe(0)

      await adjust(page, '12.34', 'Goodwill for ticket 4711')
      expect(await page.getByTestId('adjust-confirm-balance').innerText()).toContain(
        'from 0.00 USD to 12.34 USD',
      )
      await adminShot(page, 'users-adjust-confirm')
      await confirmDialog(page)
      await expect.poll(async () => (await info()).data.balance).toBe('12.34')
      await expect.poll(() => page.getByTestId('user-detail-balance').innerText()).toContain('12.34')

      await page.getByTestId('user-tab-ledger').click()
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(1)
      expect(await page.getByTestId('ledger-type').innerText()).toBe('Manual adjustment')
      expect(await page.getByTestId('ledger-memo').innerText()).toBe('Goodwill for ticket 4711')
      // The user's own ledger shows the memo too.
      const mine = await app.get('/v1/api/main/account/forexDetail', { token: user.token })
      expect(mine.body.data.list[0]).toMatchObject({ Type: 10, Memo: 'Goodwill for ticket 4711' })
      await adminShot(page, 'users-ledger')

      // A refused adjustment (more than the balance) says why and books nothing.
      await adjust(page, '-50', 'Too much')
      await confirmDialog(page)
      await page.locator('.ant-message-error').waitFor()
      // The form stays open as it was; nothing was booked.
      expect(await page.getByTestId('adjust-amount').inputValue()).toBe('-50')
      expect((await info()).data.balance).toBe('12.34')
      await page.keyboard.press('Escape')
      await page.getByTestId('adjust-amount').waitFor({ state: 'hidden' })
      await closeUser(page)
    })

    it('an adjustment above the four-eyes amount waits until a second admin approves it', async () => {
      const { page } = await staffPage('admin', 'admin')
      await openUser(page, user.email)
      await adjust(page, '1500', 'Compensation, ticket 4712')
      await confirmDialog(page)
      expect(await page.getByTestId('adjust-waiting').innerText()).toContain(
        'waits for a second administrator',
      )
      await page.locator('.ant-modal-confirm-warning').getByRole('button').click()
      expect((await info()).data.balance).toBe('12.34')
      await closeUser(page)

      // The requester sees it waiting, and may not decide it.
      await page.getByTestId('nav-adjustments').click()
      await page.getByTestId('adjustments-page').waitFor()
      const row = (p: Page) =>
        p.locator('[data-testid^="adjustment-row-"]').filter({ hasText: user.user.uid })
      await expect.poll(() => row(page).count()).toBe(1)
      expect(await row(page).getByTestId('adjustment-approve').isDisabled()).toBe(true)
      await row(page).getByTestId('adjustment-own').hover()
      await page.locator('.ant-tooltip').filter({ hasText: 'another administrator' }).waitFor()
      await adminShot(page, 'adjustments-own')

      // Finance lists it, without the decisions.
      const finance = pages.finance!
      await finance.getByTestId('nav-adjustments').click()
      await expect.poll(() => row(finance).count()).toBe(1)
      expect(await finance.getByTestId('adjustment-approve').count()).toBe(0)

      const { page: second } = await staffPage('admin2', 'admin')
      await second.getByTestId('nav-adjustments').click()
      await expect.poll(() => row(second).count()).toBe(1)
      await adminShot(second, 'adjustments')
      await row(second).getByTestId('adjustment-approve').click()
      await confirmDialog(second)
      await expect.poll(async () => (await info()).data.balance).toBe('1512.34')
      // Gone from the waiting list; listed as applied, with who approved it.
      await expect.poll(() => row(second).count()).toBe(0)
      await second.getByTestId('adjustments-status').getByText('Applied').click()
      await expect
        .poll(() => row(second).first().getByTestId('adjustment-status').innerText())
        .toBe('Applied')
      await adminShot(second, 'adjustments-applied')
    })

    it('an admin disables an account: its token stops working at once', async () => {
      const other = await registerAndLogin(app)
      expect((await info(other.token)).code).toBe(1)
      const page = pages.admin!
      await openUser(page, other.email)
      await page.getByTestId('user-toggle').click()
      await confirmDialog(page)
      await page.getByTestId('user-disabled').first().waitFor()
      expect((await info(other.token)).code).toBe(999)
      expect(await page.getByTestId('user-toggle').innerText()).toBe('Enable account')
      await closeUser(page)
      // Every user, newest first: the disabled one, the demo player, the adjusted one.
      await page.getByTestId('users-search').locator('input').fill('')
      await page.getByTestId('users-search').locator('input').press('Enter')
      await expect.poll(() => page.getByTestId('user-row').count()).toBe(3)
      // The list read before the change shows first, then the fresh one.
      await expect
        .poll(() => page.getByTestId('user-row').first().getByTestId('user-disabled').count())
        .toBe(1)
      await adminShot(page, 'users-list')
    })

    it("a dealer closes a user's open position from the profile", async () => {
      const btc = app.market.instrumentByCode('BTCUSD')!.id
      const placed = await app.get(
        `/v1/api/forex/submit?${new URLSearchParams({ forex_id: String(btc), type: '1', cont: '0.01', status: '1', multiple: '2' })}`,
        { token: user.token },
      )
      expect(placed.body.code).toBe(1)
      const orderId = placed.body.data.id as number
      app.clock.advance(100)
      app.tick({ code: 'BTCUSD', bid: 65_100, ask: 65_130 })
      await app.desk.settle()

      const { page } = await staffPage('dealer', 'dealer')
      await openUser(page, user.email)
      // A dealer closes positions; money and access are not its to change.
      expect(await page.getByTestId('user-adjust').count()).toBe(0)
      expect(await page.getByTestId('user-toggle').count()).toBe(0)
      await page.getByTestId('user-tab-trading').click()
      await page.getByTestId(`close-position-${orderId}`).waitFor()
      // Bought at 65 030, marked at the bid 65 100: 0.70 USD on 0.01 lot.
      await expect.poll(() => page.getByTestId('position-profit').innerText()).toBe('+0.70 USD')
      await adminShot(page, 'users-positions')
      await page.getByTestId(`close-position-${orderId}`).click()
      await confirmDialog(page)
      await expect.poll(() => page.getByTestId('position-row').count()).toBe(0)
      const closed = await app.get('/v1/api/forex/my_deal?status=3', { token: user.token })
      expect(closed.body.data.data[0]).toMatchObject({ Id: orderId, ClosedType: 5 })
      // The profile in Traditional Chinese (the drawer is in the address, so it opens again).
      await page.evaluate(() => localStorage.setItem('admin-lang', 'hk'))
      await page.reload()
      await page.getByTestId('user-title').waitFor()
      expect(await page.getByTestId('user-title').innerText()).toContain('用戶')
      await adminShot(page, 'users-profile-hk')
      expect(pageErrors).toEqual([])
    })
  },
)
