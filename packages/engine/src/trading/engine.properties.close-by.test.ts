// Engine properties with close-bys among the steps: every invariant after every step, identical replays.
import { ClosedType } from '@tp/contracts'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { asJson } from './test-fixtures.ts'
import { setupWithCloseBysArb } from './engine.properties.model.ts'
import { runAll } from './engine.properties.checks.ts'

/*
 * The histories of engine.properties.test.ts with close-bys mixed in (a pair of the user's opposite
 * positions when there is one, else any two, another user's now and then): the ledger, margin,
 * trigger and stop-out invariants hold after each, a close by's two records are at the second
 * position's open price (engine.properties.invariants.ts checkCloseBy), another's position is
 * refused, and a replay is identical.
 */
describe('engine properties with close-bys', () => {
  it('keeps every invariant and replays identically', () => {
    const seen = { pairs: 0, refused: 0 }
    fc.assert(
      fc.property(setupWithCloseBysArb, (setup) => {
        const first = runAll(setup, true)
        const second = runAll(setup, false)
        expect(asJson(second.records)).toBe(asJson(first.records))
        for (const r of first.records) {
          if (r.step.kind !== 'close_by') continue
          if (r.refused) seen.refused++
          const pair = r.events.filter(
            (e) => e.type === 'position_closed' && e.order.closedType === ClosedType.CloseBy,
          )
          if (pair.length > 0) seen.pairs++
        }
      }),
      { seed: 25, numRuns: 200 },
    )
    // The generator reaches close-bys that go through, and refusals.
    expect(seen.pairs).toBeGreaterThan(8)
    expect(seen.refused).toBeGreaterThan(50)
  })
})
