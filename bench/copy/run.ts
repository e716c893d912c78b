/**
 * bench/copy (issue 29, decision 053): what copy trading costs the single writer.
 *
 * 1. One leader with 1,000 followers opens a position: the engine's command (1,001 positions) and
 *    its commit (one `writeEvents` statement) on PGlite, and PostgreSQL with BENCH_DATABASE_URL or
 *    TEST_DATABASE_URL, next to a baseline in the same process: the same 1,001 positions opened as
 *    1,001 commands of their own (the engine), and written as one batch without copies (the
 *    database). Goal: under 50 ms for the command and its commit.
 * 2. Ticks with 100,000 copied positions (100 leaders, 1,000 followers each, stops on the leaders'
 *    positions so that some close, and close their 1,000 copies, during the run): the tick p50 and
 *    p99 next to the same positions held as the followers' own (no follows), on the same ticks.
 *
 * Run: npm run copy -w bench [-- --followers 1000 --leaders 100 --ticks 20000]
 */
import { parseArgs } from 'node:util'
import { MarginMode, Side } from '@tp/contracts'
import {
  DEFAULT_RISK,
  NO_SWAP,
  SessionCalendar,
  TradingEngine,
  seededRandom,
  weekWindow,
  type EngineEvent,
  type InstrumentTerms,
  type Quote,
} from '@tp/engine'
import { createPostgresDatabase } from '../../apps/server/test/postgres.ts'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { seedDatabase } from '../../apps/server/src/seed/seed-database.ts'
import { seedCatalogue } from '../../apps/server/src/seed/seed-catalogue.ts'
import { inArray } from 'drizzle-orm'
import { accounts, instruments as instrumentRows } from '../../apps/server/src/db/schema.ts'
import { insertUser } from '../../apps/server/src/users/users.ts'
import { claimFence, writeEvents } from '../../apps/server/src/trading/event-writer.ts'
import { spread } from '../engine/timing.ts'

const { values } = parseArgs({
  options: {
    followers: { type: 'string', default: '1000' },
    leaders: { type: 'string', default: '100' },
    ticks: { type: 'string', default: '20000' },
    repeats: { type: 'string', default: '20' },
  },
})
const FOLLOWERS = Number(values.followers)
const LEADERS = Number(values.leaders)
const TICKS = Number(values.ticks)
const REPEATS = Number(values.repeats)
const POSTGRES = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const START = 1_800_000_000_000
const INSTRUMENTS = 20

const terms: InstrumentTerms[] = Array.from({ length: INSTRUMENTS }, (_, i) => ({
  id: i + 1,
  code: `U${String(i).padStart(2, '0')}USD`,
  precision: 3,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '1000',
  contractSize: '1000',
  marginMode: MarginMode.Leveraged,
  feeRate: '1',
  leverage: [10, 20, 30],
  quoteCurrency: 'USD',
  calendar: new SessionCalendar({ timeZone: 'America/New_York', windows: [weekWindow(0, 17, 5, 17)] }),
  swap: NO_SWAP,
  stopsLevel: 0,
  freezeLevel: 0,
  maxNetLots: null,
  maxAccountLots: null,
  enabled: true,
}))
const quoteAt = (mid: number, timeMs: number): Quote => {
  const bid = Math.round((mid - 0.01) * 1000) / 1000
  return { bid, ask: Math.round((bid + 0.02) * 1000) / 1000, timeMs }
}

function engineWith(accountCount: number): TradingEngine {
  const engine = new TradingEngine(terms, DEFAULT_RISK)
  engine.grantOrderIds(1, 10_000_000)
  terms.forEach((t) => engine.primeQuote(t.id, quoteAt(100, START)))
  for (let a = 1; a <= accountCount; a++) engine.addAccount(a, '100000')
  return engine
}
const openOf = (userId: number, lots: string, stopLoss = 0, instrumentId = 1) => ({
  userId,
  instrumentId,
  side: Side.Buy,
  lots,
  leverage: 20,
  stopLoss,
  takeProfit: 0,
  nowMs: START,
})
const must = (result: ReturnType<TradingEngine['open']>) => {
  if (!result.ok) throw new Error(`refused: ${result.reason}`)
  return result
}

