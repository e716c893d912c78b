/// <reference lib="dom" />
import { execSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import { deposits, withdrawals } from '../apps/server/src/db/schema.ts'
import { approveDeposit } from '../apps/server/src/money/deposits.ts'
import { decideWithdrawal } from '../apps/server/src/money/withdrawals.ts'
import { ROOT, browserAvailable, openPhonePage } from './platform.ts'

/*
 * Money in and out in the phone browser (issue 9): a real user binds a USDT-TRC20 address, deposits
 * with a proof image, is credited when staff approve, withdraws (the amount shows frozen) and gets
 * it back when staff reject. Staff decisions are the server's own functions (approveDeposit,
 * decideWithdrawal), so the app runs in this process (the server tests' harness, serving the built
 * web app) rather than as the child process of platform.ts, whose desk this test could not reach.
 */

const SCREENS = join(ROOT, '.tmp/screens')
const WEB_DIST = join(ROOT, 'apps/web/dist')
/** The seeded USDT-TRC20 deposit address: a valid TRC20 address to bind as the payout address too. */
const TRC20_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'

/** A 16 x 16 opaque PNG made here, so the upload's content check has a real image to read. */
function smallPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const side = 16
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(side * 3, 0x3c)])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: side }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The web app is built once for both databases. */
let built = false
function buildWeb() {
  if (built) return
  execSync('npm run build -w apps/web', {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  built = true
}

describe.skipIf(!browserAvailable()).each(DRIVERS)(
  'deposit and withdrawal in the phone browser on %s',
  (driver) => {
    let app: TestApp
    let phone: Awaited<ReturnType<typeof openPhonePage>>
    let page: Page
    let userId: number

    beforeAll(async () => {
      mkdirSync(SCREENS, { recursive: true })
      buildWeb()
      app = await startTestApp(driver, { historyCandles: 20, app: { webDist: WEB_DIST } })
      const user = await registerAndLogin(app)
      userId = user.user.id as number
      phone = await openPhonePage()
      page = phone.page
      await page.goto(`${app.base}/`)
      await page.evaluate((token) => localStorage.setItem('token', token), user.token)
    })
    afterAll(async () => {
      await phone?.close()
      await app?.close()
    })

    /** Opens a screen in a language (the stored choice, as the language screen keeps it). */
    async function open(path: string, lang = 'en') {
      await page.evaluate((code) => localStorage.setItem('lang', code), lang)
      await page.goto(`${app.base}${path}`)
      await page.locator('.page-nav').first().waitFor()
    }

    /** A screenshot once toasts and spinners have gone. */
    async function shot(name: string) {
      await expect
        .poll(async () => (await page.locator('.adm-toast-main, .page-loading').count()) === 0, {
          timeout: 5000,
        })
        .toBe(true)
        .catch(() => undefined)
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(SCREENS, `${name}.png`) })
    }

    /** Picks `label` in the antd-mobile picker that `row` opens. */
    async function pick(row: string, label: string) {
      await page.getByTestId(row).click()
      const popup = page.locator('.adm-picker-popup').last()
      await popup.locator('.adm-picker-view-column-item', { hasText: label }).first().click()
      await page.waitForTimeout(400)
      await popup.locator('.adm-picker-header-button').last().click()
      await expect.poll(() => page.getByTestId(row).innerText()).toContain(label)
    }

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
      await page.getByTestId('deposit-submit').click()
      await expect.poll(() => page.getByTestId('deposit-record').count()).toBe(1)
      expect(await page.getByTestId('deposit-amount').inputValue()).toBe('')
      expect(await page.getByTestId('deposit-status').innerText()).toBe('Under review')

      const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, userId))
      expect(await approveDeposit(app.db, app.desk, row!.id)).toMatchObject({ ok: true })
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
      // USDT-TRC20: a fixed fee of 1 USD at 1 USD per USDT.
      expect(await page.getByTestId('withdraw-fee').innerText()).toBe('1.00 USD')
      expect(await page.getByTestId('withdraw-received').innerText()).toBe('99.00 USDT')
      await page.getByTestId('withdraw-submit').click()
      await expect.poll(() => page.getByTestId('withdraw-record').count()).toBe(1)
      expect(await page.getByTestId('withdraw-amount').inputValue()).toBe('')
      await expect.poll(() => page.getByTestId('withdraw-frozen').innerText()).toBe('100.00 USD')

      const [row] = await app.db.select().from(withdrawals).where(eq(withdrawals.userId, userId))
      expect(await decideWithdrawal(app.db, app.desk, row!.id, 'reject')).toMatchObject({ ok: true })
      await open('/mine/wallet')
      await expect.poll(() => page.getByTestId('balance-frozen').innerText()).toBe('0.00')
      expect(await page.getByTestId('balance-available').innerText()).toBe('500.00')
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
