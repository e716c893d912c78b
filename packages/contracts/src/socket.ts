import { z } from 'zod'
import type { DayMarketMessage, KlineMessage, MarketDepthMessage } from './market.ts'
import type { ForexClosedMessage, ForexExpiredMessage, ForexTradeMessage } from './trading.ts'
import type { PriceAlertMessage } from './alerts.ts'
import type { ChatSocketMessage } from './chat.ts'
import { TOPIC_PATTERN } from './light/socket.ts'
export * from './light/socket.ts'

/** Client-to-server socket frames (docs/wire.md). */
export type ClientFrame =
  | { type: 'login'; params: string }
  | { type: 'logout' }
  | { type: 'sub'; params: string }
  | { type: 'unsub'; params: string }
  | { type: 'ping' }

const topic = z.string().regex(TOPIC_PATTERN)
export const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), params: z.string().min(1).max(200) }),
  z.object({ type: z.literal('logout') }),
  z.object({ type: z.literal('sub'), params: topic }),
  z.object({ type: z.literal('unsub'), params: topic }),
  z.object({ type: z.literal('ping') }),
])

/** Server-to-client answers to the client's own frames. */
export interface PongMessage {
  type: 'pong'
}
export interface LoginResultMessage {
  type: 'login_result'
  /** 1 signed in, 0 refused. */
  code: 0 | 1
}

/**
 * `MARGIN_CALL` to the owner's sockets only, when the account's margin level falls below the
 * margin-call level. The app shows a warning until `FOREX_TRADE`'s `HazardRate` is back at or
 * above `margin_call_level` (or null: no margin used).
 */
export interface MarginCallMessage {
  type: 'MARGIN_CALL'
  /** The account's margin level, percent. */
  level: number
  /** Below this level (percent) the account is in margin call. */
  margin_call_level: number
  /** At or below this level (percent) positions are closed. */
  stop_out_level: number
}

/**
 * `CATALOGUE` to every socket, signed in or not, when staff change the catalogue (instruments,
 * their leverage options, sessions, spread): clients load `trade_list` again. Ours, no payload.
 */
export interface CatalogueMessage {
  type: 'CATALOGUE'
}
export const CATALOGUE_MESSAGE: CatalogueMessage = { type: 'CATALOGUE' }

/** Every message the server sends on the socket (docs/wire.md "Websocket"). */
export type ServerMessage =
  | PongMessage
  | LoginResultMessage
  | DayMarketMessage
  | KlineMessage
  | MarketDepthMessage
  | ForexTradeMessage
  | ForexClosedMessage
  | ForexExpiredMessage
  | PriceAlertMessage
  | MarginCallMessage
  | ChatSocketMessage
  | CatalogueMessage
