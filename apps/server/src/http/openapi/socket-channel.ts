import {
  clientFrame,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_HEARTBEAT_MS,
  SOCKET_MAX_MISSED_PONGS,
  SOCKET_PATH,
} from '@tp/contracts'
import { IDLE_TIMEOUT_MS, MAX_FRAME_BYTES } from '../socket/gateway.ts'
import { inputSchema, type JsonSchema } from './json-schema.ts'

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const num = { type: 'number' }
const str = { type: 'string' }
const int = { type: 'integer' }
const ids = { type: 'array', items: int }
const message = (type: string, description: string, properties: Record<string, unknown> = {}) => ({
  type: 'object',
  description,
  properties: { type: { const: type }, ...properties },
  required: ['type', ...Object.keys(properties)],
})

/**
 * What the server sends on the socket. These are TypeScript types in packages/contracts (socket.ts
 * names them all in `ServerMessage`), not zod schemas: the server writes them, nothing parses them,
 * so they are described here; a field's meaning is in the type's comment.
 */
const SERVER_MESSAGES: Record<string, JsonSchema> = {
  PongMessage: message('pong', 'The answer to `ping`.'),
  LoginResultMessage: message('login_result', '1 signed in; 0 refused, or the session ended.', {
    code: { enum: [0, 1] },
  }),
  DayMarketMessage: message('DAY_MARKET', 'A quote of one instrument (topic `DAY_MARKET`).', {
    symbol: str,
    quotation: {
      type: 'object',
      properties: Object.fromEntries(
        ['forex_id', 'open', 'close', 'high', 'low', 'change', 'volume', 'amount', 'bid', 'ask', 'time'].map(
          (name) => [name, num],
        ),
      ),
    },
  }),
  KlineMessage: message('KLINE', 'The current candle of one instrument (topic `KLINE.<code>`).', {
    symbol: str,
    kline: { type: 'object', description: 'A candle (`Candle`) with `Period`, `Change`, `Code`, `ForexId`.' },
  }),
  ForexTradeMessage: message(
    'FOREX_TRADE',
    "The signed-in account's open positions and margin (topic `FOREX_TRADE`).",
    {
      HazardRate: {
        type: ['number', 'null'],
        description: 'Margin level, percent; null with no margin used.',
      },
      CautionMoneyAll: str,
      ProfitsTotal: str,
      OriginCautionMoneyTotal: str,
      TransOrder: {
        type: 'array',
        items: { type: 'object', description: 'An order as `my_deal` lists it (`TransOrder`).' },
      },
      Balance: str,
      Equity: str,
    },
  ),
  ForexClosedMessage: message('FOREX_CLOSED', 'Ids of own orders just closed (topic `FOREX_CLOSED`).', {
    id: ids,
  }),
  ForexExpiredMessage: message('FOREX_EXPIRED', 'Ids of own pending orders that expired.', { id: ids }),
  PriceAlertMessage: message('PRICE_ALERT', 'An own price alert was reached.', {
    id: int,
    forex_id: int,
    code: str,
    direction: int,
    price: num,
    bid: num,
    ask: num,
    time: num,
  }),
  MarginCallMessage: message('MARGIN_CALL', 'The account fell below the margin-call level.', {
    level: num,
    margin_call_level: num,
    stop_out_level: num,
  }),
  ChatSocketMessage: message('CHAT', 'A support chat message (`ChatMessage`).', {
    message: { type: 'object' },
  }),
  CatalogueMessage: message('CATALOGUE', 'Staff changed the catalogue: load `trade_list` again.'),
}

/** The socket's frames as schemas: what a client sends and every message it may receive. */
export function socketSchemas(): Record<string, JsonSchema> {
  return {
    SocketClientFrame: inputSchema(clientFrame),
    ...SERVER_MESSAGES,
    SocketServerMessage: { oneOf: Object.keys(SERVER_MESSAGES).map(ref) },
  }
}

/** The socket as a path: an upgrade, then JSON text frames in both directions. */
export function socketPath(): Record<string, Record<string, unknown>> {
  return {
    [SOCKET_PATH]: {
      get: {
        tags: ['socket'],
        operationId: 'socket',
        summary: 'The realtime socket (WebSocket upgrade)',
        security: [],
        description: [
          'Each frame is one JSON object (`SocketClientFrame` in, `SocketServerMessage` out).',
          '`sub`/`unsub` take a topic: `DAY_MARKET` (quotes), `DAY_MARKET.<code>` (the quotes of one',
          'instrument), `KLINE.<code>` (candles of one instrument), and, after `login` with a session',
          'token, `FOREX_TRADE` and `FOREX_CLOSED`.',
          'A signed-in socket also gets its own `FOREX_EXPIRED`, `PRICE_ALERT`, `MARGIN_CALL` and',
          '`CHAT`; every socket gets `CATALOGUE`. When the session ends the server sends',
          '`login_result` code 0 and stops the private topics.',
          `Clients send \`ping\` every ${SOCKET_HEARTBEAT_MS} ms and reconnect after`,
          `${SOCKET_MAX_MISSED_PONGS} missed pongs or ${SOCKET_CONNECT_TIMEOUT_MS} ms without connecting;`,
          `the server closes a socket idle for ${IDLE_TIMEOUT_MS} ms,`,
          `closes one that sends a frame over ${MAX_FRAME_BYTES} bytes, and closes (1008) one over its frame budget.`,
        ].join(' '),
        responses: {
          '101': { description: 'Switched to the WebSocket protocol.' },
          '429': {
            description: 'Too many sockets from this address, or upgrades too often.',
            content: { 'application/json': { schema: ref('Refusal') } },
          },
        },
        'x-socket-messages': {
          client: ref('SocketClientFrame'),
          server: ref('SocketServerMessage'),
        },
      },
    },
  }
}
