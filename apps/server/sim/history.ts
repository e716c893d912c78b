/**
 * A simulated history: the list of things that happen to the broker, drawn from one seed before any
 * of it runs. Actions name users, positions and instruments by index (resolved when they run), so
 * that a history with steps cut out still runs: the shrinker relies on it.
 */
import { seededRandom, type Random } from '@tp/engine'

/** Index into the users registered so far, the instruments simulated, or a user's live orders. */
type Pick = number

export type Action =
  | { kind: 'register' }
  | { kind: 'deposit'; user: Pick; amount: string; decision: 'approve' | 'reject' }
  | { kind: 'withdraw'; user: Pick; amount: string; decision: 'pay' | 'reject' | 'hold' }
  /** Staff decide the oldest withdrawal held for a decision. */
  | { kind: 'decide'; user: Pick; decision: 'pay' | 'reject' }
  | { kind: 'adjust'; user: Pick; amount: string }
  | {
      kind: 'open'
      user: Pick
      instrument: Pick
      side: 1 | 2
      lots: string
      leverage: Pick
      /** Stops this many points from the entry (0: none). */
      stopLossPoints: number
      takeProfitPoints: number
    }
  | {
      kind: 'pending'
      user: Pick
      instrument: Pick
      side: 1 | 2
      lots: string
      leverage: Pick
      /** The target this many points from the market: negative below, positive above. */
      offsetPoints: number
      /** Good till cancelled when 0. */
      expiresInMs: number
    }
  | { kind: 'trailing'; user: Pick; position: Pick; points: number }
  /** A position's stops moved (0 points: removed), as the trade screen's stop editor does. */
  | { kind: 'stops'; user: Pick; position: Pick; stopLossPoints: number; takeProfitPoints: number }
  /** A pending order's price, stops and expiry changed. */
  | {
      kind: 'modify'
      user: Pick
      pending: Pick
      offsetPoints: number
      takeProfitPoints: number
      expiresInMs: number
    }
  | { kind: 'close'; user: Pick; position: Pick; part: boolean }
  /** A position closed by another of the user's (an opposite one of its instrument when there is one). */
  | { kind: 'close-by'; user: Pick; position: Pick; by: Pick }
  | { kind: 'cancel'; user: Pick; pending: Pick }
  /**
   * A market order whose answer was lost (with `crash`, because the server stopped after the commit
   * and before the answer): sent again with the same idempotency key, to the new process if it crashed.
   */
  | { kind: 'retry'; user: Pick; instrument: Pick; side: 1 | 2; lots: string; leverage: Pick; crash: boolean }
  /** Quotes a second apart, each moving by a normal step of `volatility` (a fraction of the price). */
  | { kind: 'walk'; instrument: Pick; ticks: number; volatility: number; drift: number; seed: number }
  /** One quote `percent` away from the last: a gap that jumps over stops. */
  | { kind: 'gap'; instrument: Pick; percent: number }
  /** Time passes with no quote (quotes go stale, orders expire, rollovers come). */
  | { kind: 'time'; ms: number }
  /** To the next Monday's open; every instrument reopens with a gap. */
  | { kind: 'weekend'; percent: number }
  /** To noon of the next day every market but crypto is closed (25 December, 1 January), gapping. */
  | { kind: 'holiday'; percent: number }
  /** Staff change the margin-call and stop-out levels and the quote age limit (the back office's call). */
  | { kind: 'settings'; marginCallLevel: number; stopOutLevel: number; maxQuoteAgeMs: number }
  /** Staff change an instrument's house limits: the clients' net lots and one account's lots a side. */
  | { kind: 'limits'; instrument: Pick; maxNetLots: string | null; maxAccountLots: string | null }
  /** A quote older than the last one of its instrument (a feed's reordering), at the market of then. */
  | { kind: 'late-quote'; instrument: Pick }
  /** A quote stamped minutes ahead of the server's clock, far off the market: refused. */
  | { kind: 'future-quote'; instrument: Pick }
  /**
   * The database refuses the desk's next `failures` writes while `ticks` quotes move the markets and
   * a user places a market order: the desk answers what it could not write as unavailable and
   * rebuilds itself from the database.
   */
  | {
      kind: 'db-fault'
      failures: number
      user: Pick
      instrument: Pick
      side: 1 | 2
      lots: string
      leverage: Pick
      ticks: number
      seed: number
    }
  /** The server restarts: the new process rebuilds from the database and must equal the old memory. */
  | { kind: 'restart' }
  /** Copy trading (issue 29): `user` follows `leader` with an amount, a copy stop-loss, a share. */
  | {
      kind: 'follow'
      user: Pick
      leader: Pick
      amount: string
      stopLoss: number
      share: number
      copyOpen: boolean
    }
  /** `user` pauses or resumes its first running follow, or stops it, closing the copies or keeping them. */
  | { kind: 'unfollow'; user: Pick; how: 'pause' | 'close' | 'keep' }

