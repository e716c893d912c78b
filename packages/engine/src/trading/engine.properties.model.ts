// The property tests' model: markets, limits, swaps, the random steps and setups, a plain check.
import { Side, SwapMode, type SideValue } from '@tp/contracts'
import fc from 'fast-check'
import { type SwapTerms } from './swaps.ts'
import { EURJPY, EURUSD, GER40, USDJPY } from './test-fixtures.ts'
import { type EngineEvent, type InstrumentTerms } from './types.ts'

/** Order ids granted to an engine at once: more than any run takes. */
export const ID_BLOCK = 1_000_000_000
export const USERS = [1, 2, 3]
/** A practice account: limited per account like the others, but outside the house's net limit. */
export const DEMO_USER = 3
export const STEP_MS = 200

/** Four instruments: a USD pair, USDJPY (its own conversion), a JPY cross and an index in EUR. */
export interface Market {
  id: number
  /** Starting bid, the typical spread and one "step" of a move, in points (10^-precision). */
  bid: number
  spread: number
  step: number
}
export const MARKETS: Market[] = [
  { id: EURUSD, bid: 110_000, spread: 10, step: 10 },
  { id: USDJPY, bid: 160_000, spread: 10, step: 10 },
  { id: EURJPY, bid: 176_000, spread: 15, step: 10 },
  { id: GER40, bid: 180_000, spread: 5, step: 10 },
]

/**
 * Price protection and house limits on some markets: EURUSD keeps stops 15 points off the market and
 * freezes 20 points from a trigger; USDJPY and GER40 cap the real clients' net lots and each account's.
 */
export const LIMITS: Record<number, Partial<InstrumentTerms>> = {
  [EURUSD]: { stopsLevel: 15, freezeLevel: 20 },
  [USDJPY]: { maxNetLots: '3', maxAccountLots: '2.5' },
  [GER40]: { maxNetLots: '1', maxAccountLots: '3' },
}

/** Swaps that charge and credit (the waits cross rollovers): points for the pairs, a percentage for the index. */
export const SWAPS: Record<number, SwapTerms> = {
  [EURUSD]: { long: '-7.1', short: '2.3', mode: SwapMode.Points, tripleDay: 3, rolloverMinute: 1320 },
  [USDJPY]: { long: '14.5', short: '-28.9', mode: SwapMode.Points, tripleDay: 3, rolloverMinute: 1320 },
  [EURJPY]: { long: '7.75', short: '-19.4', mode: SwapMode.Points, tripleDay: 3, rolloverMinute: 1320 },
  [GER40]: { long: '-4.7', short: '-0.3', mode: SwapMode.Percent, tripleDay: 5, rolloverMinute: 1320 },
}

export type Step =
  | { kind: 'tick'; market: number; move: number; spread: number }
  | {
      kind: 'open'
      user: number
      market: number
      side: SideValue
      lots: number
      leverage: number
      /** Offsets in steps from the reference price; positive is the valid side; 0 is none. */
      sl: number
      tp: number
      /** 0: a market order; otherwise a pending order this many steps from the entry price. */
      pending: number
      /** A pending order's expiry, ms from now (0: none; 0 or less refused). */
      expiry: number
      /** A market order's price seen, in points from the price it fills at (null: none sent), and the deviation allowed. */
      seen: number | null
      deviation: number
    }
  /** A pending order's new price (steps from its entry price), stops and expiry. */
  | {
      kind: 'modify'
      user: number
      pick: number
      foreign: boolean
      pending: number
      sl: number
      tp: number
      expiry: number
    }
  | { kind: 'cancel'; user: number; pick: number; foreign: boolean }
  /** `part`: hundredths of a lot to close (0: the whole position). */
  | { kind: 'close'; user: number; pick: number; foreign: boolean; part: number }
  /** A close by: the user's position `pick` by position `by` (of someone else's, `foreign`). */
  | { kind: 'close_by'; user: number; pick: number; by: number; foreign: boolean }
  | { kind: 'stops'; user: number; pick: number; foreign: boolean; sl: number; tp: number }
  /** A trailing stop of `points` (0 removes it; below 0 is refused). */
  | { kind: 'trail'; user: number; pick: number; foreign: boolean; points: number }
  | { kind: 'adjust'; user: number; cents: number }
  | { kind: 'reset'; user: number; cents: number }
  /** Time passes: past the stale limit, or by hours (sessions close at night and over weekends). */
  | { kind: 'wait'; ms: number }
  /** Money held for a withdrawal, released again or paid out. */
  | { kind: 'freeze' | 'release' | 'pay_out'; user: number; cents: number }
  /**
   * Staff move a user to a client group (vip or the default) and set vip's markup on a market, in
   * points (0: none): the user's quotes change at once (decision 052).
   */
  | { kind: 'pricing'; user: number; vip: boolean; market: number; points: number }
  /** Copy trading (decision 053): `user` follows, pauses, resumes or stops following `leader`. */
  | {
      kind: 'follow'
      user: number
      leader: number
      allocation: string
      stop: number
      share: number
      copyOpen: boolean
    }
  | { kind: 'pause'; user: number; leader: number; paused: boolean }
  | { kind: 'unfollow'; user: number; leader: number; close: boolean }
  /** The desk's clock for follows: copy stop-losses checked, profit shares settled. */
  | { kind: 'copy_clock' }

