/**
 * Copy trading's answers (issue 29, docs/decisions/053-copy-trading.md), for the phone without the
 * schemas (those are in ../copy.ts).
 */

/** Copy stop-loss choices the phone offers (the server takes any whole percent from 5 to 95, or 0). */
export const COPY_STOP_LOSS_CHOICES = [0, 10, 20, 30, 50] as const

/** `GET /api/follow/leader`: my settings as a leader and who follows me. */
export interface LeaderSettings {
  open: 0 | 1
  profit_share: number
  /** The house's most (a setting). */
  max_profit_share: number
  followers: number
  /** What my followers allocated together, USD. */
  allocated: string
}

/** One follow as its follower sees it. */
export interface FollowView {
  id: number
  /** The leader's public number and nickname. */
  leader: { id: string; user: string }
  amount: string
  stop_loss: number
  profit_share: number
  paused: 0 | 1
  /** Finished copies' result (profit, swaps, less fees), USD. */
  realized: string
  /** Open copies' result now, USD. */
  open_profit: string
  /** What the allocation is worth now: amount + realized + open_profit - share_paid. */
  value: string
  copies: number
  share_paid: string
  started_at: string
  /** '' while it runs. */
  ended_at: string
  end_reason: '' | 'user' | 'copy_stop_loss'
}

/** `GET /api/follow/mine`: my follows, running first, then the latest that ended. */
export interface FollowList {
  data: FollowView[]
}

/** A leader's trade not copied for a follower, and why (translated). */
export interface CopySkipView {
  leader_order_id: number
  code: string
  reason: string
  created_at: string
}
