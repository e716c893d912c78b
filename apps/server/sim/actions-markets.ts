/** What moves the markets and the calendar: walks, weekends, holidays, stray quotes, staff's limits. */
import { eq } from 'drizzle-orm'
import { seededRandom } from '@tp/engine'
import { instruments } from '../src/db/schema.ts'
import type { Action } from './history.ts'
import { TICK_MS, type World } from './world.ts'

/** How much the markets a walk is not about move each second (a fraction of the price). */
const QUIET_VOLATILITY = 0.0002

export function walk(world: World, a: Extract<Action, { kind: 'walk' }>): void {
  const instrument = world.instrument(a.instrument)
  const random = seededRandom(a.seed)
  // Every market moves each second; the walk's own instrument moves by its volatility and drift.
  for (let i = 0; i < a.ticks; i++) {
    world.app.clock.advance(TICK_MS)
    for (const other of world.instruments)
      if (other === instrument)
        world.quote(other, other.mid * (1 + a.volatility * (random.normal() + a.drift)))
      else world.quote(other, other.mid * (1 + QUIET_VOLATILITY * random.normal()))
    world.app.desk.onClock()
  }
  world.say(`walk ${instrument.code} ${a.ticks} ticks to ${instrument.mid.toFixed(instrument.precision)}`)
}

export function weekend(world: World, percent: number): void {
  const now = world.nowMs()
  const day = new Date(now).getUTCDay()
  // The next Monday, 01:00 UTC: every simulated market has reopened.
  const monday = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate() + ((8 - day) % 7 || 7),
    1,
  )
  world.app.clock.set(monday)
  world.app.desk.onClock()
  for (const instrument of world.instruments) {
    world.app.clock.advance(TICK_MS)
    world.quote(instrument, instrument.mid * (1 + percent / 100))
  }
  world.say(`weekend to ${new Date(monday).toISOString()} gap ${percent.toFixed(2)}%`)
}

/** To noon of the next 25 December or 1 January (closed for all but crypto), every market gapping. */
export function holiday(world: World, percent: number): void {
  const now = new Date(world.nowMs())
  const year = now.getUTCFullYear()
  const candidates = [
    Date.UTC(year, 11, 25, 12),
    Date.UTC(year + 1, 0, 1, 12),
    Date.UTC(year + 1, 11, 25, 12),
  ]
  const at = candidates.find((ms) => ms > now.getTime())!
  world.app.clock.set(at)
  world.app.desk.onClock()
  for (const instrument of world.instruments) {
    world.app.clock.advance(TICK_MS)
    world.quote(instrument, instrument.mid * (1 + percent / 100))
  }
  world.say(`holiday ${new Date(at).toISOString().slice(0, 10)} gap ${percent.toFixed(2)}%`)
}

/**
 * Staff change an instrument's house limits: the row as the back office's catalogue change writes
 * it once approved, then the desk takes the new terms (`reload`, as the catalogue's listener does).
 */
export async function limits(world: World, a: Extract<Action, { kind: 'limits' }>): Promise<void> {
  const instrument = world.instrument(a.instrument)
  await world.app.db
    .update(instruments)
    .set({ maxNetLots: a.maxNetLots, maxAccountLots: a.maxAccountLots })
    .where(eq(instruments.id, instrument.id))
  await world.app.desk.reload()
  world.say(`limits ${instrument.code}: net ${a.maxNetLots ?? 'none'}, account ${a.maxAccountLots ?? 'none'}`)
}

/**
 * A quote out of order: the market of a moment before the last quote, arriving after it (a feed's
 * reordering), which a process that saw the newer quote ignores; or one stamped minutes in the
 * future at a price far off the market, which the feed refuses.
 */
export function strayQuote(world: World, kind: 'late-quote' | 'future-quote', index: number): void {
  const instrument = world.instrument(index)
  const quotes = world.liveQuotes.get(instrument.id)!
  const last = quotes[quotes.length - 1]!
  if (kind === 'late-quote') {
    // Between the last two quotes in price, a millisecond before the last one in time.
    const before = quotes[quotes.length - 2] ?? last
    const grid = (value: number) => Number(value.toFixed(instrument.precision))
    const bid = grid((before.bid + last.bid) / 2)
    world.app.tick({
      code: instrument.code,
      bid,
      ask: grid(bid + (last.ask - last.bid)),
      timeMs: last.timeMs - 1,
    })
  } else {
    const far = (value: number) => Number((value * 1.25).toFixed(instrument.precision))
    world.app.tick({
      code: instrument.code,
      bid: far(last.bid),
      ask: far(last.ask),
      timeMs: world.nowMs() + 600_000,
    })
  }
  world.say(`${kind} ${instrument.code}`)
}
