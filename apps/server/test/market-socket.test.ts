import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERIODS, type DayMarketMessage, type KlineMessage } from '@tp/contracts'
import { bucketStart } from '@tp/engine'
import { MAX_SUBSCRIPTIONS } from '../src/http/socket/gateway.ts'
import { startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `condition` holds, checking every few milliseconds, or fails after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await sleep(5)
  }
}

describe('market topics on /v1/ws', () => {
  let app: TestApp
  let bid = 1.1
  /** A fresh EURUSD price each call, moving up a point. */
  const tickEurusd = () => {
    bid = Math.round((bid + 0.00001) * 1e5) / 1e5
    app.clock.set(Date.now())
    app.tick({ code: 'EURUSD', bid, ask: Math.round((bid + 0.0001) * 1e5) / 1e5 })
  }

  beforeAll(async () => {
    app = await startTestApp('pglite', {
      hubLimits: {
        softBufferBytes: 16 * 1024,
        hardBufferBytes: 64 * 1024 * 1024,
        maxCongestedMs: 1500,
        drainIntervalMs: 10,
      },
    })
  })
  afterAll(() => app.close())

  it('sends DAY_MARKET after sub and nothing after unsub', async () => {
    const client = await connect(app)
    client.send({ type: 'sub', params: 'DAY_MARKET' })
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    tickEurusd()
    const message = (await client.next()) as DayMarketMessage
    expect(message.type).toBe('DAY_MARKET')
    expect(message.symbol).toBe('EURUSD')
    expect(message.quotation).toMatchObject({ forex_id: 1, close: bid, bid, amount: 0 })
    expect(Object.keys(message.quotation).sort()).toEqual(
      ['amount', 'ask', 'bid', 'change', 'close', 'forex_id', 'high', 'low', 'open', 'time', 'volume'].sort(),
    )
    client.send({ type: 'unsub', params: 'DAY_MARKET' })
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    tickEurusd()
    client.send({ type: 'ping' })
    // Had the tick come through, it would arrive before this pong.
    expect(await client.next()).toEqual({ type: 'pong' })
    client.socket.close()
  })

  it('sends DAY_MARKET.{code} the quotes of that instrument only, as DAY_MARKET messages', async () => {
    const client = await connect(app)
    client.send({ type: 'sub', params: 'DAY_MARKET.EURUSD' })
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    app.tick({ code: 'BTCUSD', bid: 70_100, ask: 70_130, timeMs: Date.now() })
    tickEurusd()
    const message = (await client.next()) as DayMarketMessage
    expect(message).toMatchObject({ type: 'DAY_MARKET', symbol: 'EURUSD', quotation: { close: bid } })
    client.send({ type: 'ping' })
    // Bitcoin's tick came first: had it been sent, it would have arrived before EURUSD's.
    expect(await client.next()).toEqual({ type: 'pong' })
    client.send({ type: 'unsub', params: 'DAY_MARKET.EURUSD' })
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    tickEurusd()
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    client.socket.close()
  })

  it('sends one KLINE per period on KLINE.{code}, for that code only', async () => {
    const client = await connect(app)
    client.send({ type: 'sub', params: 'KLINE.EURUSD' })
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    app.tick({ code: 'BTCUSD', bid: 70_000, ask: 70_030, timeMs: Date.now() })
    tickEurusd()
    const tickMs = app.market.lastQuote(1)?.timeMs ?? 0
    const messages: KlineMessage[] = []
    for (const _ of PERIODS) messages.push((await client.next()) as KlineMessage)
    expect(messages.map((m) => m.kline.Period)).toEqual([...PERIODS])
    for (const m of messages) {
      // docs/wire.md "Candles": Time is the period's start in Unix milliseconds.
      const time = bucketStart(tickMs, m.kline.Period) * 1000
      expect(m).toMatchObject({
        type: 'KLINE',
        symbol: 'EURUSD',
        kline: { Code: 'EURUSD', ForexId: 1, Close: bid, Time: time },
      })
      expect(Object.keys(m.kline).sort()).toEqual(
        [
          'Amount',
          'Change',
          'Close',
          'Code',
          'ForexId',
          'High',
          'Low',
          'Open',
          'Period',
          'Time',
          'Volume',
        ].sort(),
      )
    }
    client.socket.close()
  })

  it('holds at most MAX_SUBSCRIPTIONS topics per socket however many are asked for', async () => {
    const client = await connect(app)
    const topics = Array.from({ length: 300 }, (_, i) => `KLINE.FLOOD${i}`)
    for (let i = 0; i < topics.length; i += 16)
      client.send(topics.slice(i, i + 16).map((params) => ({ type: 'sub', params })))
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    const held = topics.filter((t) => app.topics.subscriberCount(t) > 0)
    expect(held).toEqual(topics.slice(0, MAX_SUBSCRIPTIONS))
    client.socket.close()
    await until(() => topics.every((t) => app.topics.subscriberCount(t) === 0))
  })

  it('merges updates for a congested socket: after it drains it gets the latest value', async () => {
    const client = await connect(app)
    client.send({ type: 'sub', params: 'DAY_MARKET' })
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ type: 'pong' })
    client.socket.pause()
    const merged = app.topics.stats.merged
    const padding = 'x'.repeat(8 * 1024)
    for (let i = 0; app.topics.stats.merged === merged && i < 20_000; i++) {
      app.topics.publish('DAY_MARKET', `FILL${i % 50}`, { type: 'FILL', i, padding })
      if (i % 50 === 0) await sleep(0)
    }
    expect(app.topics.stats.merged).toBeGreaterThan(merged)
    for (let i = 1; i <= 100; i++) app.topics.publish('DAY_MARKET', 'LATEST', { type: 'LATEST', i })
    client.socket.resume()
    await until(() => client.seen.some((m) => m.type === 'LATEST'))
    await sleep(50)
    const latest = client.seen.filter((m) => m.type === 'LATEST')
    expect(latest).toEqual([{ type: 'LATEST', i: 100 }])
    expect(client.socket.readyState).toBe(client.socket.OPEN)
    client.socket.close()
  })

  it('drops a socket that never drains while the others keep receiving', async () => {
    const fast = await connect(app)
    const slow = await connect(app)
    for (const c of [fast, slow]) {
      c.send({ type: 'sub', params: 'DAY_MARKET' })
      c.send({ type: 'ping' })
      expect(await c.next()).toEqual({ type: 'pong' })
    }
    slow.socket.pause()
    const dropped = app.topics.stats.dropped
    const padding = 'x'.repeat(8 * 1024)
    let sent = 0
    const started = Date.now()
    while (app.topics.stats.dropped === dropped && Date.now() - started < 15_000) {
      app.topics.publish('DAY_MARKET', `FILL${sent % 50}`, { type: 'FILL', i: sent, padding })
      sent++
      if (sent % 20 === 0) await sleep(1)
    }
    expect(app.topics.stats.dropped).toBe(dropped + 1)
    app.topics.publish('DAY_MARKET', 'LAST', { type: 'LAST' })
    await until(() => fast.seen.some((m) => m.type === 'LAST'))
    expect(fast.socket.readyState).toBe(fast.socket.OPEN)
    // The fast client missed nothing.
    expect(fast.seen.filter((m) => m.type === 'FILL')).toHaveLength(sent)
    fast.socket.close()
  })
})
