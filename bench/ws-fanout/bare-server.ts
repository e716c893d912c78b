/**
 * The baseline, in its own process: a plain `ws` WebSocketServer that, on each tick, builds one
 * DAY_MARKET frame of the platform's shape into a Buffer once and hands that buffer to every
 * connected socket. No hub, no backpressure checks, no market state beyond the day's figures: the
 * least work a broadcast can be on this machine.
 *
 * With BENCH_VARIANT=hub (the `hub` scenario, for finding where the platform's time goes) the same
 * server publishes through the platform's TopicHub instead: the hub's cost alone, without Fastify,
 * the gateway, the market or PGlite.
 */
import { DAY_MARKET_TOPIC } from '@tp/contracts'
import { INSTRUMENT_SEEDS } from '../../apps/server/src/seed/market-catalogue.ts'
import { TopicHub } from '../../apps/server/src/realtime/topic-hub.ts'
import { INSTRUMENT_COUNT, Ticker, serveControl, settledMemory, type TickingInstrument } from './common.ts'
import { startPlainServer } from './plain-server.ts'

// The same 50 instruments the platform server ticks: the catalogue, then copies of its first ones.
const seeds = [
  ...INSTRUMENT_SEEDS.map((s) => ({ ...s })),
  ...INSTRUMENT_SEEDS.slice(0, Math.max(0, INSTRUMENT_COUNT - INSTRUMENT_SEEDS.length)).map((s) => ({
    ...s,
    code: `${s.code}_2`,
  })),
]
const instruments: TickingInstrument[] = seeds.map((s, i) => ({
  code: s.code,
  id: i + 1,
  precision: s.precision,
  spreadPoints: s.spreadPoints,
  bid: s.anchor,
}))
/** The day's figures per instrument, as the platform's DAY_MARKET carries them. */
const day = instruments.map((inst) => ({
  open: inst.bid,
  high: inst.bid,
  low: inst.bid,
  volume: 2000,
}))

const hub = process.env.BENCH_VARIANT === 'hub' ? new TopicHub() : undefined
const server = await startPlainServer(hub)

const ticker = new Ticker(instruments, (tick) => {
  const d = day[tick.inst.id - 1]!
  d.high = Math.max(d.high, tick.bid)
  d.low = Math.min(d.low, tick.bid)
  d.volume++
  const message = {
    type: 'DAY_MARKET',
    symbol: tick.code,
    quotation: {
      forex_id: tick.inst.id,
      open: d.open,
      close: tick.bid,
      high: d.high,
      low: d.low,
      change: Math.round(((tick.bid - d.open) / d.open) * 10_000) / 100 + 0,
      volume: d.volume,
      amount: 0,
      bid: tick.bid,
      ask: tick.ask,
      time: tick.timeMs,
    },
  }
  if (hub) hub.publish(DAY_MARKET_TOPIC, tick.code, message)
  else {
    const frame = Buffer.from(JSON.stringify(message))
    // A text frame, as the platform sends, so the bytes on the wire are alike.
    for (const client of server.wss.clients) client.send(frame, { binary: false })
  }
  control.countTick(tick.timeMs)
})

const control = serveControl(ticker, {
  subscriberCount: server.subscriberCount,
  hubStats: hub && (() => ({ ...hub.stats })),
  async close() {
    hub?.close()
    await server.close()
  },
})

process.send?.({
  type: 'ready',
  port: server.port,
  ...(await settledMemory(5_000)),
  instruments: instruments.length,
})
