import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../src/db/client.ts'
import { fixSessions } from '../src/db/schema.ts'
import { fixPriceSource, type FixPriceSource } from '../src/fix/fix-price-source.ts'
import { readFixConfig, type FixProviderConfig } from '../src/fix/provider-config.ts'
import { databaseSequences } from '../src/fix/sequence-store.ts'
import { startTestProvider, type TestProvider } from '../src/fix/test-provider.ts'
import type { Depth, Tick } from '../src/market/market-data.ts'
import { DRIVERS } from './harness.ts'
import { createPostgresDatabase } from './postgres.ts'
import { sleep, until } from './socket-wait.ts'

/*
 * Issue 28, decision 050: prices from liquidity providers over FIX 4.4, against two test providers
 * (FIX acceptors on the same engine) on this machine's loopback. The source's ticks are what the
 * market takes; its sequence numbers are kept in the database of each driver.
 */

const SYMBOLS = { EURUSD: 'EUR/USD', GBPUSD: 'GBP/USD' }
const INSTRUMENTS = [
  { code: 'EURUSD', precision: 5 },
  { code: 'GBPUSD', precision: 5 },
]

async function provider(compId: string, options: { precision?: number } = {}): Promise<TestProvider> {
  return await startTestProvider({
    compId,
    clientCompId: 'BROKER',
    heartbeatSeconds: 1,
    instruments: [
      {
        symbol: 'EUR/USD',
        anchor: 1.1,
        dailyVolatility: 0.05,
        precision: options.precision ?? 5,
        spreadPoints: 8,
        tickIntervalMs: 40,
      },
      {
        symbol: 'GBP/USD',
        anchor: 1.27,
        dailyVolatility: 0.05,
        precision: 5,
        spreadPoints: 12,
        tickIntervalMs: 40,
      },
    ],
    seed: compId.length,
  })
}

const terms = (name: string, port: number, priority: number): FixProviderConfig => ({
  name,
  host: '127.0.0.1',
  port,
  senderCompId: 'BROKER',
  targetCompId: name.toUpperCase(),
  heartbeatSeconds: 1,
  priority,
  quietMs: 500,
  staleMs: 10_000,
  resetOnLogon: false,
  symbols: SYMBOLS,
  reconnectFirstMs: 200,
  reconnectMostMs: 2000,
  depth: 1,
})

