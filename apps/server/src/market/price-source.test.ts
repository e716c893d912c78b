import { writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SESSION_TEMPLATES, SessionCalendar, type SessionTemplate } from '@tp/engine'
import type { Tick } from './market-data.ts'
import { readTickFile, replaySource, simulatorSource, type SimulatedInstrument } from './price-source.ts'

const FIXTURE = new URL('../../test/fixtures/ticks.csv', import.meta.url).pathname
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A clock that starts at `startMs` and runs at real speed. */
const runningClock = (startMs: number) => {
  const began = Date.now()
  return () => startMs + (Date.now() - began)
}

const instrument = (code: string, sessions: SessionTemplate): SimulatedInstrument => ({
  code,
  walk: { anchor: 100, dailyVolatility: 0.02, reversionDays: 90 },
  calendar: SessionCalendar.utc(SESSION_TEMPLATES[sessions]),
  precision: 2,
  spreadPoints: 5,
  tickIntervalMs: 20,
  startMid: 100,
  startMs: 0,
})

describe('simulator', () => {
  const collect = async (startMs: number) => {
    const ticks: Tick[] = []
    const source = simulatorSource(
      [instrument('FX', 'forex'), instrument('COIN', 'always')],
      runningClock(startMs),
    )
    source.start((tick) => ticks.push(tick))
    await sleep(400)
    source.stop()
    return ticks
  }

  it('quotes only open markets: forex on a Wednesday, not on a Saturday; crypto on both', async () => {
    const wednesday = await collect(Date.UTC(2026, 10, 25, 12))
    const saturday = await collect(Date.UTC(2026, 10, 28, 12))
    expect(wednesday.filter((t) => t.code === 'FX').length).toBeGreaterThan(3)
    expect(wednesday.filter((t) => t.code === 'COIN').length).toBeGreaterThan(3)
    expect(saturday.filter((t) => t.code === 'FX')).toEqual([])
    expect(saturday.filter((t) => t.code === 'COIN').length).toBeGreaterThan(3)
  })

  it('keeps the spread exact, prices at the precision, and time moving forward', async () => {
    const ticks = await collect(Date.UTC(2026, 10, 25, 12))
    for (const [i, tick] of ticks.entries()) {
      expect(Math.round((tick.ask - tick.bid) * 100)).toBe(5)
      expect(Math.round(tick.bid * 100) / 100).toBe(tick.bid)
      if (i > 0) expect(tick.timeMs).toBeGreaterThanOrEqual((ticks[i - 1] as Tick).timeMs)
    }
  })
})

describe('replay', () => {
  it('reads a tick file, skipping the header and comments', () => {
    const ticks = readTickFile(FIXTURE)
    expect(ticks).toHaveLength(5)
    expect(ticks[0]).toEqual({ timeMs: 1795431600000, code: 'EURUSD', bid: 1.08501, ask: 1.08511 })
  })

  it('names the line of a malformed tick', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ticks-'))
    const file = join(dir, 'bad.csv')
    writeFileSync(file, '1,EURUSD,1.1,1.2\n2,EURUSD,abc,1.2\n')
    expect(() => readTickFile(file)).toThrow(/bad\.csv:2/)
  })

  it('plays the ticks in order with their spacing, moved to now', async () => {
    const ticks = readTickFile(FIXTURE)
    const played: Tick[] = []
    const startedAt = Date.now()
    const source = replaySource(ticks, Date.now, { speed: 10 })
    source.start((tick) => played.push(tick))
    await sleep(300)
    source.stop()
    expect(played.map((t) => [t.code, t.bid])).toEqual(ticks.map((t) => [t.code, t.bid]))
    const first = played[0] as Tick
    expect(first.timeMs).toBeGreaterThanOrEqual(startedAt)
    // 1.3 s of recording at 10x speed: the last plays 130 ms after the first.
    expect((played.at(-1) as Tick).timeMs - first.timeMs).toBeCloseTo(130, 0)
  })

  it('loops, later each round', async () => {
    const ticks = readTickFile(FIXTURE)
    const played: Tick[] = []
    const source = replaySource(ticks, Date.now, { speed: 20, loop: true })
    source.start((tick) => played.push(tick))
    await sleep(250)
    source.stop()
    expect(played.length).toBeGreaterThan(ticks.length)
    for (let i = 1; i < played.length; i++)
      expect((played[i] as Tick).timeMs).toBeGreaterThanOrEqual((played[i - 1] as Tick).timeMs)
  })
})
