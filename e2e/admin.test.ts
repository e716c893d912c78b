/// <reference lib="dom" />
import { eq } from 'drizzle-orm'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import { deposits, identityChecks, withdrawals } from '../apps/server/src/db/schema.ts'
import { createStaff } from '../apps/server/src/staff/staff-accounts.ts'
import { totpCode } from '../apps/server/src/security/totp.ts'
import { signedInStaff } from '../apps/server/test/staff.ts'
import { CHROMIUM, CHROMIUM_ARGS, browserAvailable, smallPng, BROWSER_DRIVERS } from './platform.ts'
import {
  ADMIN_DIST,
  DESKTOP,
  STAFF_PASSWORD,
  adminShot,
  pickOption,
  buildAdminOnce,
  openBackOffice,
} from './admin-platform.ts'

/*
 * The back office in a desktop browser (issue 11): a staff member sets up TOTP at the first sign-in,
 * keeps the recovery codes, and works through the three queues; each decision is checked where the
 * user sees it (balance, frozen money, identity status). The app runs in this process (the server
 * tests' harness serving the built admin app), so the test reads the database and the test clock.
 */

/** The seeded USDT-TRC20 address: valid as a payout address too. */
const TRC20_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
const PASSWORD = STAFF_PASSWORD

/** The shade of the next image: each upload is a picture of its own (one proof proves one deposit). */
let nextShade = 0x10

/** Posts an image to the app's upload call as `token`; answers its signed URL. */
async function upload(app: TestApp, token: string): Promise<string> {
  const form = new FormData()
  const png = smallPng(nextShade++ % 256)
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png')
  const response = await fetch(`${app.base}/api/common/image_upload`, {
    method: 'POST',
    headers: { lang: 'en', authorization: token },
    body: form,
  })
  const body = await response.json()
  expect(body.code).toBe(1)
  return body.data.url as string
}

type User = Awaited<ReturnType<typeof registerAndLogin>>

/** A deposit of `amount` USD by coin, with a proof image, waiting for staff. */
async function submitDeposit(app: TestApp, user: User, amount: string) {
  const [channel] = (await app.get('/api/quickCharge/info', { token: user.token })).body.data
  const proof = encodeURIComponent(await upload(app, user.token))
  const submitted = await app.get(
    `/api/quickCharge/submit?number=${amount}&proofImg=${proof}&charge_id=${channel.id}&address=${channel.address}`,
    { token: user.token },
  )
  expect(submitted.body).toMatchObject({ code: 1 })
}

/** A USDT-TRC20 withdrawal of `amount` USD to a freshly bound address. */
async function submitWithdrawal(app: TestApp, user: User, amount: string) {
  const { token } = user
  const symbols = (await app.get('/api/account/draw_symbol_list?type=1', { token })).body.data
  const usdt = symbols.find((s: any) => s.label === 'USDT-TRC20')
  await app.post(
    '/api/wallet/bind_draw_method',
    { type: 1, draw_id: usdt.id, dc_address: TRC20_ADDRESS },
    { token },
  )
  const [method] = (await app.get('/api/wallet/get_draw_method?draw_type=1', { token })).body.data
  const drawn = await app.post(
    '/api/account/draw',
    { draw_currency_id: usdt.id, number: amount, draw_method_id: method.id },
    { token },
  )
  expect(drawn.body.code).toBe(1)
}

