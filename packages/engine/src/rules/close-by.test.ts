import { describe, expect, it } from 'vitest'
import { closeByLots, closeByProfit } from './close-by.ts'

describe('close by rules', () => {
  it('closes the smaller lots, and the pair earns the open prices apart, converted, to the cent', () => {
    expect(closeByLots('1', '0.4').toString()).toBe('0.4')
    expect(closeByLots('0.3', '0.3').toString()).toBe('0.3')
    expect(closeByProfit(1.1001, 1.1009, '0.4', '100000', 1).toString()).toBe('32')
    // A sell opened below the buy loses: (1.1001 - 1.1009) x 0.4 lots.
    expect(closeByProfit(1.1009, 1.1001, '0.4', '100000', 1).toString()).toBe('-32')
    // USDJPY, 0.1 lot apart by 0.125 yen at 160 yen a dollar: 1250 yen = 7.8125 USD, half to even.
    expect(closeByProfit(160.005, 160.13, '0.1', '100000', '0.00625').toString()).toBe('7.81')
  })
})