// ---- 1. One leader order, 1,000 copies ----

function oneLeaderOrder(): { copied: number[]; baseline: number[]; events: EngineEvent[] } {
  const copied: number[] = []
  const baseline: number[] = []
  let events: EngineEvent[] = []
  for (let r = 0; r < REPEATS; r++) {
    const engine = engineWith(FOLLOWERS + 1)
    for (let f = 2; f <= FOLLOWERS + 1; f++)
      must(
        engine.follow({
          followerId: f,
          leaderId: 1,
          allocation: '50000',
          copyStopLossPercent: 0,
          profitSharePercent: 0,
          copyOpen: false,
          nowMs: START,
        }),
      )
    let started = performance.now()
    events = must(engine.open(openOf(1, '2'))).events
    copied.push(performance.now() - started)
    const opened = events.filter((e) => e.type === 'position_opened').length
    if (opened !== FOLLOWERS + 1) throw new Error(`${opened} positions opened, not ${FOLLOWERS + 1}`)
    const plain = engineWith(FOLLOWERS + 1)
    started = performance.now()
    must(plain.open(openOf(1, '2')))
    for (let f = 2; f <= FOLLOWERS + 1; f++) must(plain.open(openOf(f, '1')))
    baseline.push(performance.now() - started)
  }
  return { copied, baseline, events }
}

/** The commit of the leader's command, against one batch of as many own positions. */
async function commits(url: string | undefined, events: EngineEvent[]) {
  const database = await openDatabase(url ? { url } : { dataDir: 'memory://' })
  const db = database.db
  await seedDatabase(db)
  await seedCatalogue(db)
  // The engine's user and instrument ids, in a database of their own.
  const [instrument] = await db.select({ id: instrumentRows.id }).from(instrumentRows).limit(1)
  const userIds: number[] = []
  for (let n = 0; n <= FOLLOWERS; n++) {
    const user = await db.transaction((tx) =>
      insertUser(
        tx,
        {
          email: null,
          mobile: null,
          areaId: null,
          passwordHash: null,
          isDemo: true,
          demoId: `copy-bench-${n}`,
          invitedBy: null,
        },
        new Date(),
      ),
    )
    userIds.push(user.id)
  }
  const epoch = await claimFence(db)
  const times: number[] = []
  const plainTimes: number[] = []
  let round = 0
  const remap = (batch: EngineEvent[], offset: number, asOwn: boolean): EngineEvent[] =>
    batch.flatMap((e): EngineEvent[] => {
      if (e.type === 'booked')
        return [{ ...e, booking: { ...e.booking, userId: userIds[e.booking.userId - 1]! } }]
      if (e.type === 'position_opened')
        return [
          {
            ...e,
            order: {
              ...e.order,
              id: e.order.id + offset,
              userId: userIds[e.order.userId - 1]!,
              instrumentId: instrument!.id,
              copyOf: asOwn || e.order.copyOf === 0 ? 0 : e.order.copyOf + offset,
              followId: 0,
            },
          },
        ]
      return []
    })
  // Every round's fees are booked from the same balances.
  const refill = () => db.update(accounts).set({ balance: '100000' }).where(inArray(accounts.userId, userIds))
  for (let r = 0; r < REPEATS; r++) {
    const copied = remap(events, (round += 10_000), false)
    await refill()
    let started = performance.now()
    await writeEvents(db, epoch, copied)
    times.push(performance.now() - started)
    const own = remap(events, (round += 10_000), true)
    await refill()
    started = performance.now()
    await writeEvents(db, epoch, own)
    plainTimes.push(performance.now() - started)
  }
  await database.close()
  return { times, plainTimes }
}

// ---- 2. Ticks with 100,000 copied positions ----

