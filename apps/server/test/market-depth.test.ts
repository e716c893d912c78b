import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SourceEvents } from '../src/market/price-source.ts'
import { startTestApp, type TestApp } from './harness.ts'
import { connect } from './socket-client.ts'
import { roundTrip, until } from './socket-wait.ts'

/*
 * MARKET_DEPTH (docs/wire.md): a source's book reaches the sockets on `MARKET_DEPTH.<code>` only when
 * it could be a real one (prices on the instrument's grid, positive sizes, each side in order, no
 * crossing); any other is dropped whole, as a bad tick is.
 */
describe('MARKET_DEPTH on /v1/ws', () => {
  let app: TestApp
  let events: SourceEvents | undefined

  beforeAll(async () => {
    app = await startTestApp('pglite', {
      priceSource: { start: (_emit, sourceEvents) => void (events = sourceEvents), stop: () => {} },
    })
  })
  afterAll(() => app.close())

  it('sends a sound book to its subscribers and drops the others', async () => {
    const client = await connect(app)
    client.send({ type: 'sub', params: 'MARKET_DEPTH.EURUSD' })
    await roundTrip(client)
    const sound = {
      bids: [
        [1.1, 1_000_000],
        [1.09995, 2_000_000],
      ] as [number, number][],
      asks: [
        [1.10008, 500_000],
        [1.1001, 3_000_000],
      ] as [number, number][],
    }
    const broken = [
      { bids: [[1.100001, 1]], asks: [[1.1001, 1]] },
      { bids: [[1.1, 0]], asks: [[1.1001, 1]] },
      {
        bids: [
          [1.1, 1],
          [1.1001, 1],
        ],
        asks: [[1.1002, 1]],
      },
      { bids: [[1.1002, 1]], asks: [[1.1001, 1]] },
      { bids: [[Number.NaN, 1]], asks: [] },
    ] as { bids: [number, number][]; asks: [number, number][] }[]
    for (const book of broken) events?.depth('EURUSD', book)
    events?.depth('GBPUSD', sound)
    events?.depth('EURUSD', sound)
    await until(() => client.seen.some((m) => m.type === 'MARKET_DEPTH'), 3000, 'a book')
    await roundTrip(client)
    const books = client.seen.filter((m) => m.type === 'MARKET_DEPTH')
    expect(books).toEqual([
      { type: 'MARKET_DEPTH', symbol: 'EURUSD', depth: { in: sound.bids, out: sound.asks } },
    ])
    client.socket.close()
  })
})
