// Engine properties with client groups moving and markups changing among the steps (decision 052).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { asJson } from './test-fixtures.ts'
import { setupWithPricingArb } from './engine.properties.model.ts'
import { runAll } from './engine.properties.checks.ts'

/*
 * The histories of engine.properties.test.ts with staff moving users between the default group and
 * "vip" and changing vip's markups: every invariant holds after every step at each account's own
 * quote (fills and closes at it, margin at it, no stop or pending order left crossed by it, trailing
 * stops caught up with it), a replay is identical, and a restart anywhere (client groups given to
 * the new engine before its orders) continues exactly like the original.
 */
describe('engine properties with client-group markups', () => {
  it('keeps every invariant at each account’s own quote, replays identically and survives a restart', () => {
    const seen = { moves: 0, vipFills: 0 }
    fc.assert(
      fc.property(setupWithPricingArb, fc.nat(), (setup, at) => {
        const first = runAll(setup, true)
        const second = runAll(setup, false, at % setup.steps.length)
        expect(asJson(second.records)).toBe(asJson(first.records))
        expect(second.runner.snapshot()).toBe(first.runner.snapshot())
        for (const r of first.records) if (r.step.kind === 'pricing') seen.moves++
        seen.vipFills += first.records.filter((r) =>
          r.events.some((e) => e.type === 'position_opened' && first.runner.vips.has(e.order.userId)),
        ).length
      }),
      { seed: 52, numRuns: 150 },
    )
    expect(seen.moves).toBeGreaterThan(100)
    expect(seen.vipFills).toBeGreaterThan(50)
  })
})
