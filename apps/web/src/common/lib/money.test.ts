import { describe, expect, it } from 'vitest'
import { formatAmount } from './money.ts'

describe('formatAmount', () => {
  it.each([
    ['10000.00', '10,000.00'],
    ['10000.5', '10,000.50'],
    ['0', '0.00'],
    ['1234567.891', '1,234,567.89'],
    ['-42.1', '-42.10'],
    ['007.10', '7.10'],
  ])('%s -> %s', (value, expected) => {
    expect(formatAmount(value)).toBe(expected)
  })

  it('shows -- for anything that is not a decimal', () => {
    expect(formatAmount(undefined)).toBe('--')
    expect(formatAmount('abc')).toBe('--')
  })

  it('takes other precisions', () => {
    expect(formatAmount('1.2345678', 6)).toBe('1.234567')
  })
})
