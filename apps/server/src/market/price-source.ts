import { readFileSync } from 'node:fs'
import {
  gapTime,
  quoteFromMid,
  seedOf,
  seededRandom,
  stepMid,
  type SessionCalendar,
  type WalkSpec,
} from '@tp/engine'
import type { Depth, Tick } from './market-data.ts'

/**
 * Where prices come from. A real feed (a liquidity provider's FIX or websocket stream) implements
 * this too: it calls `emit` for every quote and stops when asked.
 */
export interface PriceSource {
  /** Starts quoting: `emit` each quote, and tell `events` what else the source knows. */
  start(emit: (tick: Tick) => void, events?: SourceEvents): void
  /** Stops quoting; a source with connections to close resolves when they are closed. */
  stop(): void | Promise<void>
}

/** What a source may tell besides quotes (a liquidity provider's; the simulator tells none of it). */
export interface SourceEvents {
  /** The instrument is no longer quoted at all (every provider of it gone): closed until its next quote. */
  halt(code: string): void
  /** The instrument's order book changed. */
  depth(code: string, depth: Depth): void
}

export interface SimulatedInstrument {
  code: string
  walk: WalkSpec
  /** When its market trades: quotes come only then. */
  calendar: SessionCalendar
  precision: number
  spreadPoints: number
  tickIntervalMs: number
  /** Where the walk starts: the mid of the last stored quote. */
  startMid: number
  startMs: number
}

/** How often the simulator looks for instruments whose next quote is due. */
const SCHEDULER_MS = 25
/** A closed market is looked at again after this long. */
const CLOSED_RECHECK_MS = 1000

/**
 * The built-in simulator: each instrument's mid walks (price-walk.ts) with quotes arriving at random
 * intervals averaging its tick interval, only while its market is open. A long close moves the
 * first quote after it like a gap. Seeded per code and start time: reproducible in a test.
 */
export function simulatorSource(
  instruments: readonly SimulatedInstrument[],
  clock: () => number,
  seed = 0,
): PriceSource {
  let timer: NodeJS.Timeout | undefined
  return {
    start(emit) {
      // `spec` is kept, not copied: its calendar and spread may be live views of the catalogue.
      const states = instruments.map((spec) => ({
        spec,
        mid: spec.startMid,
        lastMs: spec.startMs,
        dueMs: clock(),
        random: seededRandom(seedOf(spec.code) ^ seed),
      }))
      timer = setInterval(() => {
        const now = clock()
        for (const s of states) {
          if (now < s.dueMs) continue
          const { spec } = s
          if (!spec.calendar.isOpenAt(now)) {
            s.dueMs = now + CLOSED_RECHECK_MS
            continue
          }
          s.mid = stepMid(s.mid, spec.walk, gapTime(now - s.lastMs), s.random)
          s.lastMs = now
          // Exponential waits: quotes arrive like a Poisson process, not on a metronome.
          s.dueMs = now + -Math.log(1 - s.random.next()) * spec.tickIntervalMs
          emit({ code: spec.code, ...quoteFromMid(s.mid, spec.spreadPoints, spec.precision), timeMs: now })
        }
      }, SCHEDULER_MS)
      timer.unref()
    },
    stop() {
      clearInterval(timer)
      timer = undefined
    },
  }
}

/**
 * Plays a recorded list of ticks with their original spacing (divided by `speed`), moved in time so
 * the first plays now. With `loop`, it starts over after the last, later by the recording's length.
 */
export function replaySource(
  ticks: readonly Tick[],
  clock: () => number,
  options: { speed?: number; loop?: boolean } = {},
): PriceSource {
  const speed = options.speed ?? 1
  const sorted = [...ticks].sort((a, b) => a.timeMs - b.timeMs)
  let timer: NodeJS.Timeout | undefined
  return {
    start(emit) {
      if (sorted.length === 0) return
      const first = (sorted[0] as Tick).timeMs
      const span = (sorted.at(-1) as Tick).timeMs - first + 1
      let index = 0
      let startedAt = clock()
      const playDue = () => {
        const elapsed = (clock() - startedAt) * speed
        while (index < sorted.length && (sorted[index] as Tick).timeMs - first <= elapsed) {
          const tick = sorted[index] as Tick
          emit({ ...tick, timeMs: startedAt + (tick.timeMs - first) / speed })
          index++
        }
        if (index < sorted.length) return schedule(((sorted[index] as Tick).timeMs - first - elapsed) / speed)
        if (!options.loop) return
        index = 0
        startedAt += span / speed
        schedule(Math.max(0, startedAt - clock()))
      }
      const schedule = (delayMs: number) => {
        timer = setTimeout(playDue, Math.max(0, delayMs))
        timer.unref()
      }
      playDue()
    },
    stop() {
      clearTimeout(timer)
      timer = undefined
    },
  }
}

/**
 * Reads a tick file: one tick per line, `time_ms,code,bid,ask` (a header line and lines starting
 * with # are skipped). Throws with the line number on a malformed line.
 */
export function readTickFile(path: string): Tick[] {
  const ticks: Tick[] = []
  readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .forEach((line, index) => {
      const text = line.trim()
      if (!text || text.startsWith('#') || /^time/i.test(text)) return
      const [time, code, bid, ask] = text.split(',').map((part) => part.trim())
      const tick = { timeMs: Number(time), code: code ?? '', bid: Number(bid), ask: Number(ask) }
      const valid =
        tick.code && [tick.timeMs, tick.bid, tick.ask].every(Number.isFinite) && tick.ask >= tick.bid
      if (!valid) throw new Error(`${path}:${index + 1}: expected time_ms,code,bid,ask`)
      ticks.push(tick)
    })
  return ticks
}
