import { describe, expect, it } from 'vitest'
import { maskCardId } from './mask.ts'

describe('maskCardId', () => {
  it.each([
    ['AB123456789', 'AB*****6789'],
    ['A1234567', 'A1**4567'],
    ['1234567', '12*4567'],
    ['123456', '1****6'],
    ['1234', '1**4'],
    ['12', '**'],
    ['', ''],
  ])('%s is shown as %s', (cardId, shown) => {
    expect(maskCardId(cardId)).toBe(shown)
  })
})
