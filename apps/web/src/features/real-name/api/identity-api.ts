import type { IdentityCenter } from '@tp/contracts/light'
import { api } from '../../../common/api-client.ts'

export const IDENTITY_CENTER_QUERY = 'identity-center'

/** The user's latest identity check (`user_real/center`); the screen shows its own failed state. */
export function fetchIdentityCenter(signal?: AbortSignal) {
  return api.get<IdentityCenter>('/api/user_real/center', { silent: true, signal })
}

/** Submits the check; a refusal is the server's translated message as a toast. */
export function submitRealName(form: {
  name: string
  card_id: string
  /** The signed links image_upload answered. */
  front_pic: string
  reverse_pic: string
}) {
  return api.postResult<null>('/api/user_real/real_name', form, { loading: true })
}
