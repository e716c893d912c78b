import type { LedgerRecord } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { ledgerDescription } from './ledger-text.ts'

describe('ledgerDescription', () => {
  it("shows staff's memo for type 10 and the translated type name otherwise", () => {
    const base = { Memo: 'Bonus for March', MemoTran: 'Adjustment' }
    expect(ledgerDescription({ ...base, Type: 10 as LedgerRecord['Type'] })).toBe('Bonus for March')
    for (const type of [1, 2, 3, 11])
      expect(ledgerDescription({ ...base, Type: type as LedgerRecord['Type'] })).toBe('Adjustment')
  })
})