function tickRun(withFollows: boolean) {
  const accountCount = LEADERS + FOLLOWERS * Math.ceil(LEADERS / 10)
  const engine = engineWith(accountCount)
  const random = seededRandom(11)
  // Leaders in blocks of 10 share a block of FOLLOWERS followers: each follower follows 10 leaders.
  const followerOf = (leader: number, n: number) =>
    LEADERS + 1 + (Math.floor((leader - 1) / 10) * FOLLOWERS + n)
  if (withFollows)
    for (let leader = 1; leader <= LEADERS; leader++)
      for (let n = 0; n < FOLLOWERS; n++)
        must(
          engine.follow({
            followerId: followerOf(leader, n),
            leaderId: leader,
            allocation: '5000',
            copyStopLossPercent: 0,
            profitSharePercent: 0,
            copyOpen: false,
            nowMs: START,
          }),
        )
  for (let leader = 1; leader <= LEADERS; leader++) {
    const instrumentId = 1 + (leader % INSTRUMENTS)
    // Stops 0.3 % to 3 % below: the bigger moves reach some, closing the leader's and its copies.
    const stopLoss = Math.round(100 * (1 - 0.003 - random.next() * 0.027) * 1000) / 1000
    must(engine.open(openOf(leader, '1', stopLoss, instrumentId)))
    // Without follows the followers hold the same positions as their own.
    if (!withFollows)
      for (let n = 0; n < FOLLOWERS; n++)
        must(engine.open(openOf(followerOf(leader, n), '0.05', stopLoss, instrumentId)))
  }
  const copies = engine.copyCount()
  const mids = terms.map(() => 100)
  const walk = seededRandom(5)
  const times: number[] = []
  let closed = 0
  for (let t = 0; t < TICKS; t++) {
    const i = Math.floor(walk.next() * INSTRUMENTS)
    mids[i] = (mids[i] as number) * (1 + (walk.next() - 0.5) * 0.002)
    const started = performance.now()
    const events = engine.applyTick(i + 1, quoteAt(mids[i] as number, START + 1000 + t))
    times.push(performance.now() - started)
    closed += events.filter((e) => e.type === 'position_closed').length
  }
  return { copies, closed, ...spread(times) }
}

const ms = (n: number) => `${n.toFixed(2)} ms`
const { copied, baseline, events } = oneLeaderOrder()
const command = spread(copied)
const plain = spread(baseline)
console.log(`1 leader, ${FOLLOWERS} followers: one order opens ${FOLLOWERS + 1} positions (${REPEATS} runs)`)
console.log(`  engine, mirrored command:        p50 ${ms(command.p50)}  max ${ms(command.max)}`)
console.log(`  engine, ${FOLLOWERS + 1} own commands (baseline): p50 ${ms(plain.p50)}  max ${ms(plain.max)}`)
for (const [name, url] of [['PGlite', undefined], ...(POSTGRES ? [['PostgreSQL', POSTGRES]] : [])] as const) {
  const target = url ? await createPostgresDatabase(url) : undefined
  const { times, plainTimes } = await commits(target?.url, events)
  await target?.drop()
  const a = spread(times)
  const b = spread(plainTimes)
  console.log(`  commit on ${name}, one statement:   p50 ${ms(a.p50)}  max ${ms(a.max)}`)
  console.log(`  commit on ${name}, as own (baseline): p50 ${ms(b.p50)}  max ${ms(b.max)}`)
  console.log(`  command + commit on ${name}: p50 ${ms(command.p50 + a.p50)} (goal < 50 ms)`)
}
const withCopies = tickRun(true)
const without = tickRun(false)
console.log(`${TICKS} ticks, ${LEADERS} leaders x ${FOLLOWERS} followers:`)
console.log(
  `  ${withCopies.copies} copied positions: tick p50 ${ms(withCopies.p50)}  p99 ${ms(withCopies.p99)}  max ${ms(withCopies.max)}  (${withCopies.closed} closed)`,
)
console.log(
  `  same positions, own (baseline):  tick p50 ${ms(without.p50)}  p99 ${ms(without.p99)}  max ${ms(without.max)}  (${without.closed} closed)`,
)