export interface Setup {
  feePerLot: boolean
  balances: number[]
  steps: Step[]
}

export const user = fc.constantFrom(...USERS)
export const market = fc.integer({ min: 0, max: MARKETS.length - 1 })
export const stopOffset = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.integer({ min: -3, max: 60 }) },
)
/** Mostly none; else a few steps to a few minutes ahead (so that waits pass them), or already past. */
export const expiryArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 300_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: 0 }) },
)
export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 40,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      market,
      // Mostly a small walk; now and then a gap of up to 400 steps (a few percent).
      move: fc.oneof(
        { weight: 5, arbitrary: fc.integer({ min: -6, max: 6 }) },
        { weight: 1, arbitrary: fc.integer({ min: -400, max: 400 }) },
      ),
      spread: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 30,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      user,
      market,
      side: fc.constantFrom(Side.Buy, Side.Sell),
      lots: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 400 })),
      leverage: fc.constantFrom(10, 50, 100, 200, 200, 500, 500, 500, 500, 300),
      sl: stopOffset,
      tp: stopOffset,
      pending: fc.oneof(
        { weight: 3, arbitrary: fc.constant(0) },
        { weight: 2, arbitrary: fc.integer({ min: -20, max: 20 }) },
      ),
      expiry: expiryArb,
      seen: fc.option(fc.integer({ min: -30, max: 30 }), { freq: 2 }),
      deviation: fc.integer({ min: 0, max: 20 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('modify' as const),
      user,
      pick: fc.nat(10),
      foreign: fc.boolean(),
      pending: fc.integer({ min: -20, max: 20 }),
      sl: stopOffset,
      tp: stopOffset,
      expiry: expiryArb,
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      user,
      pick: fc.nat(10),
      foreign: fc.boolean(),
    }),
  },
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      user,
      pick: fc.nat(10),
      foreign: fc.boolean(),
      // Whole, or a part that may be off the step, too small, too large or leave too little.
      part: fc.oneof(
        { weight: 2, arbitrary: fc.constant(0) },
        { weight: 2, arbitrary: fc.integer({ min: 1, max: 400 }) },
      ),
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('stops' as const),
      user,
      pick: fc.nat(10),
      foreign: fc.boolean(),
      sl: stopOffset,
      tp: stopOffset,
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('trail' as const),
      user,
      pick: fc.nat(10),
      foreign: fc.boolean(),
      points: fc.oneof(
        { weight: 1, arbitrary: fc.constant(0) },
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 30 }) },
        { weight: 1, arbitrary: fc.integer({ min: -5, max: -1 }) },
      ),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      user,
      cents: fc.integer({ min: -300_000, max: 300_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reset' as const),
      user,
      cents: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('freeze' as const, 'freeze' as const, 'release' as const, 'pay_out' as const),
      user,
      cents: fc.integer({ min: 1, max: 500_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.oneof(
        { weight: 3, arbitrary: fc.constant(11_000) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 8 }).map((h) => h * 6 * 60 * 60 * 1000) },
      ),
    }),
  },
)

