/// <reference lib="dom" />
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { BalanceAnswer, BasicInfo, Instrument, MyDealAnswer } from '@tp/contracts'
import { browserAvailable, PHONE, platformWithPhone, ROOT, signedInCall } from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens/trading')
/** Crypto trades around the clock, so this test can open and close a position on any day. */
const CODE = 'BTCUSD'

/** "9,999.31" or "-0.490000" as a whole number of hundredths of a unit (cents): exact, no float. */
function cents(text: string): number {
  const match = /^([+-]?)([\d,]+)(?:\.(\d+))?$/.exec(text.trim())
  if (!match) throw new Error(`not an amount: ${text}`)
  const [, sign, whole = '0', fraction = ''] = match
  const hundredths = Number(whole.replace(/,/g, '')) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2))
  // Booked money is to the cent: anything beyond two decimals must be zeros.
  if (/[1-9]/.test(fraction.slice(2))) throw new Error(`not whole cents: ${text}`)
  return sign === '-' ? -hundredths : hundredths
}

const money2 = (hundredths: number) => {
  const sign = hundredths < 0 ? '-' : ''
  const abs = Math.abs(hundredths)
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`
}

describe.skipIf(!browserAvailable())('trading in the phone browser', () => {
  const shared = platformWithPhone(SHOTS)
  let page: Page
  let token = ''
  let startingBalance = ''
  let instrument: Instrument
  let orderId = ''

  beforeAll(() => {
    page = shared.page
  })

  const api = <T>(path: string) => signedInCall<T>(shared.base, token, path)

  /** A screenshot, after checking that nothing is wider than the phone. */
  async function shot(name: string) {
    // A loading toast and the success toast after it may both be on screen for a moment.
    await expect
      .poll(() => page.locator('.adm-toast-main').count(), { timeout: 5000 })
      .toBe(0)
      .catch(() => undefined)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.screenshot({ path: join(SHOTS, `${name}.png`) })
  }

  it('sends a visitor who taps buy to sign in, and back to /trade after a demo sign-in', async () => {
    await page.goto(`${shared.base}/`)
    await page.getByTestId(`market-row-${CODE}`).click()
    await page.waitForURL((url) => url.pathname === '/trade')
    const tradePath = new URL(page.url()).pathname + new URL(page.url()).search
    await page.getByTestId('ticket-buy').click()
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === tradePath)
    await page.getByTestId('login-demo').click()
    await page.waitForURL((url) => url.pathname === '/trade')

    token = (await page.evaluate(() => window.localStorage.getItem('token'))) ?? ''
    expect(token).not.toBe('')
    startingBalance = (await api<BalanceAnswer>('/v1/api/main/wallet/getBalance')).balance
    expect(cents(startingBalance)).toBeGreaterThan(0)
    const list = await api<Instrument[]>(`/v1/api/forex/trade_list?searchCurrency=${CODE}`)
    const found = list.find((item) => item.Code === CODE)
    if (!found) throw new Error(`${CODE} is not listed`)
    instrument = found
  })

  it('buys the minimum lots at the lowest leverage on /trade and sees the confirmation', async () => {
    expect(await page.getByTestId('trade-drawer-open').textContent()).toContain(instrument.ShowCode)
    // BUY on the bar above the tab bar opens the order ticket.
    await page.getByTestId('ticket-buy').click()
    const form = page.getByTestId('order-form')
    await form.waitFor()

    // The form starts at the minimum lots, where minus is off; plus and minus step by Pip.
    const lots = page.getByTestId('order-lots')
    const lotDecimals = String(instrument.Pip).split('.')[1]?.length ?? 0
    const minLots = instrument.ForexMinCont.toFixed(lotDecimals)
    expect(await lots.inputValue()).toBe(minLots)
    expect(await page.getByTestId('order-lots-minus').isDisabled()).toBe(true)
    await page.getByTestId('order-lots-plus').click()
    expect(Number(await lots.inputValue())).toBeCloseTo(instrument.ForexMinCont + instrument.Pip, 8)
    await page.getByTestId('order-lots-minus').click()
    expect(await lots.inputValue()).toBe(minLots)
    expect(await page.getByTestId('order-lots-minus').isDisabled()).toBe(true)

    await page.getByTestId('order-leverage').click()
    const options = page.locator('[data-testid^="leverage-option-"]')
    await options.first().waitFor()
    const values = (
      await options.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')))
    )
      .map((id) => Number(id?.replace('leverage-option-', '')))
      .sort((a, b) => a - b)
    expect(values).toEqual(instrument.HasForexMultiple.map((option) => option.Value))
    const lowest = values[0]
    await page.getByTestId(`leverage-option-${lowest}`).click()
    await expect.poll(() => page.getByTestId('order-leverage').textContent()).toContain(`${lowest}x`)

    await page.getByTestId('order-side-buy').click()
    await page.getByTestId('order-type-market').click()
    await expect.poll(() => page.getByTestId('order-margin').textContent()).toMatch(/^[\d,]+\.\d{2}$/)
    const basic = await api<BasicInfo>('/api/basicSet/getBasicInfo')
    if (basic.trade_fee_type === 1) {
      // Money on screen has 2 decimals (cut, not rounded, as formatAmount writes it).
      const fee = (Math.trunc(instrument.ForexMinCont * instrument.ForexFeeRate * 100 + 1e-9) / 100).toFixed(
        2,
      )
      expect(await page.getByTestId('order-fee').textContent()).toBe(fee)
    }
    await form.scrollIntoViewIfNeeded()
    await shot('trade-order-form')

    await page.getByTestId('order-submit').click()
    await page.getByTestId('order-success').waitFor()
    expect(await page.getByTestId('order-success-price').textContent()).toMatch(/^[\d,]+\.\d{2}$/)
    await shot('order-success')
    await page.getByTestId('order-success-view').click()
    await page.waitForURL((url) => url.pathname === '/order' && url.searchParams.get('type') === '1')
  })

  it('lists the position under Holding with a profit that moves live', async () => {
    expect(await page.getByTestId('order-tab-1').getAttribute('aria-selected')).toBe('true')
    const row = page.locator('[data-testid^="order-row-"]').first()
    await row.waitFor()
    orderId = ((await row.getAttribute('data-testid')) ?? '').replace('order-row-', '')
    expect(orderId).toMatch(/^\d+$/)

    const profit = page.getByTestId(`order-profit-${orderId}`)
    const first = await profit.textContent()
    expect(first).toMatch(/^[+-]?[\d,]+\.\d{2}$/)
    // FOREX_TRADE comes about once a second; BTC ticks several times a second.
    await expect.poll(() => profit.textContent(), { timeout: 10_000, interval: 200 }).not.toBe(first)

    expect(await page.getByTestId('account-balance').textContent()).toMatch(/^[\d,]+\.\d{2}$/)
    expect(await page.getByTestId('account-margin').textContent()).toMatch(/^[\d,]+\.\d{2}$/)
    expect(await page.getByTestId('account-profit').textContent()).toMatch(/^[+-]?[\d,]+\.\d{2}$/)
    expect(await page.getByTestId('account-level').textContent()).toMatch(/^[\d,]+\.\d{2}%$/)
    await shot('order-holding')
  })

  it('sets a stop-loss far below the price in the detail sheet, then closes the position', async () => {
    await page.getByTestId(`order-row-${orderId}`).click()
    const sheet = page.getByTestId('order-detail')
    await sheet.waitFor()
    const price = Number((await page.getByTestId('detail-price').textContent())?.replace(/,/g, ''))
    expect(price).toBeGreaterThan(0)
    const stopLoss = Math.floor(price / 2)
    await page.getByTestId('detail-sl').fill(String(stopLoss))
    await page.getByTestId('detail-save').click()
    const shown = stopLoss.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    await expect
      .poll(() => page.getByTestId('detail-sl-saved').textContent(), { timeout: 10_000 })
      .toBe(shown)
    expect(await page.getByTestId(`order-sl-${orderId}`).textContent()).toBe(shown)
    await shot('order-detail')

    await page.getByTestId('detail-close').click()
    await page.getByTestId('detail-close-confirm').click()
    await sheet.waitFor({ state: 'detached', timeout: 10_000 })
    await page.getByTestId(`order-row-${orderId}`).waitFor({ state: 'detached', timeout: 10_000 })
  })

  it('shows the closed order in History and a balance of start - fee + booked profit, to the cent', async () => {
    await page.getByTestId('order-tab-3').click()
    await page.waitForURL((url) => url.searchParams.get('type') === '3')
    await page.getByTestId(`order-row-${orderId}`).waitFor()
    const profit = (await page.getByTestId(`order-profit-${orderId}`).textContent()) ?? ''
    const fee = (await page.getByTestId(`order-fee-${orderId}`).textContent()) ?? ''
    const expected = money2(cents(startingBalance) - cents(fee) + cents(profit))
    await expect
      .poll(() => page.getByTestId('account-balance').textContent(), { timeout: 10_000 })
      .toBe(expected)
    await shot('order-history')

    await page.goto(`${shared.base}/user`)
    await expect
      .poll(() => page.getByTestId('user-balance').textContent(), { timeout: 10_000 })
      .toBe(expected)
  })

  it('closes part of a position in the detail sheet; the rest stays open under its id', async () => {
    const three = (instrument.ForexMinCont * 3).toFixed(2)
    const leverage = instrument.HasForexMultiple[0]?.Value ?? 1
    await api(
      `/v1/api/forex/submit?forex_id=${instrument.Id}&type=1&cont=${three}&status=1&multiple=${leverage}`,
    )
    const held = await api<MyDealAnswer>('/v1/api/forex/my_deal?status=1&page=1&limit=15')
    const position = held.data[0]
    if (!position) throw new Error('the position did not open')
    await page.evaluate(() => window.localStorage.setItem('lang', 'en'))
    await page.goto(`${shared.base}/order?type=1`)
    await page.getByTestId(`order-row-${position.Id}`).click()
    await page.getByTestId('order-detail').waitFor()

    // The lots start at the whole position: the button closes it all.
    const lots = page.getByTestId('detail-close-lots')
    expect(await lots.inputValue()).toBe(three)
    expect(await page.getByTestId('detail-close-lots-plus').isDisabled()).toBe(true)
    expect(await page.getByTestId('detail-close').textContent()).toBe('Close position')
    await page.getByTestId('detail-close-lots-minus').click()
    const part = (instrument.ForexMinCont * 2).toFixed(2)
    expect(await lots.inputValue()).toBe(part)
    expect(await page.getByTestId('detail-close').textContent()).toBe(`Close ${part} lots`)
    await page.getByTestId('detail-close').scrollIntoViewIfNeeded()
    await shot('order-close-part')

    // Lots off the step are refused before anything is sent.
    await lots.fill((instrument.ForexMinCont * 2.5).toFixed(3))
    await page.getByTestId('detail-close').click()
    await page.locator('.adm-toast-main').filter({ hasText: 'multiple of' }).waitFor()
    await lots.fill(part)
    await page.getByTestId('detail-close').click()
    expect(await page.locator('.adm-dialog-content').textContent()).toContain(
      `Close ${part} of ${three} lots`,
    )
    await shot('order-close-part-confirm')
    await page.getByTestId('detail-close-confirm').click()
    await page.locator('.adm-toast-main').filter({ hasText: 'Part of the position closed' }).waitFor()
    await page.getByTestId('order-detail').waitFor({ state: 'detached', timeout: 10_000 })

    // The rest keeps its id and the minimum; the part is in History with its own profit.
    const row = page.getByTestId(`order-row-${position.Id}`)
    await expect
      .poll(() => row.textContent(), { timeout: 10_000 })
      .toContain(`${instrument.ForexMinCont} lots`)
    const after = await api<MyDealAnswer>('/v1/api/forex/my_deal?status=1&page=1&limit=15')
    expect(after.data.map((order) => [order.Id, order.Quantity])).toEqual([
      [position.Id, instrument.ForexMinCont],
    ])
    const history = await api<MyDealAnswer>('/v1/api/forex/my_deal?status=3&page=1&limit=15')
    const closedPart = history.data.find((order) => order.Quantity === Number(part))
    expect(closedPart?.Id).not.toBe(position.Id)
    expect(closedPart?.FactProfits).toMatch(/^-?\d+\.\d{6}$/)

    // At the minimum, the sheet offers only the whole close.
    await row.click()
    await page.getByTestId('order-detail').waitFor()
    expect(await page.getByTestId('detail-close-lots').count()).toBe(0)
    await page.getByTestId('detail-close').click()
    await page.getByTestId('detail-close-confirm').click()
    await page.getByTestId('order-detail').waitFor({ state: 'detached', timeout: 10_000 })
    await row.waitFor({ state: 'detached', timeout: 10_000 })
  })

  it('sets a trailing stop in the detail sheet: the stop-loss goes its distance behind the bid', async () => {
    const leverage = instrument.HasForexMultiple[0]?.Value ?? 1
    const placed = await api<{ id: number }>(
      `/v1/api/forex/submit?forex_id=${instrument.Id}&type=1&cont=${instrument.ForexMinCont}&status=1&multiple=${leverage}`,
    )
    await page.goto(`${shared.base}/order?type=1`)
    await page.getByTestId(`order-row-${placed.id}`).click()
    await page.getByTestId('order-detail').waitFor()
    // 500 000 points of BTC (2 decimals) are 5 000.00 below the bid.
    await page.getByTestId('detail-trailing').fill('500000')
    await page.getByTestId('detail-trailing-save').click()
    await page.locator('.adm-toast-main').filter({ hasText: 'Trailing stop set' }).waitFor()
    await expect
      .poll(() => page.getByTestId('detail-trailing-saved').textContent(), { timeout: 10_000 })
      .toBe('500000 pts')
    const [position] = (await api<MyDealAnswer>('/v1/api/forex/my_deal?status=1&page=1&limit=15')).data
    expect(position).toMatchObject({ Id: placed.id, TrailingStop: 500_000 })
    // At most 5 000 behind the bid of the moment, and it has caught up with it since.
    const gap = (position?.UpdatePrice ?? 0) - (position?.TargetLossPrice ?? 0)
    expect(gap).toBeGreaterThan(0)
    expect(gap).toBeLessThanOrEqual(5000.001)
    // The stop-loss field shows the stop the trail put there (sent as it is if the user saves).
    await expect
      .poll(async () => Number(await page.getByTestId('detail-sl').inputValue()), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(position?.TargetLossPrice ?? Number.NaN)
    await page.getByTestId('detail-trailing').scrollIntoViewIfNeeded()
    await shot('order-trailing')
    await api(`/v1/api/forex/close?id=${placed.id}`)
  })

  it('places a pending order with an expiry, then changes its price, stops and expiry in the detail sheet', async () => {
    await page.goto(`${shared.base}/trade?id=${instrument.Id}`)
    await page.getByTestId('ticket-buy').click()
    await page.getByTestId('order-form').waitFor()
    await page.getByTestId('order-type-pending').click()
    const quote = await api<Instrument[]>(`/v1/api/forex/trade_list?searchCurrency=${CODE}`)
    const ask = quote.find((item) => item.Code === CODE)?.Ask ?? 0
    // Far below the market: it waits, whatever the price does meanwhile.
    const target = Math.floor(ask * 0.8)
    await page.getByTestId('order-price').fill(String(target))
    await page.getByTestId('order-expiry-type').selectOption('2')
    const tomorrow = new Date(Date.now() + 24 * 3_600_000)
    const two = (n: number) => String(n).padStart(2, '0')
    const local = `${tomorrow.getFullYear()}-${two(tomorrow.getMonth() + 1)}-${two(tomorrow.getDate())}T10:30`
    await page.getByTestId('order-expiry-time').fill(local)
    await shot('ticket-pending-expiry')
    await page.getByTestId('order-submit').click()
    await page.getByTestId('order-success').waitFor()
    await page.getByTestId('order-success-view').click()
    await page.waitForURL((url) => url.pathname === '/order' && url.searchParams.get('type') === '0')
    const [placed] = (await api<MyDealAnswer>('/v1/api/forex/my_deal?status=0&page=1&limit=15')).data
    if (!placed) throw new Error('the pending order was not placed')
    const localAt = new Date(tomorrow.getFullYear(), tomorrow.getMonth(), tomorrow.getDate(), 10, 30)
    expect(placed).toMatchObject({
      OriginPrice: target,
      ExpireTimeHandler: localAt.toISOString().slice(0, 19).replace('T', ' '),
    })

    await page.getByTestId(`order-row-${placed.Id}`).click()
    await page.getByTestId('order-detail').waitFor()
    expect(await page.getByTestId('detail-pending-expiry-time').inputValue()).toBe(local)
    const lower = target - 100
    await page.getByTestId('detail-pending-price').fill(String(lower))
    await page.getByTestId('detail-pending-sl').fill(String(lower - 1000))
    // A take-profit below a buy's price is refused before anything is sent.
    await page.getByTestId('detail-pending-tp').fill(String(lower - 10))
    await page.getByTestId('detail-pending-save').click()
    await page.locator('.adm-toast-main').filter({ hasText: 'take-profit must be above' }).waitFor()
    await page.getByTestId('detail-pending-tp').fill('')
    await page.getByTestId('detail-pending-expiry-type').selectOption('1')
    expect(await page.getByTestId('detail-pending-expiry-until').textContent()).toMatch(/^Until /)
    await page.getByTestId('detail-pending-save').scrollIntoViewIfNeeded()
    await shot('order-pending-edit')
    await page.getByTestId('detail-pending-save').click()
    await page.locator('.adm-toast-main').filter({ hasText: 'Pending order changed' }).waitFor()
    const [changed] = (await api<MyDealAnswer>('/v1/api/forex/my_deal?status=0&page=1&limit=15')).data
    const now = new Date()
    const endOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
    expect(changed).toMatchObject({
      Id: placed.Id,
      OriginPrice: lower,
      TargetLossPrice: lower - 1000,
      TargetProfitPrice: 0,
      ExpireTimeHandler: endOfDay.toISOString().slice(0, 19).replace('T', ' '),
    })
    await expect
      .poll(() => page.getByTestId('detail-sl-saved').textContent(), { timeout: 10_000 })
      .toBe((lower - 1000).toLocaleString('en-US', { minimumFractionDigits: 2 }))
    await page.getByTestId('detail-cancel').click()
    await page.getByTestId('detail-cancel-confirm').click()
    await page.getByTestId(`order-row-${placed.Id}`).waitFor({ state: 'detached', timeout: 10_000 })
  })

  it('tells the user when a pending order expires, and takes it off the Pending list', async () => {
    const wire = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
    const expiresAt = Math.ceil((Date.now() + 3000) / 1000) * 1000
    const placed = await api<{ id: number }>(
      `/v1/api/forex/submit?forex_id=${instrument.Id}&type=1&cont=${instrument.ForexMinCont}&status=0` +
        `&target_price=1&multiple=${instrument.HasForexMultiple[0]?.Value ?? 1}` +
        `&expire_type=2&expire_time=${encodeURIComponent(wire(expiresAt))}`,
    )
    await page.goto(`${shared.base}/order?type=0`)
    const row = page.getByTestId(`order-row-${placed.id}`)
    await row.waitFor()
    await page
      .locator('.adm-toast-main')
      .filter({ hasText: `has expired (no. ${placed.id})` })
      .waitFor({ timeout: 15_000 })
    await row.waitFor({ state: 'detached', timeout: 10_000 })
    const [expired] = (await api<MyDealAnswer>('/v1/api/forex/my_deal?status=5&page=1&limit=15')).data
    expect(expired).toMatchObject({ Id: placed.id, Status: 5 })
  })

  it('adds price alerts on their screen, removes one, and hears another fire on the home screen', async () => {
    await page.goto(`${shared.base}/mine/alerts?id=${instrument.Id}`)
    await page.getByTestId('alert-add').waitFor()
    await expect.poll(() => page.getByTestId('alert-instrument').inputValue()).toBe(String(instrument.Id))
    const bidText = async () =>
      Number(((await page.getByTestId('alert-bid').textContent()) ?? '').replace(/[^\d.]/g, ''))
    await expect.poll(bidText).toBeGreaterThan(0)

    // Far above the market: it waits, and is removed.
    await page.getByTestId('alert-direction-1').click()
    await page.getByTestId('alert-price').fill(String(Math.round((await bidText()) * 2)))
    await page.getByTestId('alert-add').click()
    await page.locator('.adm-toast-main').filter({ hasText: 'Alert added' }).waitFor()
    const far = page.locator('[data-testid^="alert-row-"]').first()
    await far.waitFor()
    const farId = ((await far.getAttribute('data-testid')) ?? '').replace('alert-row-', '')
    // Below the bid for an alert above: refused before anything is sent.
    await page.getByTestId('alert-price').fill(String(Math.round((await bidText()) / 2)))
    await page.getByTestId('alert-add').click()
    await page.locator('.adm-toast-main').filter({ hasText: 'must be above the bid' }).waitFor()
    await shot('alerts')
    await page.getByTestId(`alert-remove-${farId}`).click()
    await page.getByTestId('alert-remove-confirm').click()
    await page.getByTestId(`alert-row-${farId}`).waitFor({ state: 'detached', timeout: 10_000 })

    // On the home screen first, with its socket live (the row's price has moved): an alert that
    // fired before the page listened would be missed, and a loaded machine loads pages slowly.
    await page.goto(`${shared.base}/`)
    const row = page.getByTestId(`market-row-${CODE}`)
    await row.waitFor()
    const before = await row.innerText()
    await expect.poll(() => row.innerText(), { timeout: 30_000 }).not.toBe(before)
    // A point either side of the bid: the next quote that moves fires one of them. The bid is read
    // again for each (the market moves meanwhile; an alert already reached is refused).
    const step = 10 ** -instrument.PricePrecision
    const addNear = async (direction: 1 | 2) => {
      for (let attempt = 0; ; attempt++) {
        const list = await api<Instrument[]>(`/v1/api/forex/trade_list?searchCurrency=${CODE}`)
        const now = list.find((item) => item.Code === CODE)?.Bid ?? 0
        const price = (now + (direction === 1 ? step : -step)).toFixed(instrument.PricePrecision)
        try {
          return await api(
            `/v1/api/alert/add?forex_id=${instrument.Id}&direction=${direction}&price=${price}`,
          )
        } catch (error) {
          if (attempt >= 4) throw error
        }
      }
    }
    await addNear(1)
    await addNear(2)
    await page
      .locator('.adm-toast-main')
      .filter({ hasText: `${CODE} reached` })
      .waitFor({ timeout: 60_000 })
    await page.goto(`${shared.base}/mine/alerts`)
    await expect
      .poll(() => page.locator('[data-testid^="alert-row-"][data-status="1"]').count(), { timeout: 10_000 })
      .toBeGreaterThan(0)
    await shot('alerts-fired')
  })

  it('lays /order out right to left in Arabic', async () => {
    await page.evaluate(() => window.localStorage.setItem('lang', 'ar'))
    await page.goto(`${shared.base}/order?type=3`)
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await page.getByTestId(`order-row-${orderId}`).waitFor()
    expect(await page.getByTestId('order-tab-3').textContent()).toBe('السجل')
    await shot('order-history-ar')
    expect(shared.pageErrors).toEqual([])
  })
})
