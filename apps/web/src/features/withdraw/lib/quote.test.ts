import type { DrawSymbol } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { quoteText } from './quote.ts'

const usdt: DrawSymbol = {
  id: 1,
  code: 'USDT',
  protocol: 'TRC20',
  draw_rate: '1',
  fee_type: 1,
  usd_price: '1',
  label: 'USDT-TRC20',
  precision: 6,
  rate_source: 'staff',
  rate_ready: true,
  rate_time: 0,
  rate_margin_pct: '0',
}
const euro: DrawSymbol = {
  ...usdt,
  code: 'EUR',
  protocol: '',
  draw_rate: '0.001',
  fee_type: 2,
  usd_price: '1.08',
  precision: 2,
}
const btc: DrawSymbol = {
  ...usdt,
  code: 'BTC',
  protocol: 'BTC',
  draw_rate: '0',
  fee_type: 2,
  usd_price: '74973',
  precision: 8,
  rate_source: 'quote:BTCUSD',
  rate_time: 1_795_431_600_000,
  rate_margin_pct: '0.5',
}

describe('quoteText', () => {
  it('shows -- with no currency', () => {
    expect(quoteText('100', null)).toEqual({ fee: '--', received: '--', rate: '' })
  })
  it('shows 0 code while the amount is empty or not an amount', () => {
    for (const typed of ['', '0', '-5', 'abc', '1e3', '1.234'])
      expect(quoteText(typed, usdt)).toEqual({ fee: '0.00', received: '0 USDT', rate: '1 USDT = 1.00 USD' })
  })
  it('takes a fixed fee off and converts with the USD price', () => {
    expect(quoteText('100', usdt)).toMatchObject({ fee: '1.00', received: '99.00 USDT' })
  })
  it('takes a share of the amount (at least a cent) and converts to the currency', () => {
    // fee 0.10; (100 - 0.10) / 1.08 = 92.50
    expect(quoteText('100', euro)).toMatchObject({ fee: '0.10', received: '92.50 EUR' })
    expect(quoteText('1', euro)).toMatchObject({
      fee: '0.01',
      received: '0.91 EUR',
      rate: '1 EUR = 1.08 USD',
    })
  })
  it('never shows a negative received amount', () => {
    expect(quoteText('0.5', usdt)).toMatchObject({ fee: '1.00', received: '0.00 USDT' })
  })
  it("shows a coin exact to its smallest unit at the server's live rate (issue 22), never 0.01 coin", () => {
    expect(quoteText('476', btc)).toEqual({
      fee: '0.00',
      received: '0.00634895 BTC',
      rate: '1 BTC = 74,973.00 USD',
    })
  })
  it('shows no received amount while the server has no live rate', () => {
    expect(quoteText('476', { ...btc, rate_ready: false }).received).toBe('--')
  })
})
