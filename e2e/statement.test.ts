import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LedgerType, type HistoryTotals } from '@tp/contracts'
import type { TestApp } from '../apps/server/test/harness.ts'
import { bookedOnDesk } from '../apps/server/test/funded.ts'
import {
  BROWSER_DRIVERS,
  browserAvailable,
  openScreen,
  PHONE,
  SCREENS,
  settledScreenshot,
  signInPhone,
  startAppWithPhone,
  type AppWithPhone,
} from './platform.ts'

/*
 * Issue 25 on the phone: the History tab's period (today, 7 or 30 days, two days picked), the
 * period's totals from the server above the list, each closed trade's pips, and the statement saved
 * as CSV. The app runs in this process; its clock is the machine's (BTCUSD trades around the clock).
 */

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)(
  'history and statement on the phone on %s',
  (driver) => {
    let app: TestApp
    let appAndPhone: AppWithPhone
    let page: Page
    let token = ''
    let userId = 0
    let orderId = 0
    let price = 65_000

    const tick = async () => {
      app.clock.set(Math.max(app.clock.now().getTime() + 100, Date.now()))
      price += 41
      app.tick({ code: 'BTCUSD', bid: price, ask: price + 30 })
      await app.desk.settle()
    }
    const call = async <T>(path: string) => {
      const answer = await app.get(path, { token })
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
      return answer.body.data as T
    }
    const shot = async (name: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await settledScreenshot(page, join(SCREENS, `${name}.png`))
    }
    /** Figures as the screen writes them, without the isolates that keep them whole in Arabic. */
    const textOf = async (testId: string) =>
      (await page.getByTestId(testId).innerText()).replace(/[\u2066-\u2069]/g, '')

    beforeAll(async () => {
      appAndPhone = await startAppWithPhone(driver, { historyCandles: 5 })
      app = appAndPhone.app
      page = appAndPhone.page
      await tick()
      const demo = await app.get('/api/user/createAccountDemoForU?demo_id=statement-phone-abcdef')
      token = demo.body.data.token as string
      userId = demo.body.data.user.id as number
      const btc = app.market.instrumentByCode('BTCUSD')!.id
      const multiple = app.market.view(app.market.instrument(btc)!, app.clock.now().getTime())
        .HasForexMultiple[0]!.Value
      orderId = (
        await call<{ id: number }>(
          `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.05&status=1&multiple=${multiple}`,
        )
      ).id
      await tick()
      await tick()
      await call(`/v1/api/forex/close?id=${orderId}`)
      expect(
        await bookedOnDesk(app.desk, userId, (e) =>
          e.adjustBalance(userId, '250', LedgerType.DEPOSIT, 'deposit:e2e'),
        ),
      ).toMatchObject({
        ok: true,
      })
      await signInPhone(page, app.base, token)
    })
    afterAll(async () => {
      await appAndPhone?.close()
    })

    it('shows the last 30 days with the server’s totals above the list, and the trade’s pips', async () => {
      await openScreen(page, `${app.base}/order?type=3`, 'hk')
      await page.getByTestId(`order-row-${orderId}`).waitFor()
      expect(await page.getByTestId('history-preset-30d').getAttribute('aria-pressed')).toBe('true')
      await page.getByTestId('history-totals').waitFor()
      const from = new Date()
      from.setHours(0, 0, 0, 0)
      from.setDate(from.getDate() - 29)
      const to = new Date()
      to.setHours(0, 0, 0, 0)
      to.setDate(to.getDate() + 1)
      const totals = await call<HistoryTotals>(
        `/v1/api/forex/history_totals?from=${from.getTime()}&to=${to.getTime()}`,
      )
      expect(totals.deposits).toBe('250.00')
      const signed = (value: string) =>
        Number(value) > 0
          ? `+${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
          : Number(value).toLocaleString('en-US', { minimumFractionDigits: 2 })
      expect(await textOf('history-net')).toBe(signed(totals.net))
      expect(await textOf('history-deposits')).toContain('+250.00')
      expect(await textOf('history-profit')).toContain(signed(totals.profit))
      expect(await textOf('history-fees')).toContain(signed(totals.fees))
      // 0.05 lot bought and closed two ticks later: the price rose 82 points at 2 digits.
      expect(await textOf(`order-pips-${orderId}`)).toMatch(/^\+\d+/)
      await shot('history-statement-hk')
    })

    it('picks today, then refuses two days backwards and takes them the right way round', async () => {
      await page.getByTestId('history-preset-today').click()
      await page.waitForURL((url) => url.searchParams.get('period') === 'today')
      await page.getByTestId(`order-row-${orderId}`).waitFor()
      await page.getByTestId('history-preset-custom').click()
      const today = await page.getByTestId('history-to').inputValue()
      const yesterday = new Date(Date.now() - 86_400_000)
      const pad = (n: number) => String(n).padStart(2, '0')
      const day = `${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`
      await page.getByTestId('history-from').fill(today)
      await page.getByTestId('history-to').fill(day)
      await page.getByTestId('history-apply').click()
      expect(await page.getByTestId('history-error').innerText()).toBe('開始日期不可晚於結束日期')
      await page.getByTestId('history-from').fill(day)
      await page.getByTestId('history-to').fill(today)
      await page.getByTestId('history-apply').click()
      await page.waitForURL(
        (url) => url.searchParams.get('period') === 'custom' && url.searchParams.get('to') === today,
      )
      await page.getByTestId(`order-row-${orderId}`).waitFor()
      await expect.poll(() => textOf('history-deposits')).toContain('+250.00')
    })

    it('saves the period’s statement as CSV in the reader’s language', async () => {
      const saved = page.waitForEvent('download')
      await page.getByTestId('statement-csv').click()
      const download = await saved
      expect(download.suggestedFilename()).toMatch(/^statement-[\w-]+\.csv$/)
      const bytes = await readFile((await download.path())!)
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const text = bytes.toString('utf8')
      expect(text).toContain('帳戶結單')
      expect(text).toContain(`${orderId},BTCUSD,買入,0.05,`)
      expect(text).toContain('入金,250.00')
    })

    it('shows the account history of a period: the last 30 days, today, and none before', async () => {
      await openScreen(page, `${app.base}/mine/history`, 'jp')
      expect(await page.getByTestId('history-preset-30d').getAttribute('aria-pressed')).toBe('true')
      // The deposit, the fee and the profit of the round trip: every row of the last 30 days.
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBeGreaterThanOrEqual(3)
      const all = await page.getByTestId('ledger-row').count()
      await page.getByTestId('history-preset-today').click()
      await page.waitForURL((url) => url.searchParams.get('period') === 'today')
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(all)
      await shot('ledger-period-jp')
      await openScreen(page, `${app.base}/mine/history?period=custom&from=2020-01-01&to=2020-01-02`, 'ar')
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      expect(await page.getByTestId('ledger-empty').innerText()).toBe('لا توجد سجلات في هذه الفترة')
      expect(await page.getByTestId('history-from').inputValue()).toBe('2020-01-01')
      // The balance is the account's, whatever the period.
      expect(await page.getByTestId('balance-available').innerText()).not.toBe('0.00')
      await shot('ledger-period-empty-ar')
      await openScreen(page, `${app.base}/mine/history?period=7d`, 'en')
      await expect.poll(() => page.getByTestId('ledger-row').count()).toBe(all)
      await shot('ledger-period-en')
      expect(appAndPhone.pageErrors).toEqual([])
    })

    it('lays the History tab out in English and right to left in Arabic', async () => {
      await openScreen(page, `${app.base}/order?type=3&period=7d`, 'en')
      await page.getByTestId('history-totals').waitFor()
      expect(await page.getByTestId('history-preset-7d').innerText()).toBe('Last 7 days')
      await page.getByTestId(`order-row-${orderId}`).waitFor()
      await shot('history-statement-en')
      await openScreen(page, `${app.base}/order?type=3&period=custom&from=2020-01-01&to=2020-01-02`, 'ar')
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await page.getByTestId('history-totals').waitFor()
      await page.getByTestId('order-empty').waitFor()
      await openScreen(page, `${app.base}/order?type=3&period=30d`, 'ar')
      await page.getByTestId(`order-row-${orderId}`).waitFor()
      await page.getByTestId('history-totals').waitFor()
      await shot('history-statement-ar')
      expect(appAndPhone.pageErrors).toEqual([])
    })
  },
)
