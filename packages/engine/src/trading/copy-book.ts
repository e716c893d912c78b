import type { Reason } from '@tp/contracts'
import { ZERO, type Money } from './money.ts'

/**
 * One client following one leader (issue 29, decision 053): what it allocated, how it copies, and
 * its running result. Ids come from the engine's granted ids, as orders' and alerts' do.
 */
export interface Follow {
  id: number
  followerId: number
  leaderId: number
  /**
   * The money the copies are sized on and may use (USD, 2 decimals): a budget within the follower's
   * own balance, not money moved away from it.
   */
  allocation: Money
  /** Stop copying and close the copies once the allocation has lost this share (%); 0: never. */
  copyStopLossPercent: number
  /** The leader's share of the follower's net realized profit above its high-water mark (%), fixed at the start. */
  profitSharePercent: number
  /** Paused: the leader's new positions are not copied; closes and stop changes still are. */
  paused: boolean
  /** Net realized result of its finished copies (profit, swaps, less fees), USD. */
  realized: Money
  /** The result up to which profit share has been charged (it only ever rises). */
  highWater: Money
  /** Profit share paid so far, USD. */
  sharePaid: Money
  startedAtMs: number
  /** 0 while it runs; when it ended, and why. */
  endedAtMs: number
  endReason: FollowEndReason | ''
}

export type FollowEndReason = 'user' | 'copy_stop_loss'

/** Why a leader's trade was not copied for a follower (decision 053): reason codes of the contracts. */
export interface CopySkip {
  followId: number
  followerId: number
  leaderId: number
  leaderOrderId: number
  instrumentId: number
  reason: Reason
  timeMs: number
}

/** The house's rules for copying (staff settings). */
export interface CopySettings {
  /** Copies fill at the leader's fill price (else at the follower's own live price). */
  fillAtLeaderPrice: boolean
  /** The least a follow may allocate, USD. */
  minAllocation: string
  /** The most a leader may ask as profit share, %. */
  maxProfitSharePercent: number
}

export const DEFAULT_COPY_SETTINGS: CopySettings = {
  fillAtLeaderPrice: false,
  minAllocation: '100',
  maxProfitSharePercent: 30,
}

/** A copy stop-loss share: 0 (none) or a whole percent from 5 to 95. */
export const isCopyStopLoss = (percent: number) =>
  percent === 0 || (Number.isSafeInteger(percent) && percent >= 5 && percent <= 95)

/**
 * The running follows and which positions copy which (decision 053). A copy is an order of the
 * follower's carrying `followId` and `copyOf` (the leader's order); it is listed here while its
 * follow runs, and mirrored from its leader's order while both live.
 */
export class CopyBook {
  readonly follows = new Map<number, Follow>()
  /** Running follows by leader, by follower. */
  private readonly ofLeader = new Map<number, Set<Follow>>()
  private readonly ofFollower = new Map<number, Set<Follow>>()
  /** A leader's order id to its live copies' ids. */
  private readonly copiesOf = new Map<number, Set<number>>()
  /** A running follow's id to its live copies' ids. */
  private readonly copiesIn = new Map<number, Set<number>>()
  /** A live copy's id to its leader's order id. */
  private readonly leaderOfCopy = new Map<number, number>()
  /** Follows whose copies closed in the events being walked: their profit share is settled after. */
  readonly counted = new Set<Follow>()

  /** Whether anyone follows anyone: the mirror walks nothing otherwise. */
  get isEmpty(): boolean {
    return this.follows.size === 0
  }

  add(follow: Follow): void {
    this.follows.set(follow.id, follow)
    setOf(this.ofLeader, follow.leaderId).add(follow)
    setOf(this.ofFollower, follow.followerId).add(follow)
    setOf(this.copiesIn, follow.id)
  }

  /** Ends a follow: it leaves every index; its copies are no longer mirrored. */
  remove(follow: Follow): void {
    this.follows.delete(follow.id)
    dropFrom(this.ofLeader, follow.leaderId, follow)
    dropFrom(this.ofFollower, follow.followerId, follow)
    for (const id of this.copiesIn.get(follow.id) ?? []) this.detachCopyId(id)
    this.copiesIn.delete(follow.id)
  }

  /** The running follows of a leader, oldest first (the order copies are made in). */
  followersOf(leaderId: number): Follow[] {
    return [...(this.ofLeader.get(leaderId) ?? [])].sort((a, b) => a.id - b.id)
  }

  followsOf(followerId: number): Follow[] {
    return [...(this.ofFollower.get(followerId) ?? [])].sort((a, b) => a.id - b.id)
  }

  /** The most running followers any one leader has. */
  largestFollowing(): number {
    let most = 0
    for (const followers of this.ofLeader.values()) most = Math.max(most, followers.size)
    return most
  }

  isLeader(userId: number): boolean {
    return (this.ofLeader.get(userId)?.size ?? 0) > 0
  }

  /** The running follow of `followerId` after `leaderId`, if any. */
  following(followerId: number, leaderId: number): Follow | undefined {
    for (const follow of this.ofFollower.get(followerId) ?? [])
      if (follow.leaderId === leaderId) return follow
    return undefined
  }

  /** Lists a live copy (its follow must be running). */
  attachCopy(followId: number, copyId: number, leaderOrderId: number): void {
    setOf(this.copiesIn, followId).add(copyId)
    setOf(this.copiesOf, leaderOrderId).add(copyId)
    this.leaderOfCopy.set(copyId, leaderOrderId)
  }

  /** A copy closed (or no longer mirrored). */
  detachCopy(followId: number, copyId: number): void {
    this.copiesIn.get(followId)?.delete(copyId)
    this.detachCopyId(copyId)
  }

  copiesOfLeaderOrder(leaderOrderId: number): number[] {
    return [...(this.copiesOf.get(leaderOrderId) ?? [])].sort((a, b) => a - b)
  }

  hasCopies(leaderOrderId: number): boolean {
    return (this.copiesOf.get(leaderOrderId)?.size ?? 0) > 0
  }

  copiesInFollow(followId: number): number[] {
    return [...(this.copiesIn.get(followId) ?? [])].sort((a, b) => a - b)
  }

  /** How many positions are copies now. */
  get copyCount(): number {
    return this.leaderOfCopy.size
  }

  private detachCopyId(copyId: number): void {
    const leaderOrderId = this.leaderOfCopy.get(copyId)
    if (leaderOrderId === undefined) return
    this.leaderOfCopy.delete(copyId)
    dropFrom(this.copiesOf, leaderOrderId, copyId)
  }
}

/** A new follow's running figures. */
export const freshResult = () => ({ realized: ZERO, highWater: ZERO, sharePaid: ZERO })

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key)
  if (!set) map.set(key, (set = new Set()))
  return set
}

function dropFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key)
  if (!set) return
  set.delete(value)
  if (set.size === 0) map.delete(key)
}
