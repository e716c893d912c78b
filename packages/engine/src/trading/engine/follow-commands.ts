/** A follower's commands (issue 29, decision 053): follow a leader, change or pause the follow, stop it. */
import { Decimal } from 'decimal.js'
import { ClosedType } from '@tp/contracts'
import { ZERO, type Money } from '../money.ts'
import { parseDecimal } from '../order-rules.ts'
import { freshResult, isCopyStopLoss, type Follow } from '../copy-book.ts'
import type { CommandResult, EngineEvent } from '../types.ts'
import { withdrawableOf } from './costs.ts'
import { endFollow, followMarks } from './follow-results.ts'
import { MAX_FOLLOWERS, MAX_FOLLOWS } from './limits.ts'
import { openCopy } from './mirror.ts'
import { reject, type Account, type EngineState } from './state.ts'

export interface FollowCommand {
  followerId: number
  leaderId: number
  /** USD, at most 2 decimals, at least the house's minimum. */
  allocation: string
  /** 0 (none) or 5..95 %. */
  copyStopLossPercent: number
  /** The leader's profit share now (the server reads its setting); fixed for this follow. */
  profitSharePercent: number
  /** Copy the leader's open positions now too (at the follower's price, sized on the leader's equity now). */
  copyOpen: boolean
  nowMs: number
}

/** What a follower may change of a running follow; absent: unchanged. */
export interface FollowChange {
  paused?: boolean
  /** The new allocation (not a difference), as `follow` takes it. */
  allocation?: string
  copyStopLossPercent?: number
}

/**
 * Starts following: real accounts follow real ones, practice accounts practice ones; never oneself
 * (the server also refuses one's own other accounts). Every follow's allocation together stays
 * within the follower's balance, and a new one within what it could withdraw now.
 */
export function follow(s: EngineState, command: FollowCommand): CommandResult {
  const follower = s.accounts.get(command.followerId)
  if (!follower) return reject('account_not_found')
  if (command.followerId === command.leaderId) return reject('follow_self')
  const leader = s.accounts.get(command.leaderId)
  if (!leader || leader.demo !== follower.demo) return reject('leader_unavailable')
  if (s.copies.following(follower.userId, leader.userId)) return reject('follow_exists')
  if (s.copies.followsOf(follower.userId).length >= MAX_FOLLOWS) return reject('follow_limit')
  if (s.copies.followersOf(leader.userId).length >= MAX_FOLLOWERS) return reject('leader_unavailable')
  const allocation = parseAllocation(s, command.allocation)
  if (!allocation) return reject('allocation_invalid', { min: s.copySettings.minAllocation })
  const short = unbacked(s, follower, allocation, undefined)
  if (short) return short
  if (!isCopyStopLoss(command.copyStopLossPercent)) return reject('copy_stop_invalid')
  const share = command.profitSharePercent
  if (!(Number.isSafeInteger(share) && share >= 0 && share <= s.copySettings.maxProfitSharePercent))
    return reject('invalid_input')
  const started: Follow = {
    id: s.takeOrderId(),
    followerId: follower.userId,
    leaderId: leader.userId,
    allocation,
    copyStopLossPercent: command.copyStopLossPercent,
    // Practice money is never shared.
    profitSharePercent: follower.demo ? 0 : share,
    paused: false,
    ...freshResult(),
    startedAtMs: command.nowMs,
    endedAtMs: 0,
    endReason: '',
  }
  s.copies.add(started)
  const events: EngineEvent[] = [{ type: 'follow_changed', follow: { ...started } }]
  if (command.copyOpen)
    for (const id of [...leader.holding].sort((a, b) => a - b)) {
      const order = s.order(id)
      if (order.copyOf === 0) openCopy(s, started, order, command.nowMs, events)
    }
  return { ok: true, events, followId: started.id }
}

/** Pauses or resumes a follow, changes its allocation or its copy stop-loss. */
export function changeFollow(
  s: EngineState,
  followerId: number,
  followId: number,
  change: FollowChange,
): CommandResult {
  const running = ownFollow(s, followerId, followId)
  if (!running) return reject('follow_not_found')
  const follower = s.account(followerId)
  let allocation = running.allocation
  if (change.allocation !== undefined) {
    const asked = parseAllocation(s, change.allocation)
    if (!asked) return reject('allocation_invalid', { min: s.copySettings.minAllocation })
    // Less may not leave the copies' margin unbacked; more must be backed like a new follow.
    if (asked.lessThan(running.allocation) && asked.toNumber() < followMarks(s, running).margin)
      return reject('allocation_invalid', { min: s.copySettings.minAllocation })
    if (asked.greaterThan(running.allocation)) {
      const short = unbacked(s, follower, asked.minus(running.allocation), running)
      if (short) return short
    }
    allocation = asked
  }
  const stop = change.copyStopLossPercent ?? running.copyStopLossPercent
  if (!isCopyStopLoss(stop)) return reject('copy_stop_invalid')
  running.allocation = allocation
  running.copyStopLossPercent = stop
  running.paused = change.paused ?? running.paused
  return { ok: true, events: [{ type: 'follow_changed', follow: { ...running } }], followId }
}

/** Stops following, closing the copies at their live prices or keeping them as the follower's own. */
export function unfollow(
  s: EngineState,
  followerId: number,
  followId: number,
  closeCopies: boolean,
  nowMs: number,
): CommandResult {
  const running = ownFollow(s, followerId, followId)
  if (!running) return reject('follow_not_found')
  const events: EngineEvent[] = []
  endFollow(s, running, 'user', closeCopies, ClosedType.User, nowMs, events)
  return { ok: true, events, followId }
}

const ownFollow = (s: EngineState, followerId: number, followId: number) => {
  const running = s.copies.follows.get(followId)
  return running && running.followerId === followerId ? running : undefined
}

/** An allocation: a plain decimal of at most 2 places, at least the house's minimum. */
function parseAllocation(s: EngineState, text: string): Money | undefined {
  const amount = parseDecimal(text)
  if (!amount || amount.decimalPlaces() > 2 || amount.lessThan(s.copySettings.minAllocation)) return undefined
  return amount
}

/**
 * Refuses `added` allocation the follower's money does not back: more than it could withdraw now,
 * or all its follows' allocations together above its balance.
 */
function unbacked(s: EngineState, follower: Account, added: Money, except: Follow | undefined) {
  const others = s.copies
    .followsOf(follower.userId)
    .filter((f) => f !== except)
    .reduce((sum, f) => sum.plus(f.allocation), except ? except.allocation : ZERO)
  if (added.greaterThan(withdrawableOf(s, follower)) || others.plus(added).greaterThan(follower.balance))
    return reject('balance_insufficient', {
      available: Decimal.max(ZERO, follower.balance.minus(others)).toFixed(2),
    })
  return undefined
}
