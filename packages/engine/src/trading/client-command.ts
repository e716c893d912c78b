/**
 * A client's trading command as data: what a route (or a gateway process, over Redis) hands the
 * engine's one writer to run for one user. Plain JSON, so that it can travel between processes; the
 * writer supplies the time when it runs the command (decision 049).
 */
import type { CommandResult } from './types.ts'
import type { TradingEngine } from './engine.ts'
import type { CloseAllPick } from './engine/position-commands.ts'
import type { OpenCommand, PendingChange } from './engine/commands.ts'
import type { FollowChange, FollowCommand } from './engine/follow-commands.ts'
import { ClosedType, type LedgerTypeValue } from '@tp/contracts'

export type ClientCommand =
  | { kind: 'open'; order: Omit<OpenCommand, 'userId' | 'nowMs'> }
  /** `lots`: a partial close; absent: the whole position. */
  | { kind: 'close'; orderId: number; lots?: string }
  | { kind: 'close_by'; orderId: number; byId: number }
  | { kind: 'close_all'; pick: CloseAllPick }
  | { kind: 'cancel'; orderId: number }
  | { kind: 'modify_pending'; orderId: number; change: PendingChange }
  | { kind: 'set_stops'; orderId: number; stopLoss: number; takeProfit: number }
  | { kind: 'set_trailing'; orderId: number; points: number }
  | { kind: 'add_alert'; instrumentId: number; above: boolean; price: number }
  | { kind: 'remove_alert'; alertId: number }
  /** A demo account back to `balance` (the starting balance the settings name). */
  | { kind: 'reset_account'; balance: string; type: LedgerTypeValue }
  /** Copy trading (decision 053): the route has checked the leader and read its profit share. */
  | { kind: 'follow'; follow: Omit<FollowCommand, 'followerId' | 'nowMs'> }
  | { kind: 'change_follow'; followId: number; change: FollowChange }
  | { kind: 'unfollow'; followId: number; closeCopies: boolean }

/** Runs `command` for `userId` on `engine` at `nowMs`: the one place a command's data meets the engine. */
export function runClientCommand(
  engine: TradingEngine,
  userId: number,
  command: ClientCommand,
  nowMs: number,
): CommandResult {
  switch (command.kind) {
    case 'open':
      return engine.open({ ...command.order, userId, nowMs })
    case 'close':
      return engine.close(userId, command.orderId, nowMs, ClosedType.User, command.lots)
    case 'close_by':
      return engine.closeBy(userId, command.orderId, command.byId, nowMs)
    case 'close_all':
      return engine.closeAll(userId, command.pick, nowMs)
    case 'cancel':
      return engine.cancel(userId, command.orderId, nowMs)
    case 'modify_pending':
      return engine.modifyPending(userId, command.orderId, command.change, nowMs)
    case 'set_stops':
      return engine.setStops(userId, command.orderId, command.stopLoss, command.takeProfit, nowMs)
    case 'set_trailing':
      return engine.setTrailing(userId, command.orderId, command.points, nowMs)
    case 'add_alert':
      return engine.addAlert(userId, command.instrumentId, command.above, command.price, nowMs)
    case 'remove_alert':
      return engine.removeAlert(userId, command.alertId, nowMs)
    case 'reset_account':
      // Checked here too, not only by the route: a command may come from another process.
      if (!engine.isDemoAccount(userId)) return { ok: false, reason: 'demo_only' }
      return engine.resetAccount(userId, command.balance, command.type, nowMs)
    case 'follow':
      return engine.follow({ ...command.follow, followerId: userId, nowMs })
    case 'change_follow':
      return engine.changeFollow(userId, command.followId, command.change, nowMs)
    case 'unfollow':
      return engine.unfollow(userId, command.followId, command.closeCopies, nowMs)
  }
}
