/** The back office's copy-trading view (issue 29, decision 053): leaders, follows and profit share. */

/** A leader: who follows it now, what they allocated, its share and what it earned from it. */
export interface AdminCopyLeader {
  user_id: number
  uid: string
  nickname: string
  is_demo: 0 | 1
  open: 0 | 1
  profit_share: number
  followers: number
  allocated: string
  /** Profit share earned, all time, USD. */
  share_earned: string
}

/** One follow. */
export interface AdminFollow {
  id: number
  leader: string
  follower_id: number
  follower: string
  amount: string
  realized: string
  profit_share: number
  share_paid: string
  paused: 0 | 1
  stop_loss: number
  started_at: string
  ended_at: string
  end_reason: string
}

export interface AdminCopyTrading {
  running: number
  allocated: string
  share_paid: string
  leaders: AdminCopyLeader[]
  /** Running follows, then the latest that ended (at most 100 in all). */
  follows: AdminFollow[]
}
