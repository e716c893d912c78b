import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openRedis, type Redis } from '../src/db/redis.ts'
import { createStaffEvents, type QueueName } from '../src/events/staff-events.ts'
import { peerChannel, startPeerBus } from '../src/realtime/peer-bus.ts'
import { SessionRevocations, type Revocation } from '../src/users/sessions.ts'
import { sleep, until } from './socket-wait.ts'

/*
 * Issue 27, decision 049: the processes tell each other of sessions ended and of new back-office
 * items over Redis. Two buses on one Redis stand for two processes: what one publishes the other
 * hears once, and neither hears its own again; a malformed message changes nothing.
 */

const REDIS_URL = process.env.TEST_REDIS_URL

describe.skipIf(!REDIS_URL)('the peer bus', () => {
  const clients: Redis[] = []
  const stops: (() => Promise<void>)[] = []
  const redisOf = () => {
    const client = openRedis(REDIS_URL as string, () => {})
    clients.push(client)
    return client
  }
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop()
  })
  afterAll(() => {
    for (const client of clients) client.disconnect()
  })

  /** A process's side: its revocations and staff events, with what reached them. */
  async function peer(namespace: string, errors: string[] = []) {
    const revocations = new SessionRevocations()
    const staffEvents = createStaffEvents()
    const heard = { revocations: [] as Revocation[], queues: [] as QueueName[] }
    revocations.listen((revocation) => heard.revocations.push(revocation))
    staffEvents.subscribe((queue) => heard.queues.push(queue))
    const bus = await startPeerBus({
      redis: redisOf(),
      subscriber: redisOf(),
      namespace,
      revocations,
      staffEvents,
      onError: (_error, context) => errors.push(context),
    })
    stops.push(() => bus.stop())
    return { revocations, staffEvents, heard }
  }

  it('passes a revocation and a queue item to the other process once, and not back', async () => {
    const namespace = `test${randomBytes(4).toString('hex')}:`
    const [a, b] = [await peer(namespace), await peer(namespace)]
    a.revocations.publish({ userId: 7, keepSessionId: 3 })
    a.staffEvents.emit('withdrawals')
    await until(() => b.heard.revocations.length === 1 && b.heard.queues.length === 1, 3_000, 'heard by b')
    expect(b.heard.revocations).toEqual([{ userId: 7, keepSessionId: 3 }])
    expect(b.heard.queues).toEqual(['withdrawals'])
    b.revocations.publish({ userId: 8, sessionId: 11 })
    await until(() => a.heard.revocations.length === 2, 3_000, 'heard by a')
    await sleep(200)
    // Each heard its own once (told here) and the other's once.
    expect(a.heard.revocations).toEqual([
      { userId: 7, keepSessionId: 3 },
      { userId: 8, sessionId: 11 },
    ])
    expect(a.heard.queues).toEqual(['withdrawals'])
    expect(b.heard.revocations).toHaveLength(2)
  })

  it('keeps platforms on one Redis apart, and drops what it cannot read', async () => {
    const errors: string[] = []
    const namespace = `test${randomBytes(4).toString('hex')}:`
    const mine = await peer(namespace, errors)
    const other = await peer(`test${randomBytes(4).toString('hex')}:`)
    other.staffEvents.emit('chat')
    const publisher = redisOf()
    for (const text of [
      'not json',
      JSON.stringify({ from: 'x', kind: 'revocation', revocation: { userId: 'all' } }),
      JSON.stringify({ from: 'x', kind: 'staff', queue: 'everything' }),
      JSON.stringify({ from: 'x', kind: 'shutdown' }),
    ])
      await publisher.publish(peerChannel(namespace), text)
    await until(() => errors.length === 4, 3_000, 'four unreadable messages')
    expect(mine.heard).toEqual({ revocations: [], queues: [] })
  })
})
