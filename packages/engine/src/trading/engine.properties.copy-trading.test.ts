// Engine properties with copy trading among the steps (decision 053).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { asJson } from './test-fixtures.ts'
import { setupWithCopiesArb } from './engine.properties.model.ts'
import { runAll } from './engine.properties.checks.ts'

/*
 * The histories of engine.properties.test.ts with users following each other (both ways at once
 * too), pausing, stopping with and without closing, and the desk's clock checking copy stop-losses
 * and settling profit shares: every invariant of the other histories holds (the ledger chains,
 * margins, limits, triggers), every leader trade is copied or skipped once per running follow,
 * no copy outlives its leader's position, profit share comes in pairs; a replay is identical and a
 * restart anywhere (follows restored before orders) continues exactly like the original.
 */
describe('engine properties with copy trading', () => {
  it('mirrors every leader trade once, keeps every invariant, replays identically and survives a restart', () => {
    const seen = { follows: 0, copies: 0, skips: 0, mirroredCloses: 0, shares: 0 }
    fc.assert(
      fc.property(setupWithCopiesArb, fc.nat(), (setup, at) => {
        const first = runAll(setup, true)
        const second = runAll(setup, false, at % setup.steps.length)
        expect(asJson(second.records)).toBe(asJson(first.records))
        expect(second.runner.snapshot()).toBe(first.runner.snapshot())
        for (const r of first.records) {
          if (r.step.kind === 'follow' && r.refused === undefined) seen.follows++
          for (const e of r.events) {
            if (e.type === 'position_opened' && e.order.copyOf !== 0) seen.copies++
            if (e.type === 'copy_skipped') seen.skips++
            if (e.type === 'position_closed' && e.order.closedType === 7) seen.mirroredCloses++
            if (e.type === 'booked' && e.booking.type === 12) seen.shares++
          }
        }
      }),
      { seed: 53, numRuns: 300 },
    )
    expect(seen.follows).toBeGreaterThan(300)
    expect(seen.copies).toBeGreaterThan(200)
    expect(seen.skips).toBeGreaterThan(40)
    expect(seen.mirroredCloses).toBeGreaterThan(20)
    expect(seen.shares).toBeGreaterThan(20)
  })
})
