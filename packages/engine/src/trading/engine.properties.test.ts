// Engine properties: the invariants after every step of random command sequences, and identical replays.
import { LedgerType } from '@tp/contracts'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { money } from './money.ts'
import { asJson } from './test-fixtures.ts'
import { setupArb } from './engine.properties.model.ts'
import { runAll } from './engine.properties.checks.ts'

/*
 * Random command sequences against invariants that must hold after every step: the ledger adds up,
 * a balance is below zero only while its account holds positions, the house writes off exactly the
 * negative equity of accounts as they become flat and nothing else, margin used is the hedged
 * margin of the positions at current prices, replays are identical, positions close at the right
 * side of the quote, and nothing reached is left unfired.
 */

describe('engine properties over random command sequences', () => {
  it('keeps the ledger, margin, trigger and stop-out invariants after every step, and replays identically', () => {
    const seen = {
      ...{
        closes: 0,
        stopOuts: 0,
        writeOffs: 0,
        fills: 0,
        refusals: 0,
        staleHoldings: 0,
        freezes: 0,
        partialCloses: 0,
        modified: 0,
        expired: 0,
        trailed: 0,
        swaps: 0,
        requotes: 0,
        netLimits: 0,
        accountLimits: 0,
        frozen: 0,
        tooClose: 0,
      },
      writtenOff: money(0),
    }
    fc.assert(
      fc.property(setupArb, (setup) => {
        const first = runAll(setup, true)
        seen.staleHoldings += first.runner.staleHoldings
        seen.trailed += first.runner.trailed
        // Everything the house wrote off is the sum of the write-off bookings, each of them checked
        // above against the negative equity of an account at the moment it became flat.
        const booked = first.records
          .flatMap((r) => r.events)
          .reduce(
            (sum, e) =>
              e.type === 'booked' && e.booking.type === LedgerType.WRITE_OFF
                ? sum.plus(e.booking.amount)
                : sum,
            money(0),
          )
        expect(booked.toString()).toBe(first.runner.writtenOff.toString())
        seen.writtenOff = seen.writtenOff.plus(booked)
        // (d): the same commands on a fresh engine give the same events and the same final state.
        const second = runAll(setup, false)
        expect(asJson(second.records)).toBe(asJson(first.records))
        expect(second.runner.snapshot()).toBe(first.runner.snapshot())
        for (const r of first.records) {
          if (r.refused) seen.refusals++
          if (r.refused === 'requote') seen.requotes++
          if (r.refused === 'exposure_limit') seen.netLimits++
          if (r.refused === 'account_limit') seen.accountLimits++
          if (r.refused === 'order_frozen') seen.frozen++
          if (r.refused === 'stops_too_close' || r.refused === 'price_too_close') seen.tooClose++
          for (const e of r.events) {
            if (e.type === 'position_closed') seen.closes++
            if (e.type === 'position_reduced') seen.partialCloses++
            if (e.type === 'pending_changed') seen.modified++
            if (e.type === 'order_cancelled' && e.reason === 'expired') seen.expired++
            if (e.type === 'booked' && e.booking.type === LedgerType.SWAP) seen.swaps++
            if (e.type === 'stop_out') seen.stopOuts++
            if (e.type === 'booked' && e.booking.type === LedgerType.WRITE_OFF) seen.writeOffs++
            if (e.type === 'position_opened' && r.step.kind === 'tick') seen.fills++
            if (e.type === 'booked' && e.booking.type === LedgerType.FREEZE) seen.freezes++
          }
        }
      }),
      { seed: 42, numRuns: 150 },
    )
    // The generator reaches the interesting paths (a guard against a generator that tests nothing).
    expect(seen.closes).toBeGreaterThan(100)
    expect(seen.partialCloses).toBeGreaterThan(10)
    expect(seen.modified).toBeGreaterThan(10)
    expect(seen.expired).toBeGreaterThan(10)
    expect(seen.trailed).toBeGreaterThan(10)
    expect(seen.swaps).toBeGreaterThan(10)
    expect(seen.requotes).toBeGreaterThan(10)
    expect(seen.netLimits).toBeGreaterThan(10)
    expect(seen.accountLimits).toBeGreaterThan(10)
    expect(seen.frozen).toBeGreaterThan(0)
    expect(seen.tooClose).toBeGreaterThan(5)
    expect(seen.stopOuts).toBeGreaterThan(5)
    expect(seen.writeOffs).toBeGreaterThan(5)
    expect(seen.writtenOff.isPositive()).toBe(true)
    // Stale quotes and closed markets occur while positions are open.
    expect(seen.staleHoldings).toBeGreaterThan(100)
    expect(seen.fills).toBeGreaterThan(20)
    expect(seen.freezes).toBeGreaterThan(20)
    expect(seen.refusals).toBeGreaterThan(100)
  })
})
