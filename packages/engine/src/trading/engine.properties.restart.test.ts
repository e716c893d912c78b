// Engine properties: a restart from the live state continues exactly like the original.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { asJson } from './test-fixtures.ts'
import { setupArb, type Record_ } from './engine.properties.model.ts'
import { runAll } from './engine.properties.checks.ts'

/*
 * Random command sequences against invariants that must hold after every step: the ledger adds up,
 * a balance is below zero only while its account holds positions, the house writes off exactly the
 * negative equity of accounts as they become flat and nothing else, margin used is the hedged
 * margin of the positions at current prices, replays are identical, positions close at the right
 * side of the quote, and nothing reached is left unfired.
 */

describe('engine properties over random command sequences', () => {
  it('a restart (rebuilding the engine from its live state) continues exactly like the original', () => {
    /*
     * The margin-call state is restored too, so every event must match. Levels are floats summed in
     * another order after a restart: compared to 6 decimals.
     */
    const comparable = (records: Record_[]) =>
      asJson(
        records.map((r) => ({
          ...r,
          events: r.events.map((e) =>
            e.type === 'stop_out' || e.type === 'margin_call' ? { ...e, level: e.level.toFixed(6) } : e,
          ),
        })),
      )
    let restored = 0
    fc.assert(
      fc.property(setupArb, fc.nat(), (setup, at) => {
        const restartAt = at % setup.steps.length
        const original = runAll(setup, false)
        const restarted = runAll(setup, false, restartAt)
        expect(comparable(restarted.records)).toBe(comparable(original.records))
        expect(restarted.runner.snapshot()).toBe(original.runner.snapshot())
        restored += restarted.runner.restored
      }),
      { seed: 7, numRuns: 100 },
    )
    expect(restored).toBeGreaterThan(100)
  })
})
