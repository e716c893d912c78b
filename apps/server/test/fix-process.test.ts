import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestProvider, type TestProvider } from '../src/fix/test-provider.ts'
import { createPostgresDatabase } from './postgres.ts'
import { freePort, getJson, startServer, type ServerProcess } from './server-process.ts'
import { connect } from './socket-client.ts'
import { until, type Client } from './socket-wait.ts'

/*
 * Issue 28: the platform started as `npm run serve` starts it, with PRICE_SOURCE=fix:<file> naming
 * two test providers (FIX acceptors in this test's process). Their prices reach a phone's socket,
 * an order fills at one of them, the second takes over when the first goes quiet, and with neither
 * quoting the market is closed; the first's order session is logged on too (hedging runs). Crypto
 * instruments trade every day: the test runs on any.
 */

const DATABASE = process.env.TEST_DATABASE_URL

const provider = (compId: string) =>
  startTestProvider({
    compId,
    clientCompId: 'BROKER',
    heartbeatSeconds: 1,
    instruments: [
      {
        symbol: 'BTC-USD',
        anchor: 65_000,
        dailyVolatility: 0.2,
        precision: 2,
        spreadPoints: 3000,
        tickIntervalMs: 60,
      },
      {
        symbol: 'ETH-USD',
        anchor: 3300,
        dailyVolatility: 0.2,
        precision: 2,
        spreadPoints: 200,
        tickIntervalMs: 60,
      },
    ],
    seed: compId.charCodeAt(2),
    // The first also takes hedge orders (decision 051), on a session of its own.
    ...(compId === 'LP1' && { orders: { compId: 'LP1-T', clientCompId: 'BROKER-T' } }),
  })

describe('a platform priced by liquidity providers over FIX', () => {
  let lp1: TestProvider
  let lp2: TestProvider
  let server: ServerProcess
  let client: Client
  let folder: string
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'tp-fix-'))
    ;[lp1, lp2] = await Promise.all([provider('LP1'), provider('LP2')])
    const entry = (name: string, port: number, priority: number) => ({
      name,
      host: '127.0.0.1',
      port,
      senderCompId: 'BROKER',
      targetCompId: name.toUpperCase(),
      heartbeatSeconds: 1,
      priority,
      quietMs: 500,
      reconnectFirstMs: 200,
      symbols: { BTCUSD: 'BTC-USD', ETHUSD: 'ETH-USD' },
      // The first sends its book of five levels a side, and takes orders.
      depth: priority === 1 ? 5 : 1,
      ...(priority === 1 && {
        orders: { port: lp1.ordersPort, senderCompId: 'BROKER-T', targetCompId: 'LP1-T' },
      }),
    })
    const file = join(folder, 'providers.json')
    await writeFile(
      file,
      JSON.stringify({
        choice: 'priority',
        providers: [entry('lp1', lp1.port, 1), entry('lp2', lp2.port, 2)],
      }),
    )
    database = DATABASE ? await createPostgresDatabase(DATABASE) : undefined
    server = await startServer({
      port: await freePort(),
      dataDir: join(folder, 'data'),
      ...(database && { databaseUrl: database.url }),
      env: {
        PRICE_SOURCE: `fix:${file}`,
        HOUSE_TRADERS: '0',
        REDIS_PREFIX: `fix${randomBytes(3).toString('hex')}:`,
      },
    })
    client = await connect(server)
    client.send({ type: 'sub', params: 'DAY_MARKET' })
    client.send({ type: 'sub', params: 'MARKET_DEPTH.BTCUSD' })
  }, 90_000)

  afterAll(async () => {
    client?.socket.close()
    await server?.stop()
    await Promise.all([lp1?.stop(), lp2?.stop()])
    await database?.drop()
    await rm(folder, { recursive: true, force: true })
  })

  const btc = () => client.seen.filter((m) => m.type === 'DAY_MARKET' && m.symbol === 'BTCUSD')
  /** The socket's last BTCUSD price is what the provider quotes now. */
  const showing = (lp: TestProvider) => {
    const last = btc().at(-1)?.quotation
    const quote = lp.quoteOf('BTC-USD')
    return last !== undefined && last.bid === quote?.bid && last.ask === quote?.ask
  }
  let token = ''
  let btcId = 0
  const buy = async () =>
    (
      await getJson(
        server.base,
        `/v1/api/forex/submit?forex_id=${btcId}&type=1&cont=0.01&status=1&multiple=2`,
        token,
      )
    ).body

  it("shows the first provider's prices on a phone's socket and fills an order at one of them", async () => {
    await until(() => showing(lp1), 30_000, "the socket showing lp1's price")
    const demo = await getJson(
      server.base,
      `/api/user/createAccountDemoForU?demo_id=fix-${randomBytes(6).toString('hex')}`,
    )
    token = demo.body.data.token
    const list = (await getJson(server.base, '/v1/api/forex/trade_list')).body.data
    btcId = (list.list ?? list).find((row: { Code: string }) => row.Code === 'BTCUSD').Id
    const depth = client.seen.find((m) => m.type === 'MARKET_DEPTH')
    expect(depth).toMatchObject({ symbol: 'BTCUSD' })
    expect(depth.depth.in).toHaveLength(5)
    expect(depth.depth.out).toHaveLength(5)
    // An operator sees each provider's state and ticks (/metrics answers this machine without a token).
    const metrics = await (await fetch(`${server.base}/metrics`)).text()
    expect(metrics).toMatch(/tp_fix_provider_live\{provider="lp1"\} 1/)
    expect(metrics).toMatch(/tp_fix_provider_live\{provider="lp2"\} 1/)
    expect(Number(/tp_fix_provider_ticks_total\{provider="lp1"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThan(
      0,
    )
    const placed = await buy()
    expect(placed.code, JSON.stringify(placed)).toBe(1)
    const deals = (await getJson(server.base, '/v1/api/forex/my_deal?status=1', token)).body.data.data
    const asks = new Set(btc().map((m) => m.quotation.ask))
    expect(asks.has(deals[0].Price), `fill ${deals[0].Price} among the quoted asks`).toBe(true)
  }, 60_000)

  it('takes the second provider when the first goes quiet, and closes the market when neither quotes', async () => {
    lp1.quiet(true)
    const quietAt = Date.now()
    await until(() => showing(lp2), 5000, "the socket showing lp2's price")
    console.info(`socket showing the second provider ${Date.now() - quietAt} ms after the first went quiet`)
    expect((await buy()).code).toBe(1)
    lp2.quiet(true)
    let refusal: { code: number; reason?: string } = { code: 1 }
    const deadline = Date.now() + 5000
    while (refusal.code === 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100))
      refusal = await buy()
    }
    expect(refusal.reason, JSON.stringify(refusal)).toBe('market_closed')
    lp1.quiet(false)
    lp2.quiet(false)
    await until(() => showing(lp1), 5000, "the socket showing lp1's price again")
    expect((await buy()).code).toBe(1)
  }, 30_000)

  it('leaves its providers when it stops', async () => {
    // lp1's price session and its order session (hedging runs: a provider takes orders).
    expect(lp1.stats().clients).toBe(2)
    expect(lp2.stats().clients).toBe(1)
    await server.stop()
    await until(() => lp1.stats().clients === 0 && lp2.stats().clients === 0, 5000, 'both logged out')
  }, 30_000)
})
