import type { LedgerRecord } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { heldText, ledgerDescription } from './ledger-text.ts'

describe('ledgerDescription', () => {
  it("shows staff's memo for type 10 and the translated type name otherwise", () => {
    const base = { Memo: 'Bonus for March', MemoTran: 'Adjustment' }
    expect(ledgerDescription({ ...base, Type: 10 as LedgerRecord['Type'] })).toBe('Bonus for March')
    for (const type of [1, 2, 3, 11])
      expect(ledgerDescription({ ...base, Type: type as LedgerRecord['Type'] })).toBe('Adjustment')
  })
})

describe('heldText', () => {
  it('names a hold or a release of frozen money, and nothing for rows that move the balance', () => {
    expect(heldText({ Value: '0.000000', Frozen: '100.000000' })).toEqual({
      key: 'money.held',
      amount: '100.000000',
    })
    expect(heldText({ Value: '0.000000', Frozen: '-100.000000' })).toEqual({
      key: 'money.released',
      amount: '100.000000',
    })
    expect(heldText({ Value: '-100.000000', Frozen: '-100.000000' })).toBeUndefined()
    expect(heldText({ Value: '25.500000', Frozen: '0.000000' })).toBeUndefined()
    expect(heldText({ Value: '0.000000', Frozen: '0.000000' })).toBeUndefined()
  })
})