const pick = (random: Random) => Math.floor(random.next() * 1_000_000)
const between = (random: Random, low: number, high: number) => low + random.next() * (high - low)
const side = (random: Random): 1 | 2 => (random.next() < 0.5 ? 1 : 2)
const LOTS = ['0.01', '0.02', '0.05', '0.1', '0.3', '1', '2', '5']
const lots = (random: Random) => LOTS[Math.floor(random.next() * LOTS.length)]!
const amount = (random: Random, low: number, high: number) => between(random, low, high).toFixed(2)

/** Who places an order on what, in which direction, how big, at which leverage option. */
const orderTerms = (random: Random) => ({
  user: pick(random),
  instrument: pick(random),
  side: side(random),
  lots: lots(random),
  leverage: pick(random),
})

/** How often each kind is drawn (relative weights). */
const WEIGHTS: [Action['kind'], number][] = [
  ['register', 4],
  ['deposit', 6],
  ['withdraw', 3],
  ['decide', 2],
  ['adjust', 1],
  ['open', 14],
  ['pending', 5],
  ['trailing', 3],
  ['stops', 3],
  ['modify', 2],
  ['close', 6],
  ['close-by', 2],
  ['cancel', 2],
  ['retry', 2],
  ['walk', 22],
  ['gap', 3],
  ['time', 5],
  ['weekend', 1],
  ['late-quote', 1],
  ['future-quote', 1],
  ['restart', 2],
  ['db-fault', 2],
  ['holiday', 0.5],
  ['settings', 1],
  ['limits', 2],
  ['follow', 5],
  ['unfollow', 1.5],
]
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, w]) => sum + w, 0)

function drawKind(random: Random): Action['kind'] {
  let at = random.next() * TOTAL_WEIGHT
  for (const [kind, weight] of WEIGHTS) if ((at -= weight) < 0) return kind
  return 'walk'
}

