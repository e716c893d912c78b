import type { ForexTradeMessage } from '@tp/contracts/light'
import { useEffect, useRef, useState } from 'react'
import { realtime } from '../../../common/realtime.ts'
import { isForexClosedMessage, isForexTradeMessage } from '../../../common/trading/order-messages.ts'

/**
 * The signed-in account as the socket reports it: the last FOREX_TRADE (about once a second while
 * positions are open, and at once after a change). The realtime client logs the socket in with the
 * session's token, and the server sends these to their owner only.
 */
export function useForexTrade(): ForexTradeMessage | null {
  const [message, setMessage] = useState<ForexTradeMessage | null>(null)
  useEffect(
    () =>
      realtime.subscribe('FOREX_TRADE', (frame) => {
        if (isForexTradeMessage(frame)) setMessage(frame)
      }),
    [],
  )
  return message
}

/** Calls `onClosed` with the ids of positions that closed without the user's request (FOREX_CLOSED). */
export function useForexClosed(onClosed: (ids: readonly number[]) => void): void {
  const handler = useRef(onClosed)
  useEffect(() => {
    handler.current = onClosed
  }, [onClosed])
  useEffect(
    () =>
      realtime.subscribe('FOREX_CLOSED', (frame) => {
        if (isForexClosedMessage(frame)) handler.current(frame.id)
      }),
    [],
  )
}