export const setupArb: fc.Arbitrary<Setup> = fc.record({
  feePerLot: fc.boolean(),
  balances: fc.tuple(...USERS.map(() => fc.constantFrom(300, 1000, 1000, 5000, 20_000))),
  steps: fc.array(stepArb, { minLength: 20, maxLength: 110, size: 'max' }),
})

/**
 * The same histories with close-bys among the steps (engine.properties.close-by.test.ts). Kept apart
 * from `stepArb` so that the other property tests draw the histories they always drew.
 */
export const closeByStepArb = fc.record({
  kind: fc.constant('close_by' as const),
  user,
  pick: fc.nat(10),
  by: fc.nat(10),
  // Mostly the user's own: another's position is refused.
  foreign: fc.oneof(
    { weight: 4, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
})
export const setupWithCloseBysArb: fc.Arbitrary<Setup> = fc.record({
  feePerLot: fc.boolean(),
  // Larger balances than setupArb's: more orders fill, so more hedges to close by.
  balances: fc.tuple(...USERS.map(() => fc.constantFrom(300, 5000, 20_000, 20_000))),
  steps: fc.array(fc.oneof({ weight: 9, arbitrary: stepArb }, { weight: 2, arbitrary: closeByStepArb }), {
    minLength: 20,
    maxLength: 110,
    size: 'max',
  }),
})

/** One step's outcome: the events, and the refusal if the command was refused. */
export interface Record_ {
  step: Step
  events: EngineEvent[]
  refused?: string
}

/** A plain assertion: `expect` is too slow for thousands of checks per property run. */
export function check(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message())
}

/** A client-group change among the steps (engine.properties.group-markups.test.ts). */
export const pricingStepArb = fc.record({
  kind: fc.constant('pricing' as const),
  user,
  vip: fc.boolean(),
  market,
  points: fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }) },
  ),
})
export const setupWithPricingArb: fc.Arbitrary<Setup> = fc.record({
  feePerLot: fc.boolean(),
  balances: fc.tuple(...USERS.map(() => fc.constantFrom(300, 1000, 5000, 20_000))),
  steps: fc.array(fc.oneof({ weight: 10, arbitrary: stepArb }, { weight: 1, arbitrary: pricingStepArb }), {
    minLength: 20,
    maxLength: 110,
    size: 'max',
  }),
})

/** Copy-trading steps among the others (engine.properties.copy-trading.test.ts). */
export const copyStepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('follow' as const),
      // Mostly the two real users after each other (the practice one follows nobody real).
      user: fc.constantFrom(1, 2, 1, 2, DEMO_USER),
      leader: fc.constantFrom(1, 2, 2, 1, DEMO_USER),
      allocation: fc.constantFrom('100', '250', '1000', '1000', '5000', '5000', '99', '20000.50', '150.125'),
      stop: fc.constantFrom(0, 0, 10, 30, 60, 3),
      share: fc.constantFrom(0, 10, 25, 31),
      copyOpen: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('pause' as const), user, leader: user, paused: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('unfollow' as const), user, leader: user, close: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'copy_clock' as const }) },
)
/** The two real users start following each other (each history then pauses, stops, follows again). */
const followsFirst = fc.tuple(
  fc.constantFrom('1000', '5000', '20000'),
  fc.constantFrom('1000', '5000'),
  fc.constantFrom(0, 20),
  fc.constantFrom(0, 20, 30),
)
export const setupWithCopiesArb: fc.Arbitrary<Setup> = fc
  .record({
    feePerLot: fc.boolean(),
    balances: fc.tuple(...USERS.map(() => fc.constantFrom(5000, 20_000, 50_000))),
    first: followsFirst,
    steps: fc.array(fc.oneof({ weight: 8, arbitrary: stepArb }, { weight: 2, arbitrary: copyStepArb }), {
      minLength: 20,
      maxLength: 110,
      size: 'max',
    }),
  })
  .map(({ first: [a, b, stop, share], steps, ...rest }) => ({
    ...rest,
    steps: [
      { kind: 'follow' as const, user: 2, leader: 1, allocation: a, stop, share, copyOpen: false },
      { kind: 'follow' as const, user: 1, leader: 2, allocation: b, stop: 0, share, copyOpen: true },
      ...steps,
    ],
  }))
