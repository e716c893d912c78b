import { z } from 'zod'

/** Client-to-server socket frames (WIRE.md). */
export type ClientFrame =
  | { type: 'login'; params: string }
  | { type: 'logout' }
  | { type: 'sub'; params: string }
  | { type: 'unsub'; params: string }
  | { type: 'ping' }

/** Socket timing of SPEC.md section 9. */
export const SOCKET_HEARTBEAT_MS = 5_000
export const SOCKET_MAX_MISSED_PONGS = 2
export const SOCKET_CONNECT_TIMEOUT_MS = 5_000
export const SOCKET_PATH = '/v1/ws'

/** Topics a client may subscribe to: the day's quotes, one instrument's candles, its own trading. */
export const TOPIC_PATTERN = /^(DAY_MARKET|FOREX_TRADE|FOREX_CLOSED|KLINE\.[A-Za-z0-9_.-]{1,32})$/

const topic = z.string().regex(TOPIC_PATTERN)
export const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), params: z.string().min(1).max(200) }),
  z.object({ type: z.literal('logout') }),
  z.object({ type: z.literal('sub'), params: topic }),
  z.object({ type: z.literal('unsub'), params: topic }),
  z.object({ type: z.literal('ping') }),
])
