import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { ADMIN_QUEUES } from '@tp/contracts'
import type { Redis } from '../db/redis.ts'
import type { StaffEvents } from '../events/staff-events.ts'

/**
 * What every process tells every other over one Redis pub/sub channel (decision 049), besides the
 * engine's relay of ticks and owners' messages:
 *
 * - sessions ended (a password changed on one gateway, an account disabled in the back office on the
 *   engine): every process drops them from its session cache and signs out their sockets at once,
 *   instead of within the cache's bound and the sockets' next check;
 * - new items for the back office's queues (a deposit asked for, a chat message sent on a gateway):
 *   the engine's staff streams hear them.
 *
 * Pub/sub keeps nothing for a process that is away: a lost revocation is still caught by the periodic
 * checks, a lost queue item by the back office's next read of its queue.
 */
const peerMessage = z.discriminatedUnion('kind', [
  z.object({
    from: z.string(),
    kind: z.literal('revocation'),
    revocation: z.object({
      userId: z.number().int(),
      sessionId: z.number().int().optional(),
      keepSessionId: z.number().int().optional(),
    }),
  }),
  z.object({
    from: z.string(),
    kind: z.literal('staff'),
    queue: z.enum(ADMIN_QUEUES),
  }),
])
type PeerMessage = z.infer<typeof peerMessage>
type Revocation = Extract<PeerMessage, { kind: 'revocation' }>['revocation']

/** A process's ended sessions (users/sessions.ts `SessionRevocations`). */
interface Revocations {
  receive(revocation: Revocation): void
  forwardTo(forward: (revocation: Revocation) => void): () => void
}

export const peerChannel = (namespace = 'tp:') => `${namespace}peers`

export async function startPeerBus(options: {
  redis: Redis
  /** A connection of its own (subscribed). */
  subscriber: Redis
  namespace?: string
  revocations: Revocations
  staffEvents: StaffEvents
  onError: (error: unknown, context: string) => void
}) {
  const { redis, subscriber, revocations, staffEvents } = options
  const channel = peerChannel(options.namespace)
  // Each bus hears its own messages too: they are told here already.
  const from = randomUUID()
  const send = (message: PeerMessage) =>
    void redis.publish(channel, JSON.stringify(message)).catch((error: unknown) => {
      options.onError(error, 'telling the other processes failed')
    })

  const listener = (name: string, text: string) => {
    if (name !== channel) return
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    const message = peerMessage.safeParse(parsed)
    if (!message.success) return options.onError(new Error('malformed'), 'a peer message could not be read')
    if (message.data.from === from) return
    if (message.data.kind === 'revocation') revocations.receive(message.data.revocation)
    else staffEvents.receive(message.data.queue)
  }
  subscriber.on('message', listener)
  await subscriber.subscribe(channel)
  const stops = [
    revocations.forwardTo((revocation) => send({ from, kind: 'revocation', revocation })),
    staffEvents.forwardTo((queue) => send({ from, kind: 'staff', queue })),
  ]
  return {
    async stop() {
      for (const stop of stops) stop()
      subscriber.off('message', listener)
      await subscriber.unsubscribe(channel).catch(() => {})
    },
  }
}