const balances = async (app: TestApp, user: User) =>
  (await app.get('/api/user/info', { token: user.token })).body.data as {
    balance: string
    lock_balance: string
  }

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)(
  'the back office in a desktop browser on %s',
  (driver) => {
    let app: TestApp
    let browser: Browser
    let page: Page
    /** Shown once at the TOTP set-up; one of them signs in again at the end. */
    let recoveryCodes: string[] = []
    const pageErrors: string[] = []
    const staffEmail = 'finance.lead@broker.example'

    beforeAll(async () => {
      buildAdminOnce()
      // The harness passes its `app` options on to buildApp, which serves the admin build at /admin.
      app = await startTestApp(driver, { historyCandles: 20, app: { adminDist: ADMIN_DIST } })
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })
      page = await context.newPage()
      page.on('pageerror', (error) => pageErrors.push(error.message))
    }, 180_000)
    afterAll(async () => {
      await browser?.close()
      await app?.close()
    })

    const shot = (name: string) => adminShot(page, name)

    /** Puts a 6-digit code into the code field (antd's one box per digit), whatever was there. */
    async function typeCode(code: string) {
      const cells = page.locator('[data-testid="signin-totp"] input')
      for (let i = 0; i < 6; i++) await cells.nth(i).fill(code[i]!)
    }

    it('signs in: password, TOTP set up from the QR page, the recovery codes once, then the dashboard', async () => {
      expect(
        await createStaff(app.db, { email: staffEmail, name: 'Mei Ling', role: 'admin', password: PASSWORD }),
      ).toMatchObject({ ok: true })
      await page.goto(`${app.base}/admin/`)
      await page.waitForURL((url) => url.pathname === '/admin/login')
      await page.getByTestId('signin-email').fill(staffEmail)
      await page.getByTestId('signin-pass').fill('not the password')
      await page.getByTestId('signin-submit').click()
      await expect.poll(() => page.getByTestId('signin-error').innerText()).toMatch(/\S/)
      await shot('signin-refused')

      await page.getByTestId('signin-pass').fill(PASSWORD)
      await page.getByTestId('signin-submit').click()
      await page.getByTestId('signin-setup').waitFor()
      // The QR code is an image of the server's SVG, not HTML put into the page.
      expect(await page.getByTestId('signin-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
      const secret = /[A-Z2-7]{16,}/.exec(await page.getByTestId('signin-secret').innerText())?.[0]
      expect(secret).toBeTruthy()
      await shot('setup')

      await typeCode('000000')
      await page.getByTestId('signin-verify').click()
      await expect.poll(() => page.getByTestId('signin-error').innerText()).toMatch(/\S/)
      await typeCode(totpCode(secret!, app.clock.now().getTime()))
      await page.getByTestId('signin-verify').click()

      await page.getByTestId('signin-recovery-codes').waitFor()
      expect(await page.getByTestId('recovery-code').count()).toBe(10)
      recoveryCodes = await page.getByTestId('recovery-code').allInnerTexts()
      expect(await page.getByTestId('recovery-continue').isDisabled()).toBe(true)
      await shot('recovery-codes')
      await page.getByTestId('recovery-saved').click()
      await page.getByTestId('recovery-continue').click()

      await page.waitForURL((url) => url.pathname === '/admin/' || url.pathname === '/admin')
      await page.getByTestId('dashboard').waitFor()
      expect(await page.getByTestId('staff-badge').innerText()).toContain('Mei Ling')
      for (const page_ of ['identity', 'deposits', 'withdrawals'])
        expect(await page.getByTestId(`nav-${page_}`).count()).toBe(1)
      await expect.poll(() => page.getByTestId('count-deposits_waiting').innerText()).toContain('0')
      // The token is kept for this browser tab only.
      expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.includes('token')))).toBe(
        false,
      )
      expect(await page.evaluate(() => sessionStorage.getItem('admin-token'))).toBeTruthy()
      await shot('dashboard')
    })

    /** Opens a queue from the menu and the waiting row of `uid`. */
    async function openItem(queue: 'identity' | 'deposits' | 'withdrawals', uid: string) {
      await page.getByTestId(`nav-${queue}`).click()
      await page.getByTestId(`queue-${queue}`).waitFor()
      await expect
        .poll(() => page.getByTestId('queue-row').filter({ hasText: uid }).count(), { timeout: 5000 })
        .toBe(1)
      await page.getByTestId('queue-row').filter({ hasText: uid }).click()
      await page.getByTestId('queue-drawer').waitFor()
    }

    /** Takes a decision in the open drawer, typing `text` when the dialog asks for one. */
    async function decide(key: string, text?: string) {
      await page.getByTestId(`decide-${key}`).click()
      const modal = page.locator('.ant-modal')
      await modal.waitFor()
      if (text !== undefined) await page.getByTestId('decision-input').fill(text)
      await shot(`decide-${key}`)
      await page.getByTestId('decision-ok').click()
      await modal.waitFor({ state: 'hidden' })
    }

    it('approves a deposit from its proof: the user is credited', async () => {
      const user = await registerAndLogin(app)
      await page.getByTestId('dashboard').waitFor()
      await submitDeposit(app, user, '500')
      // The open dashboard hears of the new deposit at once (its own refresh is every 15 s).
      await expect
        .poll(() => page.getByTestId('count-deposits_waiting').innerText(), { timeout: 8000 })
        .toContain('1')
      // The menu shows what waits too.
      await expect.poll(() => page.getByTestId('menu-count-deposits').innerText()).toBe('1')
      await page.getByTestId('open-deposits').click()
      await page.getByTestId('queue-deposits').waitFor()
      await openItem('deposits', user.user.uid)
      await page.getByTestId('detail-image').first().waitFor()
      await shot('deposit-drawer')
      await decide('approve')

      await expect.poll(async () => (await balances(app, user)).balance).toBe('500.00')
      const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, user.user.id))
      expect(row!.status).toBe(1)
      await expect
        .poll(() => page.getByTestId('queue-row').filter({ hasText: user.user.uid }).count())
        .toBe(0)
      await shot('deposits-after')
    })

    it('flags a deposit whose proof looks like another one, with a link to it (issue 22)', async () => {
      const user = await registerAndLogin(app)
      await submitDeposit(app, user, '300')
      const [earlier] = await app.db.select().from(deposits).orderBy(deposits.id).limit(1)
      const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, user.user.id))
      // As submitDeposit stores it when the perceptual hashes are close (server test: deposit-proofs).
      await app.db
        .update(deposits)
        .set({ similarDepositId: earlier!.id, similarDistance: 2 })
        .where(eq(deposits.id, row!.id))
      await openItem('deposits', user.user.uid)
      const flag = page.getByTestId('deposit-similar-proof')
      await expect.poll(() => flag.innerText()).toContain(`deposit #${earlier!.id}`)
      expect(await page.getByTestId('deposit-similar-link').getAttribute('href')).toContain(
        `q=%23${earlier!.id}`,
      )
      await shot('deposit-similar-proof')
      await decide('reject', 'The same transfer as another deposit.')
    })

    it('rejects a withdrawal with a remark: the frozen money is released', async () => {
      const user = await registerAndLogin(app)
      // Money to withdraw: a deposit approved through the back office's own call.
      await submitDeposit(app, user, '300')
      const [deposit] = await app.db.select().from(deposits).where(eq(deposits.userId, user.user.id))
      const staffToken = await page.evaluate(() => sessionStorage.getItem('admin-token'))
      expect(
        (await app.post(`/admin/api/deposits/${deposit!.id}/approve`, {}, { token: staffToken! })).body.code,
      ).toBe(1)
      await submitWithdrawal(app, user, '100')
      const info = () => balances(app, user)
      expect(await info()).toMatchObject({ balance: '200.00', lock_balance: '100.00' })

      await openItem('withdrawals', user.user.uid)
      expect(await page.getByTestId('queue-drawer').innerText()).toContain(TRC20_ADDRESS)
      await shot('withdrawal-drawer')
      await decide('reject', 'The address does not match the account holder.')

      await expect.poll(async () => (await info()).lock_balance).toBe('0.00')
      expect((await info()).balance).toBe('300.00')
      const [row] = await app.db.select().from(withdrawals).where(eq(withdrawals.userId, user.user.id))
      expect(row!.status).toBe(2)
    })

    it('approves an identity check after looking at both images: the user reads finished', async () => {
      const user = await registerAndLogin(app)
      const submitted = await app.post(
        '/api/user_real/real_name',
        {
          name: 'Chan Tai Man',
          card_id: 'A1234567',
          front_pic: await upload(app, user.token),
          reverse_pic: await upload(app, user.token),
        },
        { token: user.token },
      )
      expect(submitted.body.code).toBe(1)

      await openItem('identity', user.user.uid)
      expect(await page.getByTestId('detail-image').count()).toBe(2)
      await shot('identity-drawer')
      await page.getByTestId('detail-image').first().click()
      await page.locator('.ant-image-preview').waitFor()
      await shot('identity-zoom')
      await page.keyboard.press('Escape')
      await page.locator('.ant-image-preview').waitFor({ state: 'hidden' })
      await decide('approve')

      const center = async () => (await app.get('/api/user_real/center', { token: user.token })).body.data
      await expect.poll(async () => (await center()).review_status).toBe(2)
      const [row] = await app.db.select().from(identityChecks).where(eq(identityChecks.userId, user.user.id))
      expect(row!.status).toBe(2)
    })

    it('works through a queue: after a decision the drawer shows the next waiting item; a payout keeps its reference', async () => {
      const first = await registerAndLogin(app)
      const second = await registerAndLogin(app)
      await submitDeposit(app, first, '250')
      await submitDeposit(app, second, '250')
      await page.getByTestId('nav-deposits').click()
      await page.getByTestId('queue-deposits').waitFor()
      await expect.poll(() => page.getByTestId('queue-row').count(), { timeout: 5000 }).toBe(2)
      await page.getByTestId('queue-row').first().click()
      const drawer = page.getByTestId('queue-drawer')
      await expect.poll(() => drawer.innerText()).toContain('250.00 USD')
      const [approved, invalid] = (await drawer.innerText()).includes(first.user.uid)
        ? [first, second]
        : [second, first]
      await decide('approve')
      await expect.poll(() => drawer.innerText()).toContain(invalid.user.uid)
      await shot('deposit-next')
      await decide('invalid', 'The proof shows another payer.')
      // That was the last one waiting: the drawer closes.
      await page.getByTestId('decide-approve').waitFor({ state: 'hidden' })
      expect((await balances(app, approved)).balance).toBe('250.00')
      expect((await balances(app, invalid)).balance).toBe('0.00')
      const statusOf = async (user: User) =>
        (await app.db.select().from(deposits).where(eq(deposits.userId, user.user.id)))[0]!.status
      expect([await statusOf(approved), await statusOf(invalid)]).toEqual([1, 3])

      await submitWithdrawal(app, approved, '50')
      await openItem('withdrawals', approved.user.uid)
      await page.getByTestId('decide-approve').click()
      await page.locator('.ant-modal').waitFor()
      // The reference is required: confirming without it keeps the dialog open and pays nothing.
      await page.getByTestId('decision-ok').click()
      await expect
        .poll(() => page.locator('.ant-modal').innerText())
        .toContain('Enter the transfer reference')
      await page.getByTestId('decision-input').fill('0xabc123def456')
      await shot('withdrawal-approve')
      await page.getByTestId('decision-ok').click()
      await page.locator('.ant-modal').waitFor({ state: 'hidden' })
      await expect.poll(async () => (await balances(app, approved)).lock_balance).toBe('0.00')
      expect((await balances(app, approved)).balance).toBe('200.00')
      const [paid] = await app.db.select().from(withdrawals).where(eq(withdrawals.userId, approved.user.id))
      expect(paid!.status).toBe(1)
      await page.getByTestId('queue-status-filter').getByText('Paid').click()
      await page.getByTestId('queue-row').filter({ hasText: approved.user.uid }).click()
      await expect.poll(() => page.getByTestId('queue-drawer').innerText()).toContain('0xabc123def456')
      await shot('withdrawal-paid')
      await page.keyboard.press('Escape')
      await page.getByTestId('queue-drawer').waitFor({ state: 'hidden' })
    })

    it('a deposit decided elsewhere first: the second approval is refused, said, and credits nothing', async () => {
      const user = await registerAndLogin(app)
      await submitDeposit(app, user, '10')
      await openItem('deposits', user.user.uid)
      const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, user.user.id))
      const staffToken = await page.evaluate(() => sessionStorage.getItem('admin-token'))
      expect(
        (await app.post(`/admin/api/deposits/${row!.id}/approve`, {}, { token: staffToken! })).body.code,
      ).toBe(1)

      await page.getByTestId('decide-approve').click()
      await page.locator('.ant-modal').waitFor()
      await page.getByTestId('decision-ok').click()
      await expect.poll(() => page.locator('.ant-message').innerText()).toMatch(/\S/)
      await page.getByTestId('decide-approve').waitFor({ state: 'hidden' })
      await expect
        .poll(() => page.getByTestId('queue-row').filter({ hasText: user.user.uid }).count())
        .toBe(0)
      expect((await balances(app, user)).balance).toBe('10.00')
    })

    it('a deposit above the four-eyes amount: the first approval books nothing and says who gave it; a second staff member credits it', async () => {
      const user = await registerAndLogin(app)
      await submitDeposit(app, user, '20000')
      await openItem('deposits', user.user.uid)
      expect(await page.getByTestId('four-eyes-note').innerText()).toContain('Needs two approvals')
      await page.getByTestId('decide-approve').click()
      await expect.poll(() => page.locator('.ant-modal').innerText()).toContain('Nothing is credited yet')
      // A click while the dialog is still zooming in can miss: clicked again until it is gone.
      const modal = page.locator('.ant-modal')
      await expect
        .poll(async () => {
          if (await modal.isVisible())
            await modal
              .getByRole('button', { name: 'Cancel' })
              .click({ timeout: 2_000 })
              .catch(() => undefined)
          return modal.isVisible()
        })
        .toBe(false)
      await decide('approve')
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('First approval recorded')
      await page.getByTestId('queue-drawer').waitFor({ state: 'hidden' })
      const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, user.user.id))
      expect(row).toMatchObject({ status: 0, secondApprovedBy: null })
      expect((await balances(app, user)).balance).toBe('0.00')

      // The list says it waits for a second approval; the first approver's own button is off, with why.
      const listed = page.getByTestId('queue-row').filter({ hasText: user.user.uid })
      await expect.poll(() => listed.innerText()).toContain('Waiting for a second approval')
      await listed.click()
      await page.getByTestId('queue-drawer').waitFor()
      await expect.poll(() => page.getByTestId('first-approval-by').innerText()).toContain(staffEmail)
      expect(await page.getByTestId('four-eyes-note').innerText()).toContain('You gave the first approval')
      expect(await page.getByTestId('decide-approve').isDisabled()).toBe(true)
      await shot('deposit-second-approval-waiting')

      const other = await signedInStaff(app, 'finance')
      const second = await app.post(
        `/admin/api/deposits/${row!.id}/approve`,
        {},
        { token: other.token, json: true },
      )
      expect(second.body).toMatchObject({ code: 1, data: null })
      await expect.poll(async () => (await balances(app, user)).balance).toBe('20000.00')
      await page.keyboard.press('Escape')
      await page.getByTestId('queue-drawer').waitFor({ state: 'hidden' })
      await page.getByTestId('queue-status-filter').getByText('Credited').click()
      await page.getByTestId('queue-row').filter({ hasText: user.user.uid }).click()
      await expect.poll(() => page.getByTestId('first-approval-by').innerText()).toContain(staffEmail)
      expect(await page.getByTestId('queue-drawer').innerText()).toContain(other.email)
      await shot('deposit-two-approvals')
      await page.keyboard.press('Escape')
      await page.getByTestId('queue-drawer').waitFor({ state: 'hidden' })
      await page.getByTestId('queue-status-filter').getByText('Waiting').click()
    })

    it('speaks Traditional Chinese, and signs out', async () => {
      await page.getByTestId('nav-dashboard').click()
      await pickOption(page, page.getByTestId('language-switch'), '繁體中文')
      await expect.poll(() => page.getByTestId('dashboard').innerText()).toContain('待審充值')
      await shot('dashboard-hk')
      await page.getByTestId('nav-deposits').click()
      await page.getByTestId('queue-deposits').waitFor()
      await page.getByTestId('queue-status-filter').getByText('全部').click()
      await expect.poll(() => page.getByTestId('queue-row').count()).toBeGreaterThan(0)
      await shot('deposits-hk')

      await page.getByTestId('sign-out').click()
      await page.waitForURL((url) => url.pathname === '/admin/login')
      expect(await page.evaluate(() => sessionStorage.getItem('admin-token'))).toBeNull()
      expect(pageErrors).toEqual([])
    })

    it('signs in again with a recovery code (the phone is lost), once per code', async () => {
      expect(recoveryCodes).toHaveLength(10)
      const signInWith = async (code: string) => {
        await page.getByTestId('signin-email').fill(staffEmail)
        await page.getByTestId('signin-pass').fill(PASSWORD)
        await page.getByTestId('signin-submit').click()
        await page.getByTestId('signin-use-recovery').click()
        await page.getByTestId('signin-recovery-code').fill(code)
        await page.getByTestId('signin-recovery-submit').click()
      }
      await page.evaluate(() => sessionStorage.clear())
      await page.goto(`${app.base}/admin/login`)
      await signInWith(recoveryCodes[0]!)
      await page.getByTestId('dashboard').waitFor()
      await page.getByTestId('sign-out').click()
      await page.waitForURL((url) => url.pathname === '/admin/login')
      await signInWith(recoveryCodes[0]!)
      await expect.poll(() => page.getByTestId('signin-error').innerText()).toMatch(/\S/)
      await shot('recovery-refused')
    })

    it('shows each role only its pages, and a session ended elsewhere goes back to sign-in', async () => {
      const signedIn = await openBackOffice(app, page, 'support', 'Ka Yan')
      expect(
        await page.locator('[data-testid^="nav-"]').evaluateAll((els) => els.map((e) => e.dataset.testid)),
      ).toEqual([
        'nav-dashboard',
        'nav-identity',
        'nav-users',
        'nav-chat',
        'nav-feedback',
        'nav-content',
        'nav-outbox',
      ])
      // Identity checks, chats waiting and new feedback: the counts of support's own queues.
      expect(await page.locator('[data-testid^="count-"]').count()).toBe(3)
      await shot('dashboard-support')
      // A page of another role is not shown, even typed in.
      await page.goto(`${app.base}/admin/withdrawals`)
      await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/')

      // Signed out from elsewhere: the next call answers 999 and the sign-in page shows.
      await app.post('/admin/api/auth/logout', {}, { token: signedIn.token })
      await page.reload()
      await page.waitForURL((url) => url.pathname === '/admin/login')
      // Said plainly, as a notice rather than an error.
      await page.getByTestId('signin-ended').waitFor()
      await shot('session-ended')
      expect(await page.evaluate(() => sessionStorage.getItem('admin-token'))).toBeNull()
      expect(pageErrors).toEqual([])
    })
  },
)
