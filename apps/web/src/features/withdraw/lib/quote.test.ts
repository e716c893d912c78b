import type { DrawSymbol } from '@tp/contracts'
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
}
const euro: DrawSymbol = {
  ...usdt,
  code: 'EUR',
  protocol: '',
  draw_rate: '0.001',
  fee_type: 2,
  usd_price: '1.08',
}

describe('quoteText', () => {
  it('shows -- with no currency', () => {
    expect(quoteText('100', null)).toEqual({ fee: '--', received: '--' })
  })
  it('shows 0 code while the amount is empty or not an amount', () => {
    for (const typed of ['', '0', '-5', 'abc', '1e3', '1.234'])
      expect(quoteText(typed, usdt)).toEqual({ fee: '0.00', received: '0 USDT' })
  })
  it('takes a fixed fee off and converts with the USD price', () => {
    expect(quoteText('100', usdt)).toEqual({ fee: '1.00', received: '99.00 USDT' })
  })
  it('takes a share of the amount (at least a cent) and converts to the currency', () => {
    // fee 0.10; (100 - 0.10) / 1.08 = 92.50
    expect(quoteText('100', euro)).toEqual({ fee: '0.10', received: '92.50 EUR' })
    expect(quoteText('1', euro)).toEqual({ fee: '0.01', received: '0.92 EUR' })
  })
  it('never shows a negative received amount', () => {
    expect(quoteText('0.5', usdt)).toEqual({ fee: '1.00', received: '0.00 USDT' })
  })
})
