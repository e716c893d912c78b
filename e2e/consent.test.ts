/// <reference lib="dom" />
import { eq } from 'drizzle-orm'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consents, users } from '../apps/server/src/db/schema.ts'
import { PASSWORD, lastCode } from '../apps/server/test/accounts.ts'
import { approvedDeposit } from '../apps/server/test/approvers.ts'
import { depositRequested } from '../apps/server/test/funded.ts'
import type { TestApp } from '../apps/server/test/harness.ts'
import {
  adminShot,
  buildAdminOnce,
  confirmDialog,
  DESKTOP,
  openBackOffice,
  ADMIN_DIST,
} from './admin-platform.ts'
import {
  BROWSER_DRIVERS,
  browserAvailable,
  CHROMIUM,
  CHROMIUM_ARGS,
  openScreen,
  startAppWithPhone,
  type AppWithPhone,
} from './platform.ts'

/*
 * Consent before risk (issue 26, decision 045), in the phone browser and the back office: a
 * newcomer registers only with the legal documents accepted (read in a sheet without leaving the
 * form); an admin publishes a new client agreement; the client's next trade is refused and takes
 * them to the page that asks again; once accepted, they trade. Every trading screen shows the risk
 * warning. The app runs in this process so the test can act as staff and move the clock.
 */

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('consent before risk on %s', (driver) => {
  let appAndPhone: AppWithPhone
  let app: TestApp
  let page: Page
  let browser: Browser
  let desk: Page
  const email = `consent-${Date.now()}@example.com`
  let btc: number
  let token = ''

  const freshQuote = async () => {
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
  }

  beforeAll(async () => {
    buildAdminOnce()
    appAndPhone = await startAppWithPhone(driver, {
      historyCandles: 20,
      settings: { max_quote_age_ms: '3600000' },
      app: { adminDist: ADMIN_DIST },
    })
    app = appAndPhone.app
    page = appAndPhone.page
    btc = app.market.instrumentByCode('BTCUSD')!.id
    await freshQuote()
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
    desk = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })).newPage()
  }, 180_000)
  afterAll(async () => {
    await browser?.close()
    await appAndPhone?.close()
  })

  it('registers only once the documents are accepted, and records each version', async () => {
    await page.goto(`${app.base}/`)
    await openScreen(page, `${app.base}/register`, 'en')
    await page.getByTestId('register-legal').waitFor()
    await page.getByTestId('register-legal-risk_disclosure').click()
    await page.getByTestId('legal-document-risk_disclosure').waitFor()
    expect(await page.getByTestId('legal-document-risk_disclosure').innerText()).toContain('high risk')
    await appAndPhone.shot('consent-register-sheet-en')
    await page.locator('.adm-popup-close-icon').click()
    await page.getByTestId('legal-document-risk_disclosure').waitFor({ state: 'detached' })

    await page.getByTestId('register-email').fill(email)
    await page.getByTestId('register-send-code').click()
    await expect.poll(() => page.getByTestId('register-send-code').isDisabled()).toBe(true)
    await page.getByTestId('register-code').fill(await lastCode(app, email))
    await page.getByTestId('register-password').fill(PASSWORD)
    await page.getByTestId('register-repassword').fill(PASSWORD)
    await page.getByTestId('register-submit').click()
    await expect.poll(() => page.locator('.adm-toast-main').innerText()).toContain('accept the documents')
    expect(await app.db.select().from(users).where(eq(users.email, email))).toEqual([])
    await page.getByTestId('register-accept').check()
    await appAndPhone.shot('consent-register-en')
    await page.getByTestId('register-submit').click()
    await page.waitForURL((url) => url.pathname !== '/register')
    const [user] = await app.db.select().from(users).where(eq(users.email, email))
    const accepted = await app.db.select().from(consents).where(eq(consents.userId, user!.id))
    expect(accepted).toHaveLength(4)
    // Money in while the documents accepted are the current ones.
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? ''
    await approvedDeposit(app, await depositRequested(app, { token, userId: user!.id }, '1000'))
    for (const lang of ['hk', 'ar', 'jp']) {
      await page.evaluate(() => localStorage.removeItem('token'))
      await openScreen(page, `${app.base}/register`, lang)
      await page.getByTestId('register-legal').waitFor()
      await appAndPhone.shot(`consent-register-${lang}`)
    }
  })

  it('publishes a new client agreement from the back office, where the appropriateness test is kept too', async () => {
    await openBackOffice(app, desk, 'admin')
    await desk.getByTestId('nav-legal').click()
    await desk.getByTestId('legal-page').waitFor()
    await desk.getByTestId('legal-new-client_agreement').click()
    await desk.getByTestId('legal-title').fill('Client Agreement (2027)')
    await desk.getByTestId('legal-body').fill('1. New terms.\n\n2. Everything else as before.')
    await adminShot(desk, 'legal-editor')
    await desk.getByTestId('legal-save').click()
    await desk.getByText('Draft', { exact: true }).waitFor()
    await desk.locator('[data-testid^="legal-publish-"]').first().click()
    await confirmDialog(desk, 'legal-publish-confirm')
    // Four kinds were current before too: the draft's tag going is what says it was published.
    await expect.poll(() => desk.getByText('Draft', { exact: true }).count()).toBe(0)
    await expect.poll(() => desk.getByText(/Current, published/).count()).toBe(4)
    await adminShot(desk, 'legal-page')
    await desk.getByTestId('appropriateness-section').scrollIntoViewIfNeeded()
    await desk.getByTestId('appropriateness-edit').click()
    await desk.getByTestId('appropriateness-question-0').waitFor()
    expect(await desk.getByTestId('appropriateness-question-0').inputValue()).toContain('leverage')
    await adminShot(desk, 'appropriateness-editor')
    await desk.keyboard.press('Escape')
  })

  it('refuses the next trade, asks again on the legal page, and trades once accepted', async () => {
    const [user] = await app.db.select().from(users).where(eq(users.email, email))
    const login = await app.post('/api/user/loginForU', {
      account: email,
      password: PASSWORD,
      login_type: 'email',
    })
    const token = login.body.data.token as string
    await approvedDeposit(app, await depositRequested(app, { token, userId: user!.id }, '1000'))
    // The gate trusts its copy of the current versions for 10 s.
    app.clock.advance(11_000)
    await freshQuote()
    await page.evaluate((value) => localStorage.setItem('token', value), token)

    await openScreen(page, `${app.base}/trade?id=${btc}`, 'en')
    await page.getByTestId('ticket-buy').waitFor()
    await expect.poll(() => page.getByTestId('risk-warning').innerText()).toContain('CFDs are complex')
    await appAndPhone.shot('consent-trade-risk-en')
    await page.getByTestId('ticket-buy').click()
    await page.getByTestId('order-submit').click()
    await page.waitForURL((url) => url.pathname === '/mine/legal')
    await expect
      .poll(() => page.getByTestId('legal-client_agreement').getAttribute('data-accepted'))
      .toBe('false')
    expect(await page.getByTestId('legal-risk_disclosure').getAttribute('data-accepted')).toBe('true')
    await appAndPhone.shot('consent-legal-en')
    for (const lang of ['hk', 'ar', 'jp']) {
      await openScreen(page, `${app.base}/mine/legal`, lang, true)
      await page.getByTestId('legal-accept').waitFor()
      await appAndPhone.shot(`consent-legal-${lang}`)
    }
    await openScreen(page, `${app.base}/mine/legal`, 'en', true)
    await page.getByTestId('legal-open-client_agreement').click()
    await expect
      .poll(() => page.getByTestId('legal-document-client_agreement').innerText())
      .toContain('New terms')
    await page.locator('.adm-popup-close-icon').click()
    await page.getByTestId('legal-accept').click()
    await expect
      .poll(() => page.getByTestId('legal-client_agreement').getAttribute('data-accepted'))
      .toBe('true')

    // The documents accepted: the appropriateness test is next, before the first real trade.
    await openScreen(page, `${app.base}/trade?id=${btc}`, 'en')
    await page.getByTestId('ticket-buy').click()
    await page.getByTestId('order-submit').click()
    await page.waitForURL((url) => url.pathname === '/mine/appropriateness')
    await page.getByTestId('appropriateness-submit').waitFor()
    await appAndPhone.shot('appropriateness-en')
    await page.getByTestId('appropriateness-submit').click()
    await expect.poll(() => page.locator('.adm-toast-main').innerText()).toContain('answer every question')
    // Wrong answers everywhere (the second option of each): failed, with the warning.
    for (let q = 0; q < 5; q++) await page.getByTestId(`appropriateness-${q}-1`).check()
    await page.getByTestId('appropriateness-submit').click()
    await page.getByTestId('appropriateness-failed').waitFor()
    await appAndPhone.shot('appropriateness-failed-en')
    for (const lang of ['hk', 'ar', 'jp']) {
      await openScreen(page, `${app.base}/mine/appropriateness`, lang, true)
      await page.getByTestId('appropriateness-failed').waitFor()
      await appAndPhone.shot(`appropriateness-failed-${lang}`)
    }
    await openScreen(page, `${app.base}/mine/appropriateness`, 'hk', true)
    await page.getByTestId('appropriateness-retake').click()
    await page.getByTestId('appropriateness-0-0').waitFor()
    await appAndPhone.shot('appropriateness-hk')
    await openScreen(page, `${app.base}/mine/appropriateness`, 'en', true)
    await page.getByTestId('appropriateness-continue').click()
    await page.getByTestId('appropriateness-cleared').waitFor()

    await openScreen(page, `${app.base}/trade?id=${btc}`, 'en')
    await page.getByTestId('ticket-buy').click()
    await page.getByTestId('order-submit').click()
    await page.getByTestId('order-success').waitFor()
    await page.getByTestId('order-success-close').click()
    await page.getByTestId('order-success').waitFor({ state: 'detached' })
    const open = await app.get('/v1/api/forex/my_deal?status=1', { token })
    expect(open.body.data.data).toHaveLength(1)
    for (const lang of ['hk', 'ar', 'jp']) {
      await openScreen(page, `${app.base}/trade?id=${btc}`, lang)
      await expect.poll(() => page.getByTestId('risk-warning').getAttribute('data-percent')).not.toBeNull()
      await appAndPhone.shot(`consent-trade-risk-${lang}`)
    }
  })
})
