import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import websocket from '@fastify/websocket'
import type { WebSocket } from 'ws'
import { SOCKET_PATH, clientFrame, type ClientFrame } from '@tp/contracts'
import type { Db } from '../../db/client.ts'
import { sendRefusal } from '../envelope.ts'
import { rateLimited } from '../route-deps.ts'
import type { Clock } from '../../outcome/outcome.ts'
import {
  findSession,
  liveSessionIds,
  type SessionRef,
  type SessionRevocations,
} from '../../users/sessions.ts'
import { userTopic } from '../../trading/account-push.ts'
import { clientGroupsOf } from '../../users/client-groups.ts'
import { pricedTopic } from '../../market/group-quotes.ts'
import type { MarketData } from '../../market/market-data.ts'
import { AddressCap } from './address-cap.ts'
import { SignedInSockets } from './signed-in-sockets.ts'
import { DEFAULT_SOCKET_LIMITS, FrameBudget, type FrameVerdict, type SocketLimits } from './socket-limits.ts'
import type { Subscriber, TopicHub } from '../../realtime/topic-hub.ts'

/** A client frame is a few dozen bytes; anything near this is abuse (ws closes with 1009 past it). */
export const MAX_FRAME_BYTES = 4 * 1024
/** Frames in one JSON array. */
export const MAX_FRAMES_PER_MESSAGE = 16
/** Topics one socket may hold: every instrument's candles would be far fewer than a phone shows. */
export const MAX_SUBSCRIPTIONS = 64
/** The client pings every 5 s; a socket silent for 30 s is gone. */
export const IDLE_TIMEOUT_MS = 30_000
/** A socket closed for flooding gets this long to finish the closing handshake before it is cut. */
const CLOSE_GRACE_MS = 1_000
/**
 * Reads of one login's session when revocations keep landing during them (each read after the
 * first goes to the database, past the dropped cache entry); past that the login is refused.
 */
const MAX_SESSION_READS = 3
const OPEN = 1
const NO_GROUPS: ReadonlySet<string> = new Set()
/** RFC 6455 close code: the client broke the server's policy (here, its rate limits). */
const POLICY_VIOLATION = 1008

/** One connected client: its session, if signed in, its topics, and its side of the hub. */
export interface Connection {
  socket: WebSocket
  session: SessionRef | undefined
  /** The signed-in client's group (undefined: signed out), whose quote streams it hears (decision 052). */
  group: string | undefined
  /** The topics it asked for, each with the hub topic it hears it on (its group's quotes: pricedTopic). */
  topics: Map<string, string>
  subscriber: Subscriber
  budget: FrameBudget
  /** Login and logout frames run one after another, so that their answers keep their order. */
  sessionWork: Promise<void>
}

export interface GatewayDeps {
  db: Db
  clock: Clock
  topics: TopicHub
  sessionRevocations: SessionRevocations
  socketLimits?: Partial<SocketLimits>
  /** What a socket hears as it signs in, by key (trading/account-push.ts `signInMessages`). */
  signInMessages?: (userId: number) => Promise<[key: string, message: object][]>
  /** The client groups with quote streams of their own, and word of every catalogue change (decision 052). */
  market?: Pick<MarketData, 'pricedGroups' | 'onDefinitions'>
}

/**
 * The `/v1/ws` gateway (docs/wire.md): login, logout, sub/unsub and ping/pong. Messages to topics go
 * out through the TopicHub, which the market feed and the trading desk publish to. Every socket is
 * held to a frame budget, every address to a number of sockets, and every signed-in socket to a
 * session that is still live.
 */
