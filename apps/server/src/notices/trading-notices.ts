import { ClosedType, type NoticeKind } from '@tp/contracts'
import type { CancelReason, EngineEvent } from '@tp/engine'

/*
 * The notices the trading engine's events call for (decision 043): a position closed by its
 * stop-loss, trailing stop, take-profit or a stop-out, a pending order filled, expired or cancelled
 * by the platform, a margin call, a price alert reached, a follow ended by its copy stop-loss. Written by the desk's event writer in the
 * statement that writes the events, so a notice exists exactly when its event was committed.
 */

/** A notice as the event writer stores it: `ref` null for a margin call, named by its batch's time. */
export interface TradingNotice {
  userId: number
  kind: NoticeKind
  ref: string | null
  params: Record<string, string | number>
}

/** Reasons a pending order is cancelled by the platform, not by its owner or a demo reset. */
const PLATFORM_CANCELS = new Set<CancelReason>([
  'no_margin',
  'instrument_disabled',
  'leverage_withdrawn',
  'exposure_limit',
])

const CLOSE_KINDS: Partial<Record<number, NoticeKind>> = {
  [ClosedType.StopLoss]: 'stop_loss',
  [ClosedType.TakeProfit]: 'take_profit',
  [ClosedType.StopOut]: 'stop_out',
}

export function tradingNotices(events: readonly EngineEvent[]): TradingNotice[] {
  const notices: TradingNotice[] = []
  for (const event of events) {
    switch (event.type) {
      case 'position_closed': {
        const { order } = event
        let kind = CLOSE_KINDS[order.closedType]
        if (kind === 'stop_loss' && order.trailingPoints > 0) kind = 'trailing_stop'
        if (!kind) break
        notices.push({
          userId: order.userId,
          kind,
          ref: `order:${order.id}`,
          params: {
            id: order.id,
            instrument: order.instrumentId,
            lots: order.lots.toString(),
            price: order.closePrice,
            profit: order.profit.toFixed(6),
          },
        })
        break
      }
      case 'position_opened':
        if (event.fromPending)
          notices.push({
            userId: event.order.userId,
            kind: 'pending_filled',
            ref: `order:${event.order.id}`,
            params: {
              id: event.order.id,
              instrument: event.order.instrumentId,
              lots: event.order.lots.toString(),
              price: event.order.price,
            },
          })
        break
      case 'order_cancelled': {
        const kind: NoticeKind | null =
          event.reason === 'expired'
            ? 'pending_expired'
            : PLATFORM_CANCELS.has(event.reason)
              ? 'pending_cancelled'
              : null
        if (kind)
          notices.push({
            userId: event.order.userId,
            kind,
            ref: `order:${event.order.id}`,
            params: {
              id: event.order.id,
              instrument: event.order.instrumentId,
              lots: event.order.lots.toString(),
              reason: event.reason,
            },
          })
        break
      }
      case 'margin_call':
        notices.push({
          userId: event.userId,
          kind: 'margin_call',
          ref: null,
          // Cut, not rounded, as the MARGIN_CALL message does (account-push.ts): 99.996 is not 100.
          params: { level: (Math.floor(event.level * 100) / 100).toFixed(2) },
        })
        break
      case 'follow_changed': {
        // A follow its copy stop-loss ended (decision 053): the follower hears why its copies closed.
        const { follow } = event
        if (follow.endReason === 'copy_stop_loss')
          notices.push({
            userId: follow.followerId,
            kind: 'copy_stopped',
            ref: `follow:${follow.id}`,
            params: {
              id: follow.id,
              percent: follow.copyStopLossPercent,
              profit: follow.realized.toFixed(6),
            },
          })
        break
      }
      case 'alert_fired':
        notices.push({
          userId: event.alert.userId,
          kind: 'price_alert',
          ref: `alert:${event.alert.id}`,
          params: {
            id: event.alert.id,
            instrument: event.alert.instrumentId,
            price: event.alert.price,
            bid: event.bid,
          },
        })
        break
    }
  }
  return notices
}
