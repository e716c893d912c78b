/// <reference lib="dom" />
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import { deposits, uploads } from '../apps/server/src/db/schema.ts'
import { approvedDeposit } from '../apps/server/test/approvers.ts'
import { join } from 'node:path'
import { NEWS_ANNOUNCEMENT_CATEGORY, NEWS_DEFAULT_CATEGORY } from '@tp/contracts'
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  WEB_DIST,
  browserAvailable,
  buildWebOnce,
  openPhonePage,
  openScreen,
  settledScreenshot,
  signInPhone,
  BROWSER_DRIVERS,
} from './platform.ts'
import {
  ADMIN_DIST,
  DESKTOP,
  SCREENS,
  adminShot,
  buildAdminOnce,
  openBackOffice,
  pickOption,
} from './admin-platform.ts'

/*
 * News, partner companies and the risk view in the back office (issue 11, items 5 and 6): what
 * staff do here is checked where the app's readers get it (the news and company calls), and the
 * risk view shows a real client's open position.
 */

/** Pasted into the article's HTML source: neither may reach a reader. */
const HOSTILE =
  '<p>Pasted</p><img src="https://cdn.example/hours.png" onerror="window.__hacked=1">' +
  '<script>window.__hacked=1</script>'
const ARTICLE_TITLE = `Horaires des fêtes ${Date.now()}`

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)(
  'news, companies and risk in the back office on %s',
  (driver) => {
    let app: TestApp
    let browser: Browser
    let page: Page
    const pageErrors: string[] = []

    beforeAll(async () => {
      buildAdminOnce()
      buildWebOnce()
      app = await startTestApp(driver, {
        historyCandles: 20,
        app: { adminDist: ADMIN_DIST, webDist: WEB_DIST },
      })
      app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
      await app.desk.settle()
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })
      page = await context.newPage()
      page.on('pageerror', (error) => pageErrors.push(error.message))
    }, 180_000)
    afterAll(async () => {
      await browser?.close()
      await app?.close()
    })

    it('a support member publishes a formatted article: readers get bold and the link, never a script', async () => {
      await openBackOffice(app, page, 'support')
      await page.getByTestId('nav-content').click()
      await page.getByTestId('news-tab').waitFor()
      await page.getByTestId('news-new').click()
      await page.getByTestId('news-form').waitFor()

      // French, one of the 21 languages.
      await pickOption(page, page.getByTestId('news-language'), 'Français', 'Fran')
      await page.getByTestId('news-title').fill(ARTICLE_TITLE)
      await page.getByTestId('news-desc').fill('Les marchés ferment plus tôt.')

      await page.locator('.ProseMirror').click()
      await page.keyboard.type('Vendredi, ')
      await page.getByRole('button', { name: 'Bold', exact: true }).click()
      await page.keyboard.type('les indices ferment à 18:00')
      await page.getByRole('button', { name: 'Bold', exact: true }).click()
      await page.keyboard.type('. Voir le calendrier')
      for (let i = 0; i < 'calendrier'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
      await page.getByRole('button', { name: 'Link', exact: true }).click()
      await page.getByTestId('address-input').fill('javascript:alert(1)')
      await page.getByTestId('address-ok').click()
      await page.locator('.ant-modal .ant-form-item-explain-error').waitFor()
      await page.getByTestId('address-input').fill('https://broker.example/hours')
      await page.getByTestId('address-ok').click()
      await page.locator('.ant-modal').waitFor({ state: 'hidden' })
      await expect
        .poll(() => page.locator('.ProseMirror a[href="https://broker.example/hours"]').innerText())
        .toBe('calendrier')
      await adminShot(page, 'news-editor')

      // The HTML source, with markup pasted in from elsewhere.
      await page.getByTestId('mode-html').click()
      const source = page.getByTestId('news-html')
      expect(await source.inputValue()).toContain('<strong>les indices ferment à 18:00</strong>')
      await source.fill(`${await source.inputValue()}${HOSTILE}`)
      await page.getByTestId('mode-preview').click()
      await page.getByTestId('news-preview').locator('img').waitFor()
      expect(await page.getByTestId('news-preview').locator('img').getAttribute('onerror')).toBeNull()
      await adminShot(page, 'news-preview')

      await page.getByTestId('news-publish').click()
      await page.locator('.ant-message-success').waitFor()
      // The drawer now shows what the server stored: the pasted handler and script are gone.
      await page.getByTestId('mode-html').click()
      await expect.poll(() => page.getByTestId('news-html').inputValue()).not.toMatch(/onerror|script/)
      expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined()

      const listed = (await app.get('/api/news/list?page=1&limit=50', { lang: 'fr' })).body.data.data
      const item = listed.find((n: { title: string }) => n.title === ARTICLE_TITLE)
      expect(item).toBeTruthy()
      const article = (await app.get(`/api/news/info?id=${item.id}`, { lang: 'fr' })).body.data
      expect(article.content).toContain('<strong>les indices ferment à 18:00</strong>')
      expect(article.content).toMatch(/<a href="https:\/\/broker\.example\/hours"[^>]*>calendrier<\/a>/)
      expect(article.content).toContain('<img src="https://cdn.example/hours.png"')
      expect(article.content).not.toMatch(/script|onerror|__hacked/)

      await page.locator('.ant-drawer-close').click()
      const row = page.getByTestId('news-row').filter({ hasText: ARTICLE_TITLE })
      await expect.poll(() => row.innerText()).toMatch(/fr[\s\S]*Published/)
      await adminShot(page, 'news-list')
    })

    it('a support member publishes an announcement: the phone lists it under the notice and opens it', async () => {
      const title = `Maintenance on Sunday ${Date.now()}`
      await page.getByTestId('news-new').click()
      await page.getByTestId('news-form').waitFor()
      await page.getByTestId(`news-kind-${NEWS_ANNOUNCEMENT_CATEGORY}`).click()
      await page.getByTestId('news-title').fill(title)
      await page.getByTestId('news-desc').fill('Deposits pause from 02:00 to 04:00 UTC.')
      await page.locator('.ProseMirror').click()
      await page.keyboard.type('Trading is not affected.')
      await page.getByTestId('news-publish').click()
      await page.locator('.ant-message-success').last().waitFor()
      await page.locator('.ant-drawer-close').click()
      // Listed by kind: the announcement alone under Announcement, tagged so.
      await page.getByTestId(`news-filter-${NEWS_ANNOUNCEMENT_CATEGORY}`).click()
      await expect.poll(() => page.getByTestId('news-row').count()).toBe(1)
      expect(await page.getByTestId('news-row').innerText()).toMatch(
        new RegExp(`${title}[\\s\\S]*Announcement`),
      )
      await adminShot(page, 'news-announcements')
      await page.evaluate(() => localStorage.setItem('admin-lang', 'hk'))
      await page.reload()
      await expect.poll(() => page.getByTestId('news-kind-filter').innerText()).toMatch(/全部類別[\s\S]*公告/)
      await adminShot(page, 'news-announcements-zh')
      await page.evaluate(() => localStorage.setItem('admin-lang', 'en'))
      await page.reload()
      await page.getByTestId(`news-filter-${NEWS_DEFAULT_CATEGORY}`).click()
      await expect.poll(() => page.getByTestId('news-row').filter({ hasText: title }).count()).toBe(0)
      const listed = (await app.get(`/api/news/list?category_id=${NEWS_ANNOUNCEMENT_CATEGORY}`)).body.data
      expect(listed.data.map((n: { title: string }) => n.title)).toEqual([title])

      const user = await registerAndLogin(app)
      const phone = await openPhonePage()
      try {
        await signInPhone(phone.page, app.base, user.token)
        await openScreen(phone.page, `${app.base}/mine/announcement`, 'en')
        const row = phone.page.getByTestId('news-row')
        await row.waitFor()
        // The fixed notice first, then the announcement: title, summary, date.
        expect(
          await phone.page
            .locator('[data-testid="announcement"] ~ [data-testid="announcement-list"]')
            .count(),
        ).toBe(1)
        expect(await row.innerText()).toMatch(/Maintenance on Sunday[\s\S]*Deposits pause/)
        expect(await row.locator('time').getAttribute('datetime')).toBe(
          `${listed.data[0].created_at.replace(' ', 'T')}.000Z`,
        )
        await settledScreenshot(phone.page, join(SCREENS, 'announcement-en.png'))
        await openScreen(phone.page, `${app.base}/mine/announcement`, 'ar')
        await row.waitFor()
        expect(await phone.page.locator('html').getAttribute('dir')).toBe('rtl')
        await settledScreenshot(phone.page, join(SCREENS, 'announcement-ar.png'))
        await row.click()
        await phone.page.waitForURL(`**/news/detail?id=${listed.data[0].id}`)
        await expect
          .poll(() => phone.page.getByTestId('news-content').innerText())
          .toBe('Trading is not affected.')
        expect(phone.pageErrors).toEqual([])
      } finally {
        await phone.close()
      }
    })

    it('adds a partner company, refusing a script link: the app lists it', async () => {
      await page.getByTestId('tab-companies').click()
      await page.getByTestId('companies-tab').waitFor()
      await page.getByTestId('company-new').click()
      await page.getByTestId('company-name').fill('Harbour Securities')
      await page.getByTestId('company-subject').fill('Brokerage')
      await page.getByTestId('company-url').fill('javascript:alert(1)')
      await page.getByTestId('company-email').fill('not an address')
      await page.getByTestId('company-location').fill('Hong Kong')
      await page.getByTestId('company-registered_address').fill('8 Finance Street, Central')
      await page.getByTestId('company-save').click()
      await expect.poll(() => page.locator('.ant-drawer .ant-form-item-explain-error').count()).toBe(2)
      await adminShot(page, 'company-drawer')
      await page.getByTestId('company-url').fill('https://harbour.example')
      await page.getByTestId('company-email').fill('service@harbour.example')
      await page.getByTestId('company-save').click()
      await page.getByTestId('company-row').filter({ hasText: 'Harbour Securities' }).waitFor()
      await adminShot(page, 'companies')

      const listed = (await app.get('/api/company/getCompany?name=Harbour')).body.data
      expect(listed).toEqual([
        expect.objectContaining({
          name: 'Harbour Securities',
          url: 'https://harbour.example',
          email: 'service@harbour.example',
          registered_address: '8 Finance Street, Central',
        }),
      ])
    })

    /** A real user funded through an approved deposit (as the server's risk test does). */
    async function fundedUser(amount: string) {
      const user = await registerAndLogin(app)
      const userId = user.user.id as number
      const proof = randomBytes(16).toString('base64url')
      await app.db
        .insert(uploads)
        .values({ id: proof, userId, contentType: 'image/jpeg', bytes: 1, width: 1, height: 1 })
      const [channel] = (await app.get('/api/quickCharge/info', { token: user.token })).body.data
      await app.get(
        `/api/quickCharge/submit?number=${amount}&proofImg=${proof}&charge_id=${channel.id}&address=${channel.address}`,
        { token: user.token },
      )
      const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, userId))
      await approvedDeposit(app, row!.id)
      return user
    }

    it('a dealer sees a client’s open position in the exposure, the account near stop-out and the chart', async () => {
      const client = await fundedUser('5000')
      const btc = app.market.instruments().find((d) => d.code === 'BTCUSD')!.id
      const order = await app.get(
        `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.1&status=1&multiple=2`,
        { token: client.token },
      )
      expect(order.body.code).toBe(1)
      app.clock.advance(100)
      app.tick({ code: 'BTCUSD', bid: 66_000, ask: 66_030 })
      await app.desk.settle()

      await openBackOffice(app, page, 'dealer')
      await page.getByTestId('nav-risk').click()
      const exposure = page.getByTestId('exposure-BTCUSD')
      await exposure.waitFor()
      // Bought 0.1 at 65,030, marked at 66,000: the client is 97 up, the house 97 down.
      await expect.poll(() => exposure.innerText()).toMatch(/0\.1[\s\S]*97\.00[\s\S]*-97\.00/)
      const account = page.getByTestId(`account-${client.user.uid}`).first()
      await account.waitFor()
      expect(await account.getByTestId('risk-user-link').getAttribute('href')).toBe(
        `/admin/users?q=${client.user.uid}`,
      )
      expect(await page.getByTestId('risk-chart').getAttribute('data-bars')).toBe('30')
      expect(await page.getByTestId('risk-chart').locator('canvas').count()).toBeGreaterThan(0)
      expect(
        Number((await page.getByTestId('risk-today-fees').innerText()).match(/[\d.]+$/)?.[0]),
      ).toBeGreaterThan(0)
      await adminShot(page, 'risk')

      // The view reads again by itself: a new price moves the house's risk without a reload.
      app.clock.advance(100)
      app.tick({ code: 'BTCUSD', bid: 64_000, ask: 64_030 })
      await app.desk.settle()
      await expect.poll(() => exposure.innerText(), { timeout: 8000 }).toMatch(/-103\.00[\s\S]*103\.00/)

      // A demo account's position is counted only when asked for.
      const demo = await app.get('/api/user/createAccountDemoForU?demo_id=admin-risk-view-demo-01')
      const demoOrder = await app.get(
        `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.2&status=1&multiple=2`,
        { token: demo.body.data.token },
      )
      expect(demoOrder.body.code).toBe(1)
      await page.getByTestId('risk-with-demo').click()
      await expect.poll(() => exposure.innerText(), { timeout: 8000 }).toMatch(/BTCUSD\s+2\s+0\.3\s/)
      await page.getByTestId('risk-real-only').click()
      await expect.poll(() => exposure.innerText(), { timeout: 8000 }).toMatch(/BTCUSD\s+1\s+0\.1\s/)

      await page.evaluate(() => localStorage.setItem('admin-lang', 'hk'))
      await page.reload()
      await exposure.waitFor()
      expect(await page.getByTestId('risk-exposure').innerText()).toContain('各產品未平倉風險')
      await adminShot(page, 'risk-zh')
      await page.evaluate(() => localStorage.setItem('admin-lang', 'en'))
      expect(pageErrors).toEqual([])
    })
  },
)
