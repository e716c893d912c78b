import type { FastifyInstance } from 'fastify'
import websocket from '@fastify/websocket'
import type { WebSocket } from 'ws'
import { SOCKET_PATH, clientFrame, type ClientFrame } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import type { Clock } from '../services/outcome.ts'
import { findSession, type SessionRef } from '../services/sessions.ts'
import { userTopic } from '../trading/account-push.ts'
import type { Subscriber, TopicHub } from './topic-hub.ts'

/** A client frame is a few dozen bytes; anything near this is abuse. */
export const MAX_FRAME_BYTES = 4 * 1024
/** Frames in one JSON array. */
export const MAX_FRAMES_PER_MESSAGE = 16
/** Topics one socket may hold: every instrument's candles would be far fewer than a phone shows. */
export const MAX_SUBSCRIPTIONS = 64
/** The client pings every 5 s; a socket silent for 30 s is gone. */
export const IDLE_TIMEOUT_MS = 30_000

/** One connected client: its session, if signed in, its topics, and its side of the hub. */
export interface Connection {
  socket: WebSocket
  session: SessionRef | undefined
  topics: Set<string>
  subscriber: Subscriber
}

/**
 * The `/v1/ws` gateway (WIRE.md): login, logout, sub/unsub and ping/pong. Messages to topics go
 * out through the TopicHub, which the market feed (and later the engine) publish to.
 */
export async function registerGateway(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; topics: TopicHub },
) {
  const connections = new Set<Connection>()
  const hub = deps.topics
  // No compression: the hub writes pre-built frames under `ws` (topic-hub.ts), which needs it off.
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false } })

  app.get(SOCKET_PATH, { websocket: true }, (socket, request) => {
    const connection: Connection = {
      socket,
      session: undefined,
      topics: new Set(),
      subscriber: hub.subscriber(socket, request.raw.socket),
    }
    connections.add(connection)
    let idle = setTimeout(() => socket.terminate(), IDLE_TIMEOUT_MS)
    socket.on('message', (data, isBinary) => {
      clearTimeout(idle)
      idle = setTimeout(() => socket.terminate(), IDLE_TIMEOUT_MS)
      if (isBinary) return
      for (const frame of parseFrames(data.toString())) {
        handle(connection, frame).catch((err: unknown) => app.log.error({ err }, 'socket frame failed'))
      }
    })
    socket.on('close', () => {
      clearTimeout(idle)
      connections.delete(connection)
      hub.remove(connection.subscriber, connection.topics)
      signOut(connection)
    })
    socket.on('error', () => socket.terminate())
  })

  async function handle(connection: Connection, frame: ClientFrame): Promise<void> {
    const reply = (message: { type: string; code?: number }) =>
      hub.sendTo(connection.subscriber, message.type, message)
    switch (frame.type) {
      case 'ping':
        return reply({ type: 'pong' })
      case 'login': {
        signOut(connection)
        connection.session = await findSession(deps.db, frame.params, deps.clock())
        // The owner's own messages (FOREX_TRADE, FOREX_CLOSED) come on a private topic.
        if (connection.session) hub.subscribe(connection.subscriber, userTopic(connection.session.userId))
        return reply({ type: 'login_result', code: connection.session ? 1 : 0 })
      }
      case 'logout':
        return signOut(connection)
      case 'sub':
        // Past the limit a subscription is ignored: a flood costs the server nothing.
        if (connection.topics.size >= MAX_SUBSCRIPTIONS || connection.topics.has(frame.params)) return
        connection.topics.add(frame.params)
        return hub.subscribe(connection.subscriber, frame.params)
      case 'unsub':
        connection.topics.delete(frame.params)
        return hub.unsubscribe(connection.subscriber, frame.params)
    }
  }

  function signOut(connection: Connection) {
    if (connection.session) hub.unsubscribe(connection.subscriber, userTopic(connection.session.userId))
    connection.session = undefined
  }

  return { connections }
}

/** The valid frames of one message: an object or an array of them. Bad JSON and unknown frames are dropped. */
export function parseFrames(text: string): ClientFrame[] {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return []
  }
  const items = Array.isArray(value) ? value.slice(0, MAX_FRAMES_PER_MESSAGE) : [value]
  return items.flatMap((item) => {
    const parsed = clientFrame.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}
