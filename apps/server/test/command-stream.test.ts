import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Side } from '@tp/contracts'
import type { ClientCommand } from '@tp/engine'
import { orders } from '../src/db/schema.ts'
import { openRedis, type Redis } from '../src/db/redis.ts'
import { UNANSWERED, UNAVAILABLE, type DeskResult } from '../src/trading/desk.ts'
import { startCommandConsumer, type CommandRunner } from '../src/trading/command-stream/engine-consumer.ts'
import { RemoteDesk } from '../src/trading/command-stream/remote-desk.ts'
import { errandRunner, localErrands, remoteErrands } from '../src/http/desk-errands.ts'
import { ENTRY_FIELD, streamNames, type StreamNames } from '../src/trading/command-stream/stream-protocol.ts'
import { fundedUser } from './funded.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * Issue 27, decision 049: commands from gateway processes reach the one engine over a Redis stream,
 * and each answer returns to the gateway that asked. The engine here is a real app's desk (on PGlite
 * and on PostgreSQL); the gateways are RemoteDesks, each with its own Redis connections as a process
 * has. A consumer that dies or lingers mid-command is stood for by reading entries by hand, or by a
 * runner that is slow on purpose.
 */

const REDIS_URL = process.env.TEST_REDIS_URL

describe.skipIf(!REDIS_URL).each(DRIVERS)('the command stream on %s', (driver) => {
  let app: TestApp
  let btc: number
  const connections: Redis[] = []
  const stops: (() => Promise<void>)[] = []

  const connect = () => {
    const client = openRedis(REDIS_URL as string, () => {})
    connections.push(client)
    return client
  }
  const freshNames = () => streamNames(`test:${randomBytes(6).toString('hex')}:`)
  const errors: string[] = []
  const consumer = (names: StreamNames, name: string, desk: CommandRunner = app.desk) => {
    const running = startCommandConsumer({
      reader: connect(),
      writer: connect(),
      names,
      consumer: name,
      desk,
      errands: errandRunner(
        localErrands({ db: app.db, desk: app.desk, market: app.market, clock: () => app.clock.now() }),
      ),
      onError: (_error, context) => errors.push(context),
      blockMs: 100,
    })
    stops.push(() => running.stop())
    return running
  }
  const gateway = async (names: StreamNames, id: string, answerWithinMs?: number) => {
    const desk = await RemoteDesk.open({
      redis: connect(),
      subscriber: connect(),
      names,
      gatewayId: id,
      ...(answerWithinMs !== undefined && { answerWithinMs }),
      onError: (_error, context) => errors.push(context),
    })
    stops.push(() => desk.close())
    return desk
  }
  const buy = (lots = '0.01'): ClientCommand => ({
    kind: 'open',
    order: { instrumentId: btc, side: Side.Buy, lots, leverage: 2, stopLoss: 0, takeProfit: 0 },
  })
  const ordersOf = (userId: number) => app.db.select().from(orders).where(eq(orders.userId, userId))
  /** Reads the next entry as a consumer that then dies: it stays pending under that name. */
  const readAndDie = async (names: StreamNames, name: string) => {
    const redis = connect()
    await redis.xgroup('CREATE', names.commands, names.group, '0', 'MKSTREAM').catch(() => {})
    const read = await redis.xreadgroup(
      'GROUP',
      names.group,
      name,
      'COUNT',
      1,
      'STREAMS',
      names.commands,
      '>',
    )
    expect(read).not.toBeNull()
  }
  const until = async (condition: () => Promise<boolean> | boolean, ms = 5000) => {
    const deadline = Date.now() + ms
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('not in time')
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5, settings: { max_quote_age_ms: '3600000' } })
    btc = app.market.instrumentByCode('BTCUSD')!.id
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
  })
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop()
    errors.length = 0
  })
  afterAll(async () => {
    await app?.close()
    for (const client of connections) client.disconnect()
  })

  it('answers a command through the gateway that sent it, and no other', async () => {
    const names = freshNames()
    consumer(names, 'engine-1')
    const [first, second] = [await gateway(names, 'gw-1'), await gateway(names, 'gw-2')]
    const heard: string[] = []
    const listener = connect()
    listener.on('message', (channel: string) => heard.push(channel))
    await listener.subscribe(names.answers('gw-1'), names.answers('gw-2'))
    const alice = await fundedUser(app, '1000')
    const bob = await fundedUser(app, '1000')
    const [a, b] = await Promise.all([first.run(alice.userId, buy()), second.run(bob.userId, buy('0.02'))])
    expect(a).toMatchObject({ ok: true })
    expect(b).toMatchObject({ ok: true })
    const placed = async (userId: number) => (await ordersOf(userId)).map((o) => [o.id, Number(o.lots)])
    expect(await placed(alice.userId)).toEqual([[(a as { orderId: number }).orderId, 0.01]])
    expect(await placed(bob.userId)).toEqual([[(b as { orderId: number }).orderId, 0.02]])
    await until(() => heard.length === 2)
    expect(heard.sort()).toEqual([names.answers('gw-1'), names.answers('gw-2')])
    // A refusal comes back as the engine gave it, with its reason.
    expect(await first.run(alice.userId, { kind: 'cancel', orderId: 999_999_999 })).toMatchObject({
      ok: false,
      reason: 'order_not_found',
    })
  })

  it('runs many commands sent at once, each once', async () => {
    const names = freshNames()
    consumer(names, 'engine-1')
    const desk = await gateway(names, 'gw-1')
    const user = await fundedUser(app, '10000')
    // 25 of 0.01 BTC at 2x: 25 x 325 USD of margin.
    const answers = await Promise.all(Array.from({ length: 25 }, () => desk.run(user.userId, buy())))
    expect(answers.filter((a) => !a.ok)).toEqual([])
    expect(await ordersOf(user.userId)).toHaveLength(25)
  })

  it('a leader that died after reading a command: the next one runs it once and the gateway hears', async () => {
    const names = freshNames()
    const desk = await gateway(names, 'gw-1')
    const user = await fundedUser(app, '1000')
    const sent = desk.run(user.userId, buy())
    await readAndDie(names, 'dead-leader')
    consumer(names, 'engine-2')
    expect(await sent).toMatchObject({ ok: true })
    expect(await ordersOf(user.userId)).toHaveLength(1)
  })

  it('a leader that committed a command and died before answering: the next answers it and runs nothing', async () => {
    const names = freshNames()
    const desk = await gateway(names, 'gw-1')
    const user = await fundedUser(app, '1000')
    const sent = desk.run(user.userId, buy(), 'client-key-1')
    await readAndDie(names, 'dead-leader')
    // What the dead leader did before dying: the command, committed under its key.
    const committed = await app.desk.run(user.userId, buy(), 'client-key-1')
    consumer(names, 'engine-2')
    expect(await sent).toMatchObject({ ok: true, orderId: (committed as { orderId: number }).orderId })
    expect(await ordersOf(user.userId)).toHaveLength(1)
  })

  it('a consumer too slow to answer: the one that took the command over answers alone', async () => {
    const names = freshNames()
    const slow: CommandRunner = {
      available: true,
      async run() {
        await new Promise((r) => setTimeout(r, 4_000))
        return UNAVAILABLE
      },
    }
    consumer(names, 'lingering', slow)
    const desk = await gateway(names, 'gw-1')
    const heard: DeskResult[] = []
    const listener = connect()
    listener.on('message', (_channel: string, message: string) => heard.push(JSON.parse(message).result))
    await listener.subscribe(names.answers('gw-1'))
    const user = await fundedUser(app, '1000')
    const sent = desk.run(user.userId, buy())
    await new Promise((r) => setTimeout(r, 300))
    consumer(names, 'leader')
    expect(await sent).toMatchObject({ ok: true })
    // The leader takes the entry over once it has waited 1.5 s (checked each second), well before 4 s.
    await new Promise((r) => setTimeout(r, 4_000))
    // The lingering consumer's "unavailable" never reached the gateway.
    expect(heard).toHaveLength(1)
    expect(await ordersOf(user.userId)).toHaveLength(1)
  })

  it('a leader that loses the writer lock mid-command answers nothing: the next leader runs it', async () => {
    const names = freshNames()
    const fenced = {
      available: true,
      async run() {
        // The lock is lost while the command waits for its turn: the desk refuses it, and leads no more.
        fenced.available = false
        return UNAVAILABLE
      },
    }
    consumer(names, 'old-leader', fenced)
    const desk = await gateway(names, 'gw-1')
    const user = await fundedUser(app, '1000')
    const sent = desk.run(user.userId, buy())
    await until(() => !fenced.available)
    consumer(names, 'new-leader')
    expect(await sent).toMatchObject({ ok: true })
    expect(await ordersOf(user.userId)).toHaveLength(1)
  })

  it('with no engine, the gateway says it has no answer, and a late engine does not run it', async () => {
    const names = freshNames()
    const desk = await gateway(names, 'gw-1', 400)
    const user = await fundedUser(app, '1000')
    expect(await desk.run(user.userId, buy())).toEqual(UNANSWERED)
    consumer(names, 'engine-late')
    await new Promise((r) => setTimeout(r, 500))
    expect(await ordersOf(user.userId)).toEqual([])
  })

  it("runs a client's money errands by name: a demo account opened and funded, a withdrawal checked", async () => {
    const names = freshNames()
    consumer(names, 'engine-1')
    const errands = remoteErrands(await gateway(names, 'gw-1'))
    const opened = await errands.openDemoAccount(`stream-${randomBytes(6).toString('hex')}`)
    expect(opened).toMatchObject({ ok: true })
    const userId = (opened as { value: number }).value
    expect(app.desk.view.accountView(userId)?.balance).toBe(10_000)
    const user = await fundedUser(app, '1000')
    const body = { draw_currency_id: 1, number: '50', memo: '', draw_method_id: 999_999 }
    expect(await errands.requestWithdrawal(user.userId, body)).toMatchObject({
      ok: false,
      reason: 'method_not_found',
    })
  })

  it('drops a malformed entry without running anything, and goes on', async () => {
    const names = freshNames()
    consumer(names, 'engine-1')
    const desk = await gateway(names, 'gw-1')
    const redis = connect()
    const user = await fundedUser(app, '1000')
    const forged = { id: 'x', gateway: 'gw-1', userId: user.userId, key: 'k', runBefore: Date.now() + 5000 }
    await redis.xadd(names.commands, '*', ENTRY_FIELD, '{not json')
    const trade = (command: unknown) => JSON.stringify({ ...forged, request: { kind: 'trade', command } })
    await redis.xadd(names.commands, '*', ENTRY_FIELD, trade({ kind: 'drain' }))
    await redis.xadd(
      names.commands,
      '*',
      ENTRY_FIELD,
      trade({ ...buy(), order: { ...(buy() as any).order, lots: '-1' } }),
    )
    expect(await desk.run(user.userId, buy())).toMatchObject({ ok: true })
    expect(await ordersOf(user.userId)).toHaveLength(1)
    await until(() => errors.filter((e) => e.includes('malformed')).length === 3)
    expect(await redis.xlen(names.commands)).toBe(0)
  })

  it('refuses at once when Redis cannot be reached: nothing was sent', async () => {
    const names = freshNames()
    const desk = await gateway(names, 'gw-1')
    const own = connections.slice(-2)
    for (const client of own) client.disconnect()
    await until(() => own.every((client) => client.status === 'end'))
    expect(await desk.run(1, buy())).toEqual(UNAVAILABLE)
  })
})
