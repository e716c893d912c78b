/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Instrument, MyDealAnswer, TransOrder } from '@tp/contracts'
import { browserAvailable, platformWithPhone, ROOT, settledScreenshot, signedInCall } from './platform.ts'

const SHOTS = join(ROOT, '.tmp/screens')
/** Crypto trades around the clock, so positions open and close on any day. */
const CODE = 'BTCUSD'
const ordersTexts = (lang: string) =>
  (
    JSON.parse(readFileSync(join(ROOT, `apps/web/src/common/i18n/trading/${lang}.json`), 'utf8')) as {
      orders: Record<string, string>
    }
  ).orders
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]))

/**
 * Issue 25, close by (MT5; decision 037): in a position's detail sheet on /order the opposite
 * positions of its instrument are listed; one tap and a confirmation showing the lots, the rest and
 * the profit close the pair against each other, and History says which position closed which.
 */
describe.skipIf(!browserAvailable())('close by on the phone', () => {
  const shared = platformWithPhone(SHOTS)
  let page: Page
  let token = ''
  let instrument: Instrument

  beforeAll(() => {
    page = shared.page
  })
  const api = <T>(path: string) => signedInCall<T>(shared.base, token, path)

  /** Opens a market position through the API and returns it as my_deal lists it. */
  async function open(type: 1 | 2, lots: number): Promise<TransOrder> {
    const leverage = instrument.HasForexMultiple[0]?.Value ?? 1
    const placed = await api<{ id: number }>(
      `/v1/api/forex/submit?forex_id=${instrument.Id}&type=${type}&cont=${lots}&status=1&multiple=${leverage}`,
    )
    const holding = await api<MyDealAnswer>('/v1/api/forex/my_deal?status=1&page=1&limit=50')
    return holding.data.find((o) => o.Id === placed.id) as TransOrder
  }

  it('signs in to a demo account', async () => {
    await page.goto(`${shared.base}/login?from=${encodeURIComponent('/')}`)
    await page.getByTestId('login-demo').click()
    await page.waitForURL((url) => url.pathname === '/')
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? ''
    const list = await api<Instrument[]>(`/v1/api/forex/trade_list?searchCurrency=${CODE}`)
    instrument = list.find((item) => item.Code === CODE) as Instrument
  })

  it.each(['en', 'hk', 'ar'])('closes a buy by a smaller sell from the detail sheet in %s', async (lang) => {
    const texts = ordersTexts(lang)
    const min = instrument.ForexMinCont
    const buy = await open(1, min * 2)
    const sell = await open(2, min)
    const other = await open(1, min)
    await page.evaluate((code) => localStorage.setItem('lang', code), lang)
    await page.goto(`${shared.base}/order?type=1`)
    await page.getByTestId(`order-row-${buy.Id}`).click()
    const section = page.getByTestId('detail-close-by')
    await section.waitFor()
    // Only the opposite position is offered: not the other buy, not the position itself.
    const items = section.getByTestId('close-by-item')
    await expect.poll(() => items.count()).toBe(1)
    expect(await items.first().getAttribute('data-order-id')).toBe(String(sell.Id))
    await section.scrollIntoViewIfNeeded()
    await settledScreenshot(page, join(SHOTS, `close-by-sheet-${lang}.png`))

    await items.first().click()
    const preview = page.getByTestId('close-by-preview')
    await preview.waitFor()
    // The confirmation says what closes, what stays open and what the pair earns:
    // (sell's open - buy's open) x lots x contract size (BTCUSD is quoted in USD).
    const expected = (sell.Price - buy.Price) * min * instrument.ForexContNum
    // Without the isolation marks around the figure (they keep its sign with it in Arabic).
    const text = (await preview.innerText()).replace(/[\u2066-\u2069]/g, '')
    expect(text).toContain(`#${buy.Id}`)
    expect(text).toContain(`#${sell.Id}`)
    expect(text).toContain(fill(texts.closeByRest!, { rest: min, keep: buy.Id }))
    if (lang === 'en')
      expect(text).toContain(
        fill(texts.closeByConfirm!, {
          id: buy.Id,
          by: sell.Id,
          lots: min,
          profit: `${expected >= 0 ? '+' : '-'}${Math.abs(expected).toFixed(2)}`,
        }),
      )
    await settledScreenshot(page, join(SHOTS, `close-by-confirm-${lang}.png`))
    await page.getByTestId('close-by-confirm').click()

    // The buy keeps the rest, the sell is gone; History names the other position on both records.
    await expect
      .poll(async () => {
        const holding = await api<MyDealAnswer>('/v1/api/forex/my_deal?status=1&page=1&limit=50')
        return holding.data.map((o) => [o.Id, o.Quantity])
      })
      .toEqual([
        [other.Id, min],
        [buy.Id, min],
      ])
    const history = await api<MyDealAnswer>('/v1/api/forex/my_deal?finished=1&page=1&limit=5')
    const sold = history.data.find((o) => o.Id === sell.Id) as TransOrder
    const part = history.data.find((o) => o.CloseById === sell.Id) as TransOrder
    expect(sold).toMatchObject({
      ClosedType: 6,
      CloseById: buy.Id,
      UpdatePrice: sell.Price,
      FactProfits: '0.000000',
    })
    // The buy's part closed at the sell's open price: (sell open - buy open) x lots x contract size.
    expect(part).toMatchObject({ ClosedType: 6, UpdatePrice: sell.Price, Quantity: min })
    expect(Number(part.FactProfits)).toBeCloseTo(expected, 2)

    await page.goto(`${shared.base}/order?type=3`)
    await expect
      .poll(() => page.getByTestId(`order-row-${sell.Id}`).innerText())
      .toContain(fill(texts.closedBy!, { id: buy.Id }))
    await settledScreenshot(page, join(SHOTS, `close-by-history-${lang}.png`))
    // Clean up for the next language: nothing stays open.
    await api(`/v1/api/forex/batch_Close_by_type?type=0`)
    expect(shared.pageErrors).toEqual([])
  })
})
