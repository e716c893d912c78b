import type { InviteInfo } from '@tp/contracts/light'
import { api } from '../../../common/api-client.ts'

export const INVITE_INFO_QUERY = 'invite-info'

/** The user's invitation code and how many joined with it; the screen shows its own failed state. */
export function fetchInviteInfo(signal?: AbortSignal) {
  return api.get<InviteInfo>('/api/user/invite_info', { silent: true, signal })
}
