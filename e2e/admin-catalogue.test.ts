/// <reference lib="dom" />
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { chromium, type Browser, type Page } from 'playwright-core'
import { MarketStatus, type Category, type Instrument } from '@tp/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { fundedUser } from '../apps/server/test/funded.ts'
import { startTestApp, tradingWeekdayMs, type TestApp } from '../apps/server/test/harness.ts'
import { auditLog, leverageOptions } from '../apps/server/src/db/schema.ts'
import { setSetting } from '../apps/server/src/settings/settings.ts'
import { approvedByAnother, approvingAdmin } from '../apps/server/test/staff.ts'
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  WEB_DIST,
  browserAvailable,
  buildWebOnce,
  openPhonePage,
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
  confirmDialog,
  openBackOffice,
  pickOption,
} from './admin-platform.ts'

/*
 * The catalogue (issue 11, item 4): a dealer changes an instrument's leverage options in the back
 * office while a phone has that instrument's order form open; the phone's form offers the new
 * options without a reload (the server's CATALOGUE message). A support member has no catalogue.
 * Issue 13: an instrument's time zone, price protection and house limits; a holiday that closes a
 * category's markets at once; the risk view's house limits.
 */

const CODE = 'EURUSD'

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)(
  'the catalogue in the back office on %s',
  (driver) => {
    let app: TestApp
    let browser: Browser
    let page: Page
    let phone: Awaited<ReturnType<typeof openPhonePage>>
    const pageErrors: string[] = []

    beforeAll(async () => {
      buildAdminOnce()
      buildWebOnce()
      // EURUSD's order form needs its market open: the server's clock starts on a weekday.
      app = await startTestApp(driver, {
        startAtMs: tradingWeekdayMs(),
        historyCandles: 5,
        app: { adminDist: ADMIN_DIST, webDist: WEB_DIST },
        // Two liquidity providers' state as a FIX price source reports it (the risk view lists them).
        providers: () => [
          { name: 'lp1', live: true, quietForMs: 40, instruments: 34 },
          { name: 'lp2', live: false, quietForMs: 61_000, instruments: 0 },
        ],
      })
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
      page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })).newPage()
      page.on('pageerror', (error) => pageErrors.push(error.message))
      phone = await openPhonePage()
      // Both pages' clocks show the server's, which stays where the test puts it.
      await page.clock.setFixedTime(app.clock.now())
      await phone.page.clock.setFixedTime(app.clock.now())
    }, 180_000)
    afterAll(async () => {
      await phone?.close()
      await browser?.close()
      await app?.close()
    })

    const id = () => app.market.instrumentByCode(CODE)!.id
    const storedLeverage = async () =>
      (await app.db.select().from(leverageOptions).where(eq(leverageOptions.instrumentId, id())))
        .map((o) => o.value)
        .sort((a, b) => a - b)
    /** The leverage choices the phone's picker offers, in order. */
    async function phoneOptions(): Promise<number[]> {
      const p = phone.page
      await p.getByTestId('order-leverage').click()
      const options = p.locator('[data-testid^="leverage-option-"]')
      await options.first().waitFor()
      const ids = await options.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')))
      return ids.map((testId) => Number(testId?.replace('leverage-option-', '')))
    }
    const closePicker = async () => {
      await phone.page
        .locator('.adm-mask')
        .last()
        .click({ position: { x: 20, y: 20 } })
      await phone.page.locator('[data-testid^="leverage-option-"]').first().waitFor({ state: 'detached' })
    }

    it('a dealer edits the leverage options; the open order form on the phone offers them without a reload', async () => {
      const user = await registerAndLogin(app)
      await signInPhone(phone.page, app.base, user.token)
      await phone.page.goto(`${app.base}/trade?id=${id()}`)
      await phone.page.getByTestId('ticket-buy').click()
      await phone.page.getByTestId('order-form').waitFor()
      expect(await phoneOptions()).toEqual([1, 2, 5, 10, 20, 30])
      await phone.page.getByTestId('leverage-option-1').click()
      await expect.poll(() => phone.page.getByTestId('order-leverage').innerText()).toContain('1x')
      // Set on this page only: a reload would lose it.
      await phone.page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))

      app.tick({ code: CODE, bid: 1.085, ask: 1.0851 })
      await openBackOffice(app, page, 'dealer', 'Dana Dealer')
      await page.getByTestId('nav-catalogue').click()
      await page.getByTestId('instruments-tab').waitFor()
      await page.getByTestId(`instrument-row-${CODE}`).waitFor()
      expect(await page.getByTestId(`leverage-${CODE}`).innerText()).toMatch(/1x\s*2x\s*5x\s*10x\s*20x\s*30x/)
      await adminShot(page, 'catalogue-instruments')
      await page.getByTestId('instrument-search').locator('input').fill('eurusd')
      await expect.poll(() => page.locator('[data-testid^="instrument-row-"]').count()).toBe(1)

      // The source's spread (a tick gave EURUSD 10 points) beside the house's markup (none yet).
      expect(await page.getByTestId(`markup-${CODE}`).innerText()).toMatch(/10\s*\+\s*0/)
      await page.getByTestId(`instrument-edit-${CODE}`).click()
      const drawer = page.getByTestId('instrument-drawer')
      await drawer.waitFor()
      expect(await page.getByTestId('leverage-cap').innerText()).toContain('30')
      expect(await drawer.innerText()).toContain('quotes 10 points now')
      await page.getByTestId('instrument-markup_points').scrollIntoViewIfNeeded()
      await adminShot(page, 'catalogue-instrument-markup')
      const leverage = page.getByTestId('instrument-leverage')
      const input = leverage.locator('input')
      // Clear the options, then type new ones; one above the class's cap of 30 is refused on the spot.
      await leverage.hover()
      await leverage.locator('.ant-select-clear').click()
      await input.fill('40')
      await input.press('Enter')
      await page.getByTestId('instrument-save').click()
      await drawer.getByText('Above the cap of 30×.').waitFor()
      await leverage.locator('.ant-select-selection-item-remove').last().click()
      for (const value of ['25', '5', '30']) {
        await input.fill(value)
        await input.press('Enter')
      }
      await page.keyboard.press('Escape')
      await expect.poll(() => drawer.getByText('Above the cap').count()).toBe(0)
      await adminShot(page, 'catalogue-drawer')
      await page.getByTestId('instrument-save').click()
      await drawer.waitFor({ state: 'hidden' })
      await expect.poll(() => page.getByTestId(`leverage-${CODE}`).innerText()).toMatch(/^5x\s*25x\s*30x$/)
      expect(await storedLeverage()).toEqual([5, 25, 30])
      // Only the changed field travelled: the audit row names the leverage alone.
      const [entry] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'instrument.update'), eq(auditLog.target, `instrument:${id()}`)))
      expect(entry?.after).toEqual({ leverage: [5, 25, 30] })

      // The phone: the choice of 1x is gone, so the form falls back to the lowest new option.
      await expect
        .poll(() => phone.page.getByTestId('order-leverage').innerText(), { timeout: 10_000 })
        .toContain('5x')
      expect(await phoneOptions()).toEqual([5, 25, 30])
      expect(
        await phone.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      ).toBe(true)
      await settledScreenshot(phone.page, join(SCREENS, 'admin-catalogue-phone-leverage.png'))
      await closePicker()

      // Where clients send money is for admins: a dealer has no channel, bank or payout tab.
      for (const tab of ['channels', 'banks', 'currencies'])
        expect(await page.getByTestId(`tab-${tab}`).count(), tab).toBe(0)
      expect(pageErrors).toEqual([])
      expect(phone.pageErrors).toEqual([])
    })

    it('a refusal the form could not foresee shows the server’s message and keeps what was typed', async () => {
      const before = await storedLeverage()
      await page.getByTestId('tab-instruments').click()
      await page.getByTestId(`instrument-edit-${CODE}`).click()
      const drawer = page.getByTestId('instrument-drawer')
      await drawer.waitFor()
      // Meanwhile an admin lowers the class's cap in the settings: the open form still knows 30.
      await setSetting(app.db, 'leverage_cap_fx_major', '20')
      try {
        await page
          .getByTestId('instrument-leverage')
          .locator('.ant-select-selection-item-remove')
          .last()
          .click()
        await page.getByTestId('instrument-save').click()
        await expect
          .poll(() => page.getByTestId('save-error').innerText())
          .toBe('Please check the field: leverage options')
        expect(await drawer.isVisible()).toBe(true)
        expect(await page.getByTestId('instrument-leverage').innerText()).toMatch(/^5x\s*25x$/)
        expect(await storedLeverage()).toEqual(before)
        await page.getByRole('button', { name: 'Cancel' }).click()
        await drawer.waitFor({ state: 'hidden' })
      } finally {
        await setSetting(app.db, 'leverage_cap_fx_major', '30')
      }
    })

    it('a dealer changes the swap: a bad rate is refused on the spot; the saved terms reach the market, audited', async () => {
      await page.getByTestId('tab-instruments').click()
      await page.getByTestId(`instrument-edit-${CODE}`).click()
      const drawer = page.getByTestId('instrument-drawer')
      await drawer.waitFor()
      const long = page.getByTestId('instrument-swap_long')
      expect(await long.inputValue()).toBe('-7.1')
      await long.fill('-7.12345')
      await page.getByTestId('instrument-save').click()
      await drawer.getByText('A number from -100000 to 100000 with at most 4 decimals.').waitFor()
      await long.fill('-6.5')
      await pickOption(page, page.getByTestId('instrument-triple-day'), 'Friday')
      await page.getByTestId('instrument-rollover').fill('21:00')
      await page.getByTestId('instrument-swap_long').scrollIntoViewIfNeeded()
      await adminShot(page, 'catalogue-swap')
      await page.getByTestId('instrument-save').click()
      await drawer.waitFor({ state: 'hidden' })
      // Swap terms wait, as a whole, for a second admin (issue 22): the dealer is told, nothing moved.
      await page.getByText(/^Saved as a request/).waitFor()
      expect(app.market.instruments().find((d) => d.code === CODE)?.swap).toMatchObject({ long: '-7.1000' })
      const approved = await approvedByAnother(app, {
        status: 200,
        body: {
          data: {
            waiting: (await app.get('/admin/api/approvals', { token: (await approvingAdmin(app)).token }))
              .body.data[0],
          },
        },
      })
      expect(approved.body.code).toBe(1)
      const listed = app.market.instruments().find((d) => d.code === CODE)
      expect(listed?.swap).toMatchObject({ long: '-6.5000', tripleDay: 5, rolloverMinute: 1260 })
      const entries = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'instrument.update'), eq(auditLog.target, `instrument:${id()}`)))
      expect(entries.at(-1)?.after).toEqual({ swap_long: '-6.5', swap_triple_day: 5, rollover_minute: 1260 })
    })

    it('a dealer adds a category, then names it in Chinese; a save with no change sends nothing', async () => {
      await page.getByTestId('tab-categories').click()
      await page.getByTestId('category-new').click()
      const drawer = page.getByTestId('category-drawer')
      await drawer.waitFor()
      await page.getByTestId('category-key').fill('bonds')
      await page.getByTestId('category-name-en').fill('Bonds')
      await page.getByTestId('category-save').click()
      await drawer.waitFor({ state: 'hidden' })
      const named = async (lang: string) =>
        ((await app.get('/v1/api/forex/getCategories', { headers: { lang } })).body.data as Category[]).find(
          (category) => category.Name === 'bonds',
        )?.NameShowTrans
      expect(await named('hk')).toBe('Bonds')

      await page.getByTestId('category-edit-bonds').click()
      await drawer.waitFor()
      await page.getByTestId('category-save').click()
      await page.locator('.ant-message', { hasText: 'Nothing has changed' }).waitFor()
      expect(await drawer.isVisible()).toBe(true)
      await page.getByTestId('category-name-hk').fill('債券')
      await page.getByTestId('category-save').click()
      await drawer.waitFor({ state: 'hidden' })
      expect(await named('hk')).toBe('債券')
      expect(await named('en')).toBe('Bonds')
    })

    /** The auditing row of the last change of an instrument. */
    const lastInstrumentAudit = async (instrumentId: number) =>
      (
        await app.db
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.action, 'instrument.update'), eq(auditLog.target, `instrument:${instrumentId}`)),
          )
      ).at(-1)
    const tradeList = async () => (await app.get('/v1/api/forex/trade_list')).body.data as Instrument[]

    it('a dealer sets an instrument’s time zone, price protection and house limits; a limit below the minimum order is refused on the spot', async () => {
      const gold = app.market.instrumentByCode('XAUUSD')!
      await page.getByTestId('tab-instruments').click()
      await page.getByTestId('instrument-search').locator('input').fill('XAUUSD')
      await page.getByTestId('instrument-edit-XAUUSD').click()
      const drawer = page.getByTestId('instrument-drawer')
      await drawer.waitFor()
      const perAccount = page.getByTestId('instrument-max_account_lots')
      expect(await perAccount.inputValue()).toBe('50')
      await perAccount.fill('0.001')
      await page.getByTestId('instrument-save').click()
      const minLots = await page.getByTestId('instrument-min_lots').inputValue()
      await drawer.getByText(`At least the minimum lots (${minLots})`).waitFor()
      await perAccount.fill('25')
      // Empty is no limit.
      await page.getByTestId('instrument-max_net_lots').fill('')
      await page.getByTestId('instrument-stops_level').fill('120')
      await page.getByTestId('instrument-freeze_level').fill('30')
      // 120 points of a 2-decimal price are 1.20 USD from the market.
      await drawer.getByText('= 1.20 USD').waitFor()
      await page.getByTestId('instrument-stops_level').scrollIntoViewIfNeeded()
      await adminShot(page, 'catalogue-protection')

      // A template sets the zone it is read in; then another zone, found by typing.
      const zone = page.getByTestId('instrument-time-zone')
      expect(await zone.innerText()).toContain('America/New_York')
      await page.getByTestId('sessions-templates').click()
      await page.getByTestId('sessions-template-always').click()
      await expect.poll(() => zone.innerText()).toContain('UTC')
      await pickOption(page, zone, 'Asia/Tokyo', 'Tokyo')
      await drawer.getByText('Now UTC+09:00.').waitFor()
      expect(await page.getByTestId('instrument-rollover').locator('..').innerText()).toContain('Tokyo')
      await zone.scrollIntoViewIfNeeded()
      await adminShot(page, 'catalogue-hours')
      await page.getByTestId('instrument-save').click()
      await drawer.waitFor({ state: 'hidden' })
      // Only what changed travelled, as typed.
      expect((await lastInstrumentAudit(gold.id))?.after).toEqual({
        time_zone: 'Asia/Tokyo',
        sessions: [{ From: 0, To: 7 * 1440 }],
        stops_level: 120,
        freeze_level: 30,
        max_net_lots: null,
        max_account_lots: '25',
      })
      expect((await tradeList()).find((i) => i.Code === 'XAUUSD')).toMatchObject({
        TimeZone: 'Asia/Tokyo',
        StopsLevel: 120,
        FreezeLevel: 30,
        MaxAccountLots: 25,
      })
      await expect.poll(() => page.getByTestId('instrument-row-XAUUSD').innerText()).toContain('Tokyo')

      // "Market now" is each market's hours in its own zone, as the server's: the first page agrees.
      await page.getByTestId('tab-categories').click()
      await page.getByTestId('tab-instruments').click()
      // The page reads the browser's clock, which shows the server's (set in beforeAll).
      const serverOpen = new Map(
        (await tradeList()).map((i) => [i.Code, i.MarketStatus === MarketStatus.Open]),
      )
      const rows = page.locator('[data-testid^="instrument-row-"]')
      await expect.poll(() => rows.count()).toBe(20)
      const shown = await rows.evaluateAll((nodes) =>
        nodes.map((node) => [
          node.getAttribute('data-testid')!.replace('instrument-row-', ''),
          node.querySelector('[data-testid="market-open"]') !== null,
        ]),
      )
      expect(Object.fromEntries(shown)).toEqual(
        Object.fromEntries(shown.map(([code]) => [code, serverOpen.get(code as string)])),
      )
    })

    it('a dealer closes a category for today with a holiday: its markets close at once, and open again once it is deleted', async () => {
      // Crypto trades every day in UTC: its local date is the server's UTC date.
      const today = app.clock.now().toISOString().slice(0, 10)
      const bitcoinOpen = async () =>
        (await tradeList()).find((i) => i.Code === 'BTCUSD')?.MarketStatus === MarketStatus.Open
      expect(await bitcoinOpen()).toBe(true)
      await page.getByTestId('tab-holidays').click()
      await page.getByTestId('holidays-tab').waitFor()
      await page.getByTestId('holiday-new').click()
      const drawer = page.getByTestId('holiday-drawer')
      await drawer.waitFor()
      await page.getByTestId('holiday-date').fill(today)
      await page.getByTestId('holiday-name').fill('Exchange maintenance')
      await pickOption(page, page.getByTestId('holiday-scope'), /^Crypto$/, 'Crypto')
      // Half a day first: a time that is not one is refused on the spot.
      await page.getByTestId('holiday-closed').getByText('Trades these hours').click()
      await page.getByTestId('holiday-add-hours').click()
      await page.getByTestId('holiday-to-0').fill('13:00')
      await page.getByTestId('holiday-add-hours').click()
      expect(await page.getByTestId('holiday-from-1').inputValue()).toBe('13:00')
      await page.getByTestId('holiday-from-1').fill('25:00')
      await page.getByTestId('holiday-save').click()
      await drawer.getByText('Window 2: write times as HH:MM, from 00:00 to 24:00.').waitFor()
      await page.getByTestId('holiday-from-1').fill('18:00')
      await expect.poll(() => drawer.getByText('Window 2').count()).toBe(0)
      await adminShot(page, 'catalogue-holiday-editor')
      // Then closed all day after all.
      await page.getByTestId('holiday-closed').getByText('Closed all day').click()
      await page.getByTestId('holiday-save').click()
      await drawer.waitFor({ state: 'hidden' })
      const row = page.locator('[data-testid^="holiday-row-"]').filter({ hasText: 'Exchange maintenance' })
      await expect.poll(() => row.innerText()).toMatch(new RegExp(`${today}[\\s\\S]*Crypto\\s+Closed`))
      expect(await bitcoinOpen()).toBe(false)
      await page.getByTestId('tab-instruments').click()
      await page.getByTestId('instrument-search').locator('input').fill('BTCUSD')
      await page.getByTestId('instrument-row-BTCUSD').getByTestId('market-closed').waitFor()

      await page.getByTestId('tab-holidays').click()
      await page.getByTestId('holiday-new').scrollIntoViewIfNeeded()
      await adminShot(page, 'catalogue-holidays')
      await row.getByTestId('holiday-delete').click()
      await confirmDialog(page)
      await row.waitFor({ state: 'detached' })
      expect(await bitcoinOpen()).toBe(true)
    })

    it('the risk view shows each instrument against the house’s limits, nearest to its limit first', async () => {
      const bitcoin = app.market.instrumentByCode('BTCUSD')!.id
      const staffToken = (await page.evaluate(() => sessionStorage.getItem('admin-token')))!
      const limited = await app.post(
        `/admin/api/instruments/${bitcoin}`,
        { max_net_lots: '0.12' },
        { token: staffToken, json: true },
      )
      expect(limited.body.code).toBe(1)
      app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
      await app.desk.settle()
      const client = await fundedUser(app, '5000')
      const order = await app.get(
        `/v1/api/forex/submit?forex_id=${bitcoin}&type=1&cont=0.1&status=1&multiple=2`,
        { token: client.token },
      )
      expect(order.body.code).toBe(1)

      await page.getByTestId('nav-risk').click()
      const rows = page.getByTestId('risk-limits').locator('[data-testid^="limit-"]')
      // A long of 0.1 lots against a net limit of 0.12: 83.33 % used; each account may hold 10.
      await expect
        .poll(() => rows.first().innerText())
        .toMatch(/^BTCUSD\s+Long\s*0\.1\s+0\.12 lots\s+83\.33 %\s+10 lots$/)
      await page.getByTestId('risk-limits').scrollIntoViewIfNeeded()
      await adminShot(page, 'risk-limits')
      expect(await page.getByTestId('provider-lp1').innerText()).toMatch(/lp1\s+Live\s+40 ms ago\s+34/)
      expect(await page.getByTestId('provider-lp2').innerText()).toMatch(
        /lp2\s+Not counted\s+61,000 ms ago\s+0/,
      )
      await page.getByTestId('risk-providers').scrollIntoViewIfNeeded()
      await adminShot(page, 'risk-providers')
      expect(pageErrors).toEqual([])
    })

    it('a support member has no catalogue: no menu entry, the address leads home, the API refuses', async () => {
      const before = await storedLeverage()
      const support = await openBackOffice(app, page, 'support', 'Sam Support')
      expect(await page.getByTestId('nav-catalogue').count()).toBe(0)
      await page.goto(`${app.base}/admin/catalogue`)
      await page.getByTestId('dashboard').waitFor()
      expect(await page.getByTestId('catalogue-page').count()).toBe(0)
      for (const path of ['/admin/api/instruments', '/admin/api/deposit_channels']) {
        const refused = await app.get(path, { token: support.token })
        expect(refused.status).toBe(403)
        expect(refused.body.reason).toBe('staff_forbidden')
      }
      const edit = await app.post(
        `/admin/api/instruments/${id()}`,
        { leverage: [1] },
        { token: support.token, json: true },
      )
      expect(edit.body.reason).toBe('staff_forbidden')
      expect(await storedLeverage()).toEqual(before)
    })
  },
)
