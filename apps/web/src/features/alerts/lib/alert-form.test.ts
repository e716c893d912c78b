import { AlertDirection } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { checkAlertPrice } from './alert-form.ts'

const key = (checked: ReturnType<typeof checkAlertPrice>) =>
  checked.ok ? checked.value : checked.problem.key

describe('the price of a new alert', () => {
  it('lies above the bid for an alert above, below it for one below', () => {
    expect(key(checkAlertPrice('65100', AlertDirection.Above, 65_000, 2))).toBe(65_100)
    expect(key(checkAlertPrice('64900.5', AlertDirection.Below, 65_000, 2))).toBe(64_900.5)
    expect(key(checkAlertPrice('65000', AlertDirection.Above, 65_000, 2))).toBe('alerts.errors.notAbove')
    expect(key(checkAlertPrice('65001', AlertDirection.Below, 65_000, 2))).toBe('alerts.errors.notBelow')
  })

  it('is a price on the grid', () => {
    expect(key(checkAlertPrice('', AlertDirection.Above, 1, 2))).toBe('alerts.errors.priceRequired')
    for (const text of ['0', '1.001', 'abc', '-5'])
      expect(key(checkAlertPrice(text, AlertDirection.Above, 0, 2))).toBe('orderForm.errors.priceInvalid')
  })
})
