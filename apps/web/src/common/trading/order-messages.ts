import type { ForexClosedMessage, ForexExpiredMessage, ForexTradeMessage } from '@tp/contracts/light'
import type { ServerMessage } from '../socket-client.ts'

/** The socket's order messages, told apart from the rest: live marks, expired and closed orders. */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

export function isForexTradeMessage(message: ServerMessage): message is ServerMessage & ForexTradeMessage {
  return (
    message.type === 'FOREX_TRADE' &&
    Array.isArray(message.TransOrder) &&
    message.TransOrder.every((mark) => isObject(mark) && typeof mark.Id === 'number')
  )
}

export function isForexExpiredMessage(
  message: ServerMessage,
): message is ServerMessage & ForexExpiredMessage {
  return (
    message.type === 'FOREX_EXPIRED' &&
    Array.isArray(message.id) &&
    message.id.every((id) => typeof id === 'number')
  )
}

export function isForexClosedMessage(message: ServerMessage): message is ServerMessage & ForexClosedMessage {
  return (
    message.type === 'FOREX_CLOSED' &&
    Array.isArray(message.id) &&
    message.id.every((id) => typeof id === 'number')
  )
}