describe.each(DRIVERS)('prices from liquidity providers over FIX on %s', (driver) => {
  let database: Database & { drop?: () => Promise<void> }
  let lp1: TestProvider
  let lp2: TestProvider
  const running: FixPriceSource[] = []
  const logs: { level: string; message: string; fields: Record<string, unknown> }[] = []
  const refusals: { provider: string; code: string; reason: string }[] = []

  beforeAll(async () => {
    if (driver === 'postgres') {
      const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string)
      database = { ...(await openDatabase({ url: fresh.url })), drop: fresh.drop }
    } else database = await openDatabase({ dataDir: 'memory://' })
    ;[lp1, lp2] = await Promise.all([provider('LP1'), provider('LP2')])
  })
  afterEach(async () => {
    await Promise.all(running.splice(0).map((source) => source.stop()))
    lp1.quiet(false)
    lp2.quiet(false)
  })
  afterAll(async () => {
    await Promise.all([lp1?.stop(), lp2?.stop()])
    await database?.close()
    await database?.drop?.()
  })

  /** What does not depend on the database runs on one driver only (the sequence numbers run on both). */
  const once = driver === 'pglite' ? it : it.skip

  /** A FIX price source started on the two providers; its ticks and halts as they come. */
  function start(providers: FixProviderConfig[], choice: 'priority' | 'best' = 'priority') {
    const ticks: Tick[] = []
    const halts: string[] = []
    const books: { code: string; depth: Depth }[] = []
    const source = fixPriceSource(
      { choice, providers },
      {
        instruments: INSTRUMENTS,
        keeper: databaseSequences(database.db),
        clock: Date.now,
        log: (level, message, fields) => logs.push({ level, message, fields }),
        onRefused: (report) => refusals.push(report),
      },
    )
    running.push(source)
    source.start((tick) => ticks.push(tick), {
      halt: (code) => halts.push(code),
      depth: (code, depth) => books.push({ code, depth }),
    })
    const last = (code: string) => ticks.findLast((t) => t.code === code)
    /** The source's price of the instrument equals what the provider quotes now. */
    const caughtUp = (code: string, from: TestProvider) => {
      const quote = from.quoteOf(SYMBOLS[code as keyof typeof SYMBOLS])
      return last(code)?.bid === quote?.bid && last(code)?.ask === quote?.ask
    }
    return { source, ticks, halts, books, last, caughtUp }
  }

  once('streams the first-ranked provider to the market, its ticks in order and none repeated', async () => {
    const { source, ticks, caughtUp } = start([terms('lp1', lp1.port, 1), terms('lp2', lp2.port, 2)])
    await until(
      () => source.chosen('EURUSD') === 'lp1' && source.chosen('GBPUSD') === 'lp1',
      15_000,
      'lp1 chosen',
    )
    await until(() => ticks.length > 20, 5000, 'ticks')
    // The test provider may not move between two looks: wait for a moment both agree.
    await until(() => caughtUp('EURUSD', lp1), 3000, 'EURUSD as lp1 quotes it')
    for (const code of ['EURUSD', 'GBPUSD']) {
      const mine = ticks.filter((t) => t.code === code)
      for (let i = 1; i < mine.length; i++) {
        const [a, b] = [mine[i - 1] as Tick, mine[i] as Tick]
        expect(b.timeMs).toBeGreaterThanOrEqual(a.timeMs)
        expect(a.bid === b.bid && a.ask === b.ask).toBe(false)
      }
    }
    expect(source.status().map((s) => s.live)).toEqual([true, true])
  })

  once(
    'drops a quiet provider within a second for the next one, and takes it back when it quotes again',
    async () => {
      // Quiet after 300 ms, looked at every 100: a second leaves room for a busy machine's timers.
      const quick = (name: string, port: number, priority: number) => ({
        ...terms(name, port, priority),
        quietMs: 300,
      })
      const { source, caughtUp } = start([quick('lp1', lp1.port, 1), quick('lp2', lp2.port, 2)])
      await until(() => source.chosen('EURUSD') === 'lp1', 15_000, 'lp1 chosen')
      lp1.quiet(true)
      const quietAt = Date.now()
      await until(() => source.chosen('EURUSD') === 'lp2', 3000, 'lp2 chosen')
      const takeover = Date.now() - quietAt
      console.info(`takeover after a provider went quiet: ${takeover} ms`)
      expect(takeover).toBeLessThan(1000)
      await until(() => caughtUp('EURUSD', lp2), 3000, 'EURUSD as lp2 quotes it')
      lp1.quiet(false)
      await until(() => source.chosen('EURUSD') === 'lp1', 3000, 'lp1 chosen again')
      await until(() => caughtUp('EURUSD', lp1), 3000, 'EURUSD as lp1 quotes it again')
    },
  )

  once('closes the market when no provider quotes, and opens it at the next quote', async () => {
    const { source, halts, ticks, caughtUp } = start([terms('lp1', lp1.port, 1)])
    // Closed from the start until a provider quotes: a quote kept from before is no live market.
    expect(halts).toEqual(['EURUSD', 'GBPUSD'])
    await until(() => source.chosen('EURUSD') === 'lp1', 15_000, 'lp1 chosen')
    lp1.quiet(true)
    await until(() => halts.length === 4, 3000, 'halts')
    expect(halts.slice(2).sort()).toEqual(['EURUSD', 'GBPUSD'])
    expect(source.chosen('EURUSD')).toBeUndefined()
    const before = ticks.length
    await sleep(300)
    expect(ticks.length).toBe(before)
    lp1.quiet(false)
    await until(() => caughtUp('EURUSD', lp1), 3000, 'EURUSD quoted again')
  })

  once('reconnects after a dropped connection and goes on at the provider price', async () => {
    const { source, caughtUp } = start([terms('lp1', lp1.port, 1)])
    await until(() => source.chosen('EURUSD') === 'lp1', 15_000, 'lp1 chosen')
    const ends = () => logs.filter((l) => l.message === 'price session ended').length
    const endedBefore = ends()
    lp1.disconnect()
    await until(() => ends() > endedBefore, 3000, 'the session ended')
    expect(source.chosen('EURUSD')).toBeUndefined()
    await until(() => source.chosen('EURUSD') === 'lp1', 5000, 'lp1 back')
    await until(() => caughtUp('EURUSD', lp1) && caughtUp('GBPUSD', lp1), 3000, 'prices as lp1 quotes them')
    expect(lp1.stats().clients).toBe(1)
  })

  once(
    'recovers from a sequence gap without a new connection and goes on at the provider price',
    async () => {
      const { source, caughtUp } = start([terms('lp1', lp1.port, 1)])
      await until(() => source.chosen('EURUSD') === 'lp1', 15_000, 'lp1 chosen')
      const ends = logs.filter((l) => l.message === 'price session ended').length
      lp1.gap(7)
      await until(
        () => logs.some((l) => /resend request/i.test(l.message) && l.fields.provider === 'lp1'),
        3000,
        'a resend request',
      )
      await sleep(300)
      await until(() => caughtUp('EURUSD', lp1) && caughtUp('GBPUSD', lp1), 3000, 'prices as lp1 quotes them')
      expect(logs.filter((l) => l.message === 'price session ended').length).toBe(ends)
      expect(source.chosen('EURUSD')).toBe('lp1')
    },
  )

  it('logs on after a restart where the last session left off (numbers kept in the database)', async () => {
    const first = start([terms('lp2', lp2.port, 1)])
    await until(() => first.source.chosen('EURUSD') === 'lp2', 15_000, 'lp2 chosen')
    await first.source.stop()
    const lp2Row = () =>
      database.db.select().from(fixSessions).where(eq(fixSessions.sessionId, 'FIX.4.4-BROKER-LP2'))
    const [kept] = await lp2Row()
    expect(kept?.senderSeqNum).toBeGreaterThan(1)
    const second = start([terms('lp2', lp2.port, 1)])
    await until(() => second.source.chosen('EURUSD') === 'lp2', 15_000, 'lp2 chosen again')
    const [after] = await lp2Row()
    // Had the session started over at 1, the provider would have refused the logon as too low.
    expect(after?.senderSeqNum).toBeGreaterThan(kept?.senderSeqNum as number)
    expect(after?.createdAt).toEqual(kept?.createdAt)
  })

  once('takes the best bid and ask of live providers under best', async () => {
    const { source, last } = start([terms('lp1', lp1.port, 1), terms('lp2', lp2.port, 2)], 'best')
    await until(() => source.status().every((s) => s.live && s.instruments === 2), 15_000, 'both live')
    await until(
      () => {
        const [a, b] = [lp1.quoteOf('EUR/USD'), lp2.quoteOf('EUR/USD')]
        const tick = last('EURUSD')
        if (!a || !b || !tick) return false
        const bid = Math.max(a.bid, b.bid)
        const ask = Math.min(a.ask, b.ask)
        // Sides that cross are never combined: the first provider's quote stands then.
        return bid <= ask ? tick.bid === bid && tick.ask === ask : tick.bid === a.bid && tick.ask === a.ask
      },
      3000,
      'the best of both',
    )
  })

  once('passes on the book of the provider the price comes from, when it sends depth', async () => {
    const { source, books, last } = start([
      { ...terms('lp1', lp1.port, 1), depth: 5 },
      terms('lp2', lp2.port, 2),
    ])
    await until(
      () => source.chosen('EURUSD') === 'lp1' && books.filter((b) => b.code === 'EURUSD').length > 3,
      15_000,
      'books',
    )
    const book = books.findLast((b) => b.code === 'EURUSD')?.depth as Depth
    expect(book.bids).toHaveLength(5)
    expect(book.asks).toHaveLength(5)
    expect(book.bids.map(([price]) => price)).toEqual(
      [...book.bids.map(([price]) => price)].sort((a, b) => b - a),
    )
    expect(book.asks.map(([price]) => price)).toEqual(
      [...book.asks.map(([price]) => price)].sort((a, b) => a - b),
    )
    await until(
      () => {
        const [tick, latest] = [last('EURUSD'), books.findLast((b) => b.code === 'EURUSD')?.depth]
        return tick?.bid === latest?.bids[0]?.[0] && tick?.ask === latest?.asks[0]?.[0]
      },
      3000,
      'the top of the book is the price',
    )
    // lp2 sends none: with lp1 quiet, no book is sent on (none is ever invented).
    lp1.quiet(true)
    await until(() => source.chosen('EURUSD') === 'lp2', 3000, 'lp2 chosen')
    const count = books.length
    await sleep(300)
    expect(books.length).toBe(count)
  })

  once('speaks TLS to a provider, trusting only a certificate it is given', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tp-fix-tls-'))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        join(folder, 'key.pem'),
        '-out',
        join(folder, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    const secure = await startTestProvider({
      compId: 'LPS',
      clientCompId: 'BROKER',
      heartbeatSeconds: 1,
      tls: {
        cert: readFileSync(join(folder, 'cert.pem'), 'utf8'),
        key: readFileSync(join(folder, 'key.pem'), 'utf8'),
      },
      instruments: [
        {
          symbol: 'EUR/USD',
          anchor: 1.1,
          dailyVolatility: 0.05,
          precision: 5,
          spreadPoints: 8,
          tickIntervalMs: 40,
        },
      ],
    })
    try {
      const entry = (tls: object) => ({ ...terms('lps', secure.port, 1), targetCompId: 'LPS', tls })
      // The file as staff write it: the certificate named relative to it, read at start.
      const file = join(folder, 'providers.json')
      writeFileSync(
        file,
        JSON.stringify({ providers: [{ ...entry({ caFile: 'cert.pem' }), symbols: SYMBOLS }] }),
      )
      const config = readFixConfig(file, {})
      expect(config.providers[0]?.tls?.ca).toContain('BEGIN CERTIFICATE')
      const trusting = start(config.providers)
      await until(() => trusting.source.chosen('EURUSD') === 'lps', 15_000, 'prices over TLS')
      await until(() => trusting.caughtUp('EURUSD', secure), 3000, 'EURUSD as the provider quotes it')
      await trusting.source.stop()
      // Without the certificate, the connection is refused: no logon, no price.
      const doubting = start([{ ...terms('lps', secure.port, 1), targetCompId: 'LPS', tls: {} }])
      await sleep(1500)
      expect(doubting.source.chosen('EURUSD')).toBeUndefined()
      expect(doubting.ticks).toHaveLength(0)
      expect(() => readFixConfig(join(folder, 'missing.json'), {})).toThrow(/missing\.json/)
      writeFileSync(
        file,
        JSON.stringify({ providers: [{ ...entry({ caFile: 'nowhere.pem' }), symbols: SYMBOLS }] }),
      )
      expect(() => readFixConfig(file, {})).toThrow(/provider lps: .*nowhere\.pem/)
    } finally {
      await Promise.all(running.splice(0).map((source) => source.stop()))
      await secure.stop()
      rmSync(folder, { recursive: true, force: true })
    }
  })

  once("refuses a provider's ticks off the instrument's grid, as every feed's", async () => {
    const odd = await provider('LP3', { precision: 7 })
    try {
      const { source, ticks } = start([{ ...terms('lp3', odd.port, 1), targetCompId: 'LP3' }])
      await until(
        () => refusals.some((r) => r.provider === 'lp3' && r.code === 'EURUSD'),
        15_000,
        'a refusal',
      )
      expect(refusals.find((r) => r.provider === 'lp3')).toMatchObject({ reason: 'off_grid' })
      expect(ticks.some((t) => t.code === 'EURUSD')).toBe(false)
      await until(() => source.chosen('GBPUSD') === 'lp3', 3000, 'GBPUSD from lp3')
    } finally {
      await odd.stop()
    }
  })
})