export async function registerGateway(app: FastifyInstance, deps: GatewayDeps) {
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...deps.socketLimits }
  const connections = new Set<Connection>()
  const signedIn = new SignedInSockets<Connection>()
  const addresses = new AddressCap(limits.maxSocketsPerAddress)
  const hub = deps.topics
  // No compression: the hub writes pre-built frames under `ws` (topic-hub.ts), which needs it off.
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false } })

  /** Before the upgrade: an address at its cap is refused with 429 and never becomes a socket. */
  async function countAddress(request: FastifyRequest, reply: FastifyReply) {
    if (!request.ws) return
    // request.ip is the client's address, or the forwarded one only from proxies named in TRUST_PROXY.
    const release = addresses.acquire(request.ip)
    if (!release) return sendRefusal(reply, 429, 'rate_limited')
    // The TCP connection's end, whether or not the upgrade completes, frees its place.
    request.raw.socket.once('close', release)
  }

  const upgradeRate = rateLimited({ max: limits.upgradesPerMinute, timeWindowMs: 60_000 })
  app.get(
    SOCKET_PATH,
    { websocket: true, onRequest: countAddress, config: upgradeRate },
    (socket, request) => {
      const connection: Connection = {
        socket,
        session: undefined,
        group: undefined,
        topics: new Map(),
        subscriber: hub.subscriber(socket, request.raw.socket),
        budget: new FrameBudget(limits),
        sessionWork: Promise.resolve(),
      }
      connections.add(connection)
      const idle = setTimeout(() => socket.terminate(), IDLE_TIMEOUT_MS)
      socket.on('message', (data, isBinary) => {
        if (socket.readyState !== OPEN) return
        idle.refresh()
        // Charged before parsing: a flood of garbage costs its sender the budget, not the server.
        if (!admit(connection, connection.budget.frame()) || isBinary) return
        parseFrames(data.toString()).forEach((frame, index) => {
          if (socket.readyState !== OPEN) return
          if (index > 0 && !admit(connection, connection.budget.frame())) return
          if (frame.type === 'login' && !admit(connection, connection.budget.login())) return
          handle(connection, frame)
        })
      })
      socket.on('close', () => {
        clearTimeout(idle)
        connections.delete(connection)
        // Signed out first: it moves the socket's topics off its group's streams (regroup), and
        // removing it after takes them all.
        signOut(connection)
        hub.remove(connection.subscriber, connection.topics.values())
      })
      socket.on('error', () => socket.terminate())
    },
  )

  /** Whether to handle a frame; a socket past its patience is closed (later frames find it closing). */
  function admit(connection: Connection, verdict: FrameVerdict): boolean {
    if (verdict === 'handle') return true
    if (verdict === 'close' && connection.socket.readyState === OPEN) {
      connection.socket.close(POLICY_VIOLATION, 'rate limit')
      setTimeout(() => connection.socket.terminate(), CLOSE_GRACE_MS).unref()
    }
    return false
  }

  const reply = (connection: Connection, message: { type: string; code?: number }) =>
    hub.sendTo(connection.subscriber, message.type, message)

  function handle(connection: Connection, frame: ClientFrame): void {
    switch (frame.type) {
      case 'ping':
        return reply(connection, { type: 'pong' })
      case 'login':
        return inOrder(connection, () => login(connection, frame.params))
      case 'logout':
        return inOrder(connection, async () => signOut(connection))
      case 'sub':
        // Past the limit a subscription is ignored: a flood costs the server nothing.
        if (connection.topics.size >= MAX_SUBSCRIPTIONS || connection.topics.has(frame.params)) return
        connection.topics.set(frame.params, heardOn(frame.params, connection.group))
        return hub.subscribe(connection.subscriber, connection.topics.get(frame.params) as string)
      case 'unsub': {
        const heard = connection.topics.get(frame.params)
        connection.topics.delete(frame.params)
        if (heard !== undefined) hub.unsubscribe(connection.subscriber, heard)
        return
      }
    }
  }

  const heardOn = (topic: string, group: string | undefined) =>
    pricedTopic(topic, group, deps.market?.pricedGroups() ?? NO_GROUPS)

  /**
   * The socket's client group is `group` now (signed in or out, moved by staff, or its group's
   * markups changed): each topic it holds moves to the stream it should hear, if that changed.
   */
  function regroup(connection: Connection, group: string | undefined): void {
    connection.group = group
    for (const [topic, heard] of connection.topics) {
      const now = heardOn(topic, group)
      if (now === heard) continue
      hub.unsubscribe(connection.subscriber, heard)
      hub.subscribe(connection.subscriber, now)
      connection.topics.set(topic, now)
    }
  }

  function inOrder(connection: Connection, work: () => Promise<void>): void {
    connection.sessionWork = connection.sessionWork
      .then(work)
      .catch((err: unknown) => app.log.error({ err }, 'socket frame failed'))
  }

  async function login(connection: Connection, token: string): Promise<void> {
    signOut(connection)
    const session = await signIn(connection, token)
    // Closed while the session was read: the close handler has already cleaned up.
    if (connection.socket.readyState !== OPEN) return
    // Said with no await after the sign-in: a revocation landing later is said after it (code 0).
    reply(connection, { type: 'login_result', code: session ? 1 : 0 })
    if (!session) return
    // Its client group's quotes, unless the session ended (or another began) while it was read.
    const group = (await clientGroupsOf(deps.db, [session.userId])).get(session.userId)
    if (connection.socket.readyState !== OPEN || connection.session !== session) return
    regroup(connection, group)
    // Its account now, and a warning pushed before it signed in that still holds.
    const messages = (await deps.signInMessages?.(session.userId)) ?? []
    if (connection.socket.readyState !== OPEN || connection.session !== session) return
    for (const [key, message] of messages) hub.sendTo(connection.subscriber, key, message)
  }

  /**
   * Signs the socket in with the token's session, unless a revocation that ended it was published
   * while it was read (the read may have begun before the revocation was committed). The check and
   * the sign-in run with no await between them: a revocation published after the check finds the
   * socket among the signed-in ones and signs it out.
   */
  async function signIn(connection: Connection, token: string): Promise<SessionRef | undefined> {
    for (let reads = 0; reads < MAX_SESSION_READS; reads++) {
      const version = deps.sessionRevocations.version
      const session = await findSession(deps.db, token, deps.clock())
      if (connection.socket.readyState !== OPEN || !session) return undefined
      if (deps.sessionRevocations.mayHaveEndedSince(version, session)) continue
      connection.session = session
      signedIn.add(connection, session)
      // The owner's own messages (FOREX_TRADE, FOREX_CLOSED, MARGIN_CALL) come on a private topic.
      hub.subscribe(connection.subscriber, userTopic(session.userId))
      return session
    }
    return undefined
  }

  function signOut(connection: Connection): void {
    const session = connection.session
    if (!session) return
    hub.unsubscribe(connection.subscriber, userTopic(session.userId))
    signedIn.delete(connection, session)
    connection.session = undefined
    regroup(connection, undefined)
  }

  /**
   * A socket whose session ended is signed out rather than closed: its public topics (quotes,
   * candles) go on, its private topic stops at once, and it is told with the `login_result` code 0
   * that clients already handle. Closing it would only make the client reconnect and log in again
   * with the same dead token.
   */
  function sessionEnded(connection: Connection): void {
    signOut(connection)
    reply(connection, { type: 'login_result', code: 0 })
  }

  const stopListening = deps.sessionRevocations.listen((revocation) => {
    for (const connection of signedIn.endedBy(revocation)) sessionEnded(connection)
  })

  /**
   * Reads every signed-in socket's client group again and moves its quotes to its group's streams:
   * on every catalogue change (markups changed, or staff moved a client: both reload the catalogue
   * everywhere) and with every session check.
   */
  async function readGroups(): Promise<void> {
    const held = signedIn.snapshot()
    if (held.length === 0) return
    const groups = await clientGroupsOf(deps.db, [...new Set(held.map(([, session]) => session.userId))])
    for (const [connection, session] of held)
      if (connection.session === session) regroup(connection, groups.get(session.userId))
  }
  const stopHearingCatalogue = deps.market?.onDefinitions(() => {
    readGroups().catch((err: unknown) => app.log.warn({ err }, 'reading client groups failed; next check'))
  })

  // Revocations by another process, and sessions that simply expired, are caught by reading every
  // signed-in socket's session again now and then (and its client group with it).
  let rechecking = false
  async function recheckSessions(): Promise<void> {
    if (rechecking) return
    rechecking = true
    try {
      const held = signedIn.snapshot()
      const ids = [...new Set(held.map(([, session]) => session.sessionId))]
      const live = await liveSessionIds(deps.db, ids, deps.clock())
      // A socket that signed in again meanwhile holds another session: only the one read is judged.
      for (const [connection, session] of held)
        if (connection.session === session && !live.has(session.sessionId)) sessionEnded(connection)
      await readGroups()
    } catch (err) {
      app.log.warn({ err }, 'socket session check failed; next time')
    } finally {
      rechecking = false
    }
  }
  const recheckTimer = setInterval(() => void recheckSessions(), limits.sessionRecheckMs)
  recheckTimer.unref()
  app.addHook('onClose', async () => {
    clearInterval(recheckTimer)
    stopListening()
    stopHearingCatalogue?.()
  })

  return { connections, addresses }
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
