import type { CopySkipView, LeaderSettings } from '@tp/contracts/light'
import { api, type ApiResult } from '../../../common/api-client.ts'

/** Copy trading's calls (issue 29): follow, change, stop, skipped copies, and my leader settings. */

export const LEADER_SETTINGS_QUERY = 'copy-leader'
export const SKIPS_QUERY = 'copy-skips'

export interface FollowInput {
  /** The trader's uid. */
  id: string
  amount: string
  stopLoss: number
  copyOpen: boolean
  /** The trader's profit share as the sheet showed it (the server refuses a changed one). */
  profitShare: number
}

export function startFollow(input: FollowInput): Promise<ApiResult<{ follow_id: number }>> {
  return api.postResult('/api/follow/start', {
    id: input.id,
    amount: input.amount,
    stop_loss: input.stopLoss,
    copy_open: input.copyOpen ? 1 : 0,
    profit_share: input.profitShare,
  })
}

export interface FollowChange {
  followId: number
  paused?: boolean
  amount?: string
  stopLoss?: number
}

export function changeFollow(change: FollowChange): Promise<ApiResult<null>> {
  return api.postResult('/api/follow/change', {
    follow_id: change.followId,
    ...(change.paused !== undefined && { paused: change.paused ? 1 : 0 }),
    ...(change.amount !== undefined && { amount: change.amount }),
    ...(change.stopLoss !== undefined && { stop_loss: change.stopLoss }),
  })
}

export function stopFollow(followId: number, close: boolean): Promise<ApiResult<null>> {
  return api.postResult('/api/follow/stop', { follow_id: followId, close: close ? 1 : 0 })
}

export function fetchSkips(
  followId: number,
  signal?: AbortSignal,
): Promise<{ data: CopySkipView[]; total: number }> {
  return api.get('/api/follow/skips', { query: { follow_id: followId, limit: 20 }, silent: true, signal })
}

export function fetchLeaderSettings(signal?: AbortSignal): Promise<LeaderSettings> {
  return api.get<LeaderSettings>('/api/follow/leader', { silent: true, signal })
}

export function saveLeaderSettings(open: boolean, profitShare: number): Promise<ApiResult<LeaderSettings>> {
  return api.postResult<LeaderSettings>('/api/follow/leader', {
    open: open ? 1 : 0,
    profit_share: profitShare,
  })
}
