import { describe, expect, it } from 'vitest'
import { buy, makeEngine, mustOpen } from './test-fixtures.ts'

/** Issue 22, item 10: what can be withdrawn is free margin within the balance, and a refusal says it. */
describe('withdrawable', () => {
  it('is the balance with no positions, and free margin with them', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    expect(engine.withdrawable(1)).toBe('1000.00')
    // 1 lot 1:200: margin 550.05; marked at the bid: -10; equity 990, free margin 439.95.
    mustOpen(engine, buy({ leverage: 200 }))
    expect(engine.withdrawable(1)).toBe('439.95')
    expect(engine.withdrawable(99)).toBeUndefined()
  })

  it('refuses a freeze above it with the figure, and freezes it exactly', () => {
    const engine = makeEngine({ accounts: { 1: '1000' } })
    mustOpen(engine, buy({ leverage: 200 }))
    expect(engine.freeze(1, '440', 'withdrawal:1')).toEqual({
      ok: false,
      reason: 'withdraw_above_available',
      detail: { amount: '439.95' },
    })
    expect(engine.freeze(1, '439.95', 'withdrawal:2').ok).toBe(true)
    expect(engine.withdrawable(1)).toBe('0.00')
  })

  it('never goes below zero when the free margin is negative', () => {
    const engine = makeEngine({ accounts: { 1: '560' } })
    mustOpen(engine, buy({ leverage: 200 }))
    // Free margin -0.05 after the mark: nothing can leave.
    expect(engine.withdrawable(1)).toBe('0.00')
  })

  it('is nothing for a practice account, whatever its balance', () => {
    const engine = makeEngine({ accounts: {} })
    engine.addAccount(5, '10000', false, '0', true)
    expect(engine.withdrawable(5)).toBe('0.00')
  })
})