function draw(random: Random, kind: Action['kind']): Action {
  switch (kind) {
    case 'register':
    case 'restart':
      return { kind }
    case 'deposit':
      return {
        kind,
        user: pick(random),
        amount: amount(random, 50, 20_000),
        decision: random.next() < 0.85 ? 'approve' : 'reject',
      }
    case 'withdraw': {
      const roll = random.next()
      const decision = roll < 0.5 ? 'pay' : roll < 0.7 ? 'reject' : 'hold'
      return { kind, user: pick(random), amount: amount(random, 20, 3_000), decision }
    }
    case 'decide':
      return { kind, user: pick(random), decision: random.next() < 0.6 ? 'pay' : 'reject' }
    case 'adjust':
      return { kind, user: pick(random), amount: amount(random, -200, 500) }
    case 'open': {
      const stops = random.next() < 0.6
      return {
        kind,
        ...orderTerms(random),
        stopLossPoints: stops ? Math.round(between(random, 20, 3_000)) : 0,
        takeProfitPoints: stops && random.next() < 0.7 ? Math.round(between(random, 20, 3_000)) : 0,
      }
    }
    case 'pending':
      return {
        kind,
        ...orderTerms(random),
        offsetPoints: Math.round(between(random, -2_000, 2_000)) || 1,
        expiresInMs: random.next() < 0.5 ? 0 : Math.round(between(random, 60_000, 2 * 86_400_000)),
      }
    case 'trailing':
      return {
        kind,
        user: pick(random),
        position: pick(random),
        points: Math.round(between(random, 10, 1_000)),
      }
    case 'close':
      return { kind, user: pick(random), position: pick(random), part: random.next() < 0.3 }
    case 'close-by':
      return { kind, user: pick(random), position: pick(random), by: pick(random) }
    case 'stops':
      return {
        kind,
        user: pick(random),
        position: pick(random),
        stopLossPoints: random.next() < 0.2 ? 0 : Math.round(between(random, 20, 3_000)),
        takeProfitPoints: random.next() < 0.2 ? 0 : Math.round(between(random, 20, 3_000)),
      }
    case 'modify':
      return {
        kind,
        user: pick(random),
        pending: pick(random),
        offsetPoints: Math.round(between(random, -2_000, 2_000)) || 1,
        takeProfitPoints: random.next() < 0.5 ? 0 : Math.round(between(random, 20, 3_000)),
        expiresInMs: random.next() < 0.5 ? 0 : Math.round(between(random, 60_000, 2 * 86_400_000)),
      }
    case 'cancel':
      return { kind, user: pick(random), pending: pick(random) }
    case 'retry':
      return { kind, ...orderTerms(random), crash: random.next() < 0.5 }
    case 'walk':
      return {
        kind,
        instrument: pick(random),
        ticks: 1 + Math.floor(random.next() * 20),
        volatility: between(random, 0.0001, 0.003),
        drift: between(random, -0.5, 0.5),
        seed: pick(random),
      }
    case 'gap':
      return { kind, instrument: pick(random), percent: between(random, -8, 8) }
    case 'follow':
      return {
        kind,
        user: pick(random),
        leader: pick(random),
        amount: amount(random, 80, 8_000),
        stopLoss: [0, 0, 10, 30, 60][Math.floor(random.next() * 5)]!,
        share: [0, 10, 25][Math.floor(random.next() * 3)]!,
        copyOpen: random.next() < 0.3,
      }
    case 'unfollow': {
      const roll = random.next()
      return { kind, user: pick(random), how: roll < 0.4 ? 'pause' : roll < 0.7 ? 'close' : 'keep' }
    }
    case 'time':
      return { kind, ms: Math.round(between(random, 1_000, 12 * 3_600_000)) }
    case 'weekend':
      return { kind, percent: between(random, -10, 10) }
    case 'late-quote':
    case 'future-quote':
      return { kind, instrument: pick(random) }
    case 'holiday':
      return { kind, percent: between(random, -6, 6) }
    case 'settings': {
      const marginCallLevel = Math.round(between(random, 60, 200))
      return {
        kind,
        marginCallLevel,
        stopOutLevel: Math.round(between(random, 10, marginCallLevel - 10)),
        maxQuoteAgeMs: Math.round(between(random, 3_000, 30_000)),
      }
    }
    case 'limits':
      return {
        kind,
        instrument: pick(random),
        maxNetLots: random.next() < 0.2 ? null : between(random, 1, 20).toFixed(2),
        maxAccountLots: random.next() < 0.3 ? null : between(random, 0.5, 8).toFixed(2),
      }
    case 'db-fault':
      return {
        kind,
        failures: 1 + Math.floor(random.next() * 3),
        ...orderTerms(random),
        ticks: 1 + Math.floor(random.next() * 5),
        seed: pick(random),
      }
  }
}

/** The history of `seed`: `steps` actions, starting with a few sign-ups and deposits. */
export function historyOf(seed: number, steps: number): Action[] {
  const random = seededRandom(seed)
  const opening: Action[] = [
    { kind: 'register' },
    { kind: 'register' },
    { kind: 'deposit', user: 0, amount: amount(random, 1_000, 10_000), decision: 'approve' },
    { kind: 'deposit', user: 1, amount: amount(random, 1_000, 10_000), decision: 'approve' },
  ]
  const actions = opening.slice(0, steps)
  while (actions.length < steps) actions.push(draw(random, drawKind(random)))
  return actions
}
