/// <reference lib="dom" />
import { execSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { DRIVERS, startTestApp, type TestApp, type TestAppOptions } from '../apps/server/test/harness.ts'
import { deposits, identityChecks, withdrawals } from '../apps/server/src/db/schema.ts'
import { createStaff } from '../apps/server/src/staff/staff-accounts.ts'
import { totpCode } from '../apps/server/src/staff/totp.ts'
import { CHROMIUM, CHROMIUM_ARGS, ROOT, browserAvailable, smallPng } from './platform.ts'

/*
 * The back office in a desktop browser (issue 11): a staff member sets up TOTP at the first sign-in,
 * keeps the recovery codes, and works through the three queues; each decision is checked where the
 * user sees it (balance, frozen money, identity status). The app runs in this process (the server
 * tests' harness serving the built admin app), so the test reads the database and the test clock.
 */

const SCREENS = join(ROOT, '.tmp/screens')
const DESKTOP = { width: 1280, height: 800 }
const PASSWORD = 'correct horse battery'
/** The seeded USDT-TRC20 address: valid as a payout address too. */
const TRC20_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'

/**
 * The built back office. `E2E_ADMIN_DIST` names a build made elsewhere (as E2E_WEB_DIST does for the
 * phone app); without it the test builds apps/admin itself, once per file.
 */
const ADMIN_DIST = process.env.E2E_ADMIN_DIST ?? join(ROOT, 'apps/admin/dist')
let adminBuilt = Boolean(process.env.E2E_ADMIN_DIST)
/** The queue calls are built alongside this app; until their routes are in, their tests wait. */
const QUEUES_BUILT = readFileSync(join(ROOT, 'apps/server/src/http/admin/queues-routes.ts'), 'utf8').includes(
  '/admin/api/deposits',
)
function buildAdminOnce(): void {
  if (adminBuilt) return
  execSync('npm run build -w apps/admin', {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  adminBuilt = true
}

/** Posts an image to the app's upload call as `token`; answers its signed URL. */
async function upload(app: TestApp, token: string): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(smallPng())], { type: 'image/png' }), 'image.png')
  const response = await fetch(`${app.base}/api/common/image_upload`, {
    method: 'POST',
    headers: { lang: 'en', authorization: token },
    body: form,
  })
  const body = await response.json()
  expect(body.code).toBe(1)
  return body.data.url as string
}

