/** Socket timing of docs/product.md "Limits". */
export const SOCKET_HEARTBEAT_MS = 5_000

export const SOCKET_MAX_MISSED_PONGS = 2

export const SOCKET_CONNECT_TIMEOUT_MS = 5_000

export const SOCKET_PATH = '/v1/ws'

/**
 * Topics a client may subscribe to: the day's quotes (of all instruments, or `DAY_MARKET.<code>` of
 * one), one instrument's candles or depth, its own trading. `MARKET_DEPTH.<code>` carries only depth
 * a price source sends; the built-in simulator has none, so the topic stays silent (no invented
 * book, docs/wire.md).
 */
export const TOPIC_PATTERN =
  /^(DAY_MARKET|FOREX_TRADE|FOREX_CLOSED|(DAY_MARKET|KLINE|MARKET_DEPTH)\.[A-Za-z0-9_.-]{1,32})$/
