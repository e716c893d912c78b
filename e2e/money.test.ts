/// <reference lib="dom" />
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import type { TestApp } from '../apps/server/test/harness.ts'
import { deposits, withdrawCurrencies, withdrawals } from '../apps/server/src/db/schema.ts'
import { approvedDeposit, decidedWithdrawal } from '../apps/server/test/approvers.ts'
import {
  browserAvailable,
  openScreen,
  pickInPicker,
  signInPhone,
  smallPng,
  BROWSER_DRIVERS,
  type AppWithPhone,
  startAppWithPhone,
} from './platform.ts'

/*
 * Money in and out in the phone browser (issue 9): a real user binds a USDT-TRC20 address, deposits
 * with a proof image, is credited when staff approve, withdraws (the amount shows frozen) and gets
 * it back when staff reject. Staff decisions are the server's own functions (approveDeposit,
 * decideWithdrawal), so the app runs in this process (the server tests' harness, serving the built
 * web app) rather than as the child process of platform.ts, whose desk this test could not reach.
 */

/** The seeded USDT-TRC20 deposit address: a valid TRC20 address to bind as the payout address too. */
const TRC20_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
/** The genesis block's address: a valid BTC payout address. */
const BTC_ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)(
  'deposit and withdrawal in the phone browser on %s',
  (driver) => {
    let app: TestApp
    let appAndPhone: AppWithPhone
    let page: Page
    let userId: number
    let token: string

    beforeAll(async () => {
      // Quotes stay fresh for the whole file: the payout rate of a coin needs one (issue 22).
      appAndPhone = await startAppWithPhone(driver, {
        historyCandles: 20,
        settings: { max_quote_age_ms: '3600000' },
      })
      app = appAndPhone.app
      page = appAndPhone.page
      const user = await registerAndLogin(app)
      userId = user.user.id as number
      token = user.token
      await signInPhone(page, app.base, user.token)
    })
    afterAll(async () => {
      await appAndPhone?.close()
    })

    const open = (path: string, lang = 'en') => openScreen(page, `${app.base}${path}`, lang)

    /** A screenshot once toasts and spinners have gone. */
    const shot = (name: string) => appAndPhone.shot(name)

    const pick = (row: string, label: string) => pickInPicker(page, row, label)

    it("offers to add a method when none is bound ('not bound')", async () => {
      await open('/mine/withdraw?tab=2')
      await pick('withdraw-currency', 'USD')
      await page.getByTestId('withdraw-method').click()
      const dialog = page.locator('.adm-dialog')
      await expect.poll(() => dialog.innerText()).toContain('No payout method is bound yet')
      await shot('money-not-bound-en')
      await dialog.locator('.adm-dialog-button', { hasText: 'Add one' }).click()
      await page.waitForURL(
        (url) => url.pathname === '/mine/withdraw-way' && url.searchParams.get('type') === '2',
      )
    })

    it('binds a coin address and lists it', async () => {
      await open('/mine/withdraw-way?type=1')
      await pick('bind-currency', 'USDT-TRC20')
      await page.getByTestId('bind-dc_address').fill(TRC20_ADDRESS)
      await shot('money-bind-en')
      await page.getByTestId('bind-submit').click()
      await open('/mine/coin-address-list')
      await expect.poll(() => page.getByTestId('payout-item').count()).toBe(1)
      expect(await page.getByTestId('payout-list').innerText()).toContain(TRC20_ADDRESS)
    })

    it('deposits with a proof image and is credited after staff approve', async () => {
      await open('/mine/charge')
      await expect.poll(() => page.getByTestId('deposit-address').innerText()).toBe(TRC20_ADDRESS)
      await page.getByTestId('deposit-amount').fill('500')
      await page.locator('[data-testid="deposit-proof"] input[type="file"]').setInputFiles({
        name: 'proof.png',
        mimeType: 'image/png',
        buffer: smallPng(),
      })
      await page.locator('[data-testid="deposit-proof"] .adm-image-uploader-cell img').waitFor()
      // The preview shows at once; the proof is there once its upload has finished (the mask is
      // gone): a busy machine took longer than the click (the server now also hashes its pixels).
      await page
        .locator('[data-testid="deposit-proof"] .adm-image-uploader-cell-mask')
        .waitFor({ state: 'detached' })
      await page.getByTestId('deposit-submit').click()
      await expect.poll(() => page.getByTestId('deposit-record').count()).toBe(1)
      expect(await page.getByTestId('deposit-amount').inputValue()).toBe('')
      expect(await page.getByTestId('deposit-status').innerText()).toBe('Under review')

      const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, userId))
      await approvedDeposit(app, row!.id)
      await open('/mine/charge')
      await expect.poll(() => page.getByTestId('deposit-status').innerText()).toBe('Completed')
      await open('/mine/history')
      await expect.poll(() => page.getByTestId('balance-available').innerText()).toBe('500.00')
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBeGreaterThan(0)
    })

    it('withdraws: the fee and received amount show live, the amount is frozen, a rejection releases it', async () => {
      await open('/mine/withdraw')
      await pick('withdraw-currency', 'USDT-TRC20')
      await pick('withdraw-method', TRC20_ADDRESS)
      await page.getByTestId('withdraw-amount').fill('100')
      // USDT-TRC20: a fixed fee of 1 USD at 1 USD per USDT, a rate staff set.
      expect(await page.getByTestId('withdraw-fee').innerText()).toBe('1.00 USD')
      expect(await page.getByTestId('withdraw-received').innerText()).toBe('99.00 USDT')
      expect(await page.getByTestId('withdraw-rate').innerText()).toBe('1 USDT = 1.00 USD · set rate')
      expect(await page.getByTestId('withdraw-available').innerText()).toBe('500.00 USD')
      await page.getByTestId('withdraw-submit').click()
      // What arrives is stated before anything is asked.
      const dialog = page.locator('.adm-dialog')
      await expect.poll(() => dialog.getByTestId('withdraw-confirm').innerText()).toContain('99.00 USDT')
      await dialog.locator('.adm-dialog-button', { hasText: 'Withdraw' }).click()
      await expect.poll(() => page.getByTestId('withdraw-record').count()).toBe(1)
      expect(await page.getByTestId('withdraw-amount').inputValue()).toBe('')
      await expect.poll(() => page.getByTestId('withdraw-frozen').innerText()).toBe('100.00 USD')
      await expect.poll(() => page.getByTestId('withdraw-available').innerText()).toBe('400.00 USD')

      const [row] = await app.db.select().from(withdrawals).where(eq(withdrawals.userId, userId))
      expect(await decidedWithdrawal(app, row!.id, 'reject')).toMatchObject({ ok: true })
      await open('/mine/wallet')
      await expect.poll(() => page.getByTestId('balance-frozen').innerText()).toBe('0.00')
      expect(await page.getByTestId('balance-available').innerText()).toBe('500.00')
    })

    it('shows a coin payout exact to the satoshi at the live rate, and only what free margin allows (issue 22)', async () => {
      app.tick({ code: 'BTCUSD', bid: 74_590, ask: 74_600 })
      await app.desk.settle()
      const btcSymbol = (await app.get('/api/account/draw_symbol_list?type=1', { token })).body.data.find(
        (s: { label: string }) => s.label === 'BTC-BTC',
      )
      const bound = await app.post(
        '/api/wallet/bind_draw_method',
        { type: 1, draw_id: btcSymbol.id, dc_address: BTC_ADDRESS },
        { token },
      )
      expect(bound.body).toMatchObject({ code: 1 })
      // 0.01 BTC at 74,600, 1:2: 373 of margin; what can leave is free margin, not the balance.
      const btc = app.market.instrumentByCode('BTCUSD')!.id
      const opened = await app.get(
        `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&status=1&multiple=2`,
        {
          token,
        },
      )
      expect(opened.body).toMatchObject({ code: 1 })
      const balance = (await app.get('/v1/api/main/wallet/getBalance', { token })).body.data
      expect(Number(balance.withdrawable)).toBeLessThan(Number(balance.balance))
      // BTC first in the picker (the wheel's first item is what a tap confirms reliably here).
      await app.db
        .update(withdrawCurrencies)
        .set({ enabled: false })
        .where(eq(withdrawCurrencies.code, 'USDT'))
      await open('/mine/withdraw')
      await pick('withdraw-currency', 'BTC-BTC')
      await pick('withdraw-method', BTC_ADDRESS)
      await page.getByTestId('withdraw-amount').fill('476')
      // BTCUSD ask 74,600 + 0.5 %: 74,973 USD per BTC; fee 0.48; 475.52 / 74,973 to the satoshi, rounded down.
      await expect.poll(() => page.getByTestId('withdraw-received').innerText()).toBe('0.00634254 BTC')
      expect(await page.getByTestId('withdraw-rate').innerText()).toBe(
        '1 BTC = 74,973.00 USD · live BTCUSD quote + 0.5%',
      )
      expect(await page.getByTestId('withdraw-available').innerText()).toBe(`${balance.withdrawable} USD`)
      await shot('money-withdraw-btc-en')
      await app.db
        .update(withdrawCurrencies)
        .set({ enabled: true })
        .where(eq(withdrawCurrencies.code, 'USDT'))
    })

    it('tells the user of the decisions in the inbox: the bell, the notices in four languages, read marks', async () => {
      await open('/user')
      // The deposit credited and the withdrawal rejected, both unread.
      await expect.poll(() => page.getByTestId('notice-unread').innerText()).toBe('2')
      await appAndPhone.shot('notices-bell-en')
      await page.getByTestId('notice-bell').click()
      await page.waitForURL((url) => url.pathname === '/mine/notices')
      const rows = page.locator('[data-testid^="notice-"][data-read]')
      await expect.poll(() => rows.count()).toBe(2)
      expect(await rows.nth(0).innerText()).toContain('Withdrawal rejected')
      expect(await rows.nth(0).getByTestId('notice-detail').innerText()).toBe('rejected in a test')
      expect(await rows.nth(1).innerText()).toContain('Deposit credited')
      await appAndPhone.shot('notices-en')
      for (const lang of ['hk', 'jp', 'ar']) {
        await open('/mine/notices', lang)
        await expect.poll(() => rows.count()).toBe(2)
        await appAndPhone.shot(`notices-${lang}`)
      }
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      // Opening one marks it read and goes to its screen.
      await open('/mine/notices')
      await rows.nth(1).click()
      await page.waitForURL((url) => url.pathname === '/mine/charge')
      await open('/mine/notices')
      await expect.poll(() => rows.nth(1).getAttribute('data-read')).toBe('true')
      expect(await rows.nth(0).getAttribute('data-read')).toBe('false')
      await page.getByTestId('notices-read-all').click()
      await expect.poll(() => rows.nth(0).getAttribute('data-read')).toBe('true')
      await expect.poll(() => page.getByTestId('notices-read-all').count()).toBe(0)
      await open('/user')
      await page.getByTestId('notice-bell').waitFor()
      expect(await page.getByTestId('notice-unread').count()).toBe(0)
      expect(appAndPhone.pageErrors).toEqual([])
    })

    it.each(['hk', 'en', 'ar'])('shows every money screen in %s', async (lang) => {
      for (const [path, name] of [
        ['/mine/wallet', 'wallet'],
        ['/mine/coin-address-list', 'coin-addresses'],
        ['/mine/bank-card-list', 'bank-cards'],
        ['/mine/withdraw-way?type=2', 'bind-bank'],
        ['/mine/withdraw', 'withdraw'],
        ['/mine/charge', 'deposit'],
        ['/mine/charge?tab=1', 'deposit-bank'],
        ['/mine/history', 'history'],
      ] as const) {
        await open(path, lang)
        await shot(`money-${name}-${lang}`)
      }
    })
  },
)