describe.skipIf(!browserAvailable()).each(DRIVERS)('the back office in a desktop browser on %s', (driver) => {
  let app: TestApp
  let browser: Browser
  let page: Page
  const pageErrors: string[] = []
  const staffEmail = 'finance.lead@broker.example'

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    buildAdminOnce()
    // The harness passes its `app` options on to buildApp, which serves the admin build at /admin.
    const appOptions = { adminDist: ADMIN_DIST } as TestAppOptions['app']
    app = await startTestApp(driver, { historyCandles: 20, app: appOptions })
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
  }, 180_000)
  afterAll(async () => {
    await browser?.close()
    await app?.close()
  })

  /** A screenshot once messages and spinners have gone. */
  async function shot(name: string) {
    await expect
      .poll(async () => (await page.locator('.ant-message-notice, .ant-spin-spinning').count()) === 0, {
        timeout: 6000,
      })
      .toBe(true)
      .catch(() => undefined)
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(SCREENS, `admin-${name}.png`) })
  }

  /** Types a 6-digit code into the code field (antd's one-box-per-digit input). */
  async function typeCode(code: string) {
    await page.locator('[data-testid="signin-totp"] input').first().click()
    await page.keyboard.type(code)
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
    await page.locator('[data-testid="signin-totp"] input').first().click()
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace')
    await typeCode(totpCode(secret!, app.clock.now().getTime()))
    await page.getByTestId('signin-verify').click()

    await page.getByTestId('signin-recovery-codes').waitFor()
    expect(await page.getByTestId('recovery-code').count()).toBe(10)
    expect(await page.getByTestId('recovery-continue').isDisabled()).toBe(true)
    await shot('recovery-codes')
    await page.getByTestId('recovery-saved').click()
    await page.getByTestId('recovery-continue').click()

    await page.waitForURL((url) => url.pathname === '/admin/' || url.pathname === '/admin')
    await page.getByTestId('dashboard').waitFor()
    expect(await page.getByTestId('staff-badge').innerText()).toContain('Mei Ling')
    for (const page_ of ['identity', 'deposits', 'withdrawals'])
      expect(await page.getByTestId(`nav-${page_}`).count()).toBe(1)
    if (QUEUES_BUILT)
      await expect.poll(() => page.getByTestId('count-deposits_waiting').innerText()).toContain('0')
    // The token is kept for this browser tab only.
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.includes('token')))).toBe(false)
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

  it.skipIf(!QUEUES_BUILT)('approves a deposit from its proof: the user is credited', async () => {
    const user = await registerAndLogin(app)
    const [channel] = (await app.get('/api/quickCharge/info', { token: user.token })).body.data
    const proof = await upload(app, user.token)
    const submitted = await app.get(
      `/api/quickCharge/submit?number=500&proofImg=${encodeURIComponent(proof)}&charge_id=${channel.id}&address=${channel.address}`,
      { token: user.token },
    )
    expect(submitted.body).toMatchObject({ code: 1 })

    // The dashboard counts again when opened (and every 15 s while it stays open).
    await page.getByTestId('nav-withdrawals').click()
    await page.getByTestId('nav-dashboard').click()
    await expect
      .poll(() => page.getByTestId('count-deposits_waiting').innerText(), { timeout: 5000 })
      .toContain('1')
    await page.getByTestId('open-deposits').click()
    await page.getByTestId('queue-deposits').waitFor()
    await openItem('deposits', user.user.uid)
    await page.getByTestId('detail-image').first().waitFor()
    await shot('deposit-drawer')
    await decide('approve')

    const info = async () => (await app.get('/api/user/info', { token: user.token })).body.data
    await expect.poll(async () => (await info()).balance).toBe('500.00')
    const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, user.user.id))
    expect(row!.status).toBe(1)
    await expect.poll(() => page.getByTestId('queue-row').filter({ hasText: user.user.uid }).count()).toBe(0)
    await shot('deposits-after')
  })

  it.skipIf(!QUEUES_BUILT)('rejects a withdrawal with a remark: the frozen money is released', async () => {
    const user = await registerAndLogin(app)
    const token = user.token
    // Money to withdraw: a deposit approved through the back office's own call.
    const [channel] = (await app.get('/api/quickCharge/info', { token })).body.data
    const proof = await upload(app, token)
    await app.get(
      `/api/quickCharge/submit?number=300&proofImg=${encodeURIComponent(proof)}&charge_id=${channel.id}&address=${channel.address}`,
      { token },
    )
    const [deposit] = await app.db.select().from(deposits).where(eq(deposits.userId, user.user.id))
    const staffToken = await page.evaluate(() => sessionStorage.getItem('admin-token'))
    expect(
      (await app.post(`/admin/api/deposits/${deposit!.id}/approve`, {}, { token: staffToken! })).body.code,
    ).toBe(1)
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
      { draw_currency_id: usdt.id, number: '100', draw_method_id: method.id },
      { token },
    )
    expect(drawn.body.code).toBe(1)
    const info = async () => (await app.get('/api/user/info', { token })).body.data
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

  it.skipIf(!QUEUES_BUILT)(
    'approves an identity check after looking at both images: the user reads finished',
    async () => {
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
    },
  )

  it.skipIf(!QUEUES_BUILT)('speaks Traditional Chinese, and signs out', async () => {
    await page.getByTestId('nav-dashboard').click()
    await page.getByTestId('language-switch').click()
    await page.locator('.ant-select-item-option', { hasText: '繁體中文' }).click()
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
})
