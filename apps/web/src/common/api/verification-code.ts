import { api, type ApiResult } from '../api-client.ts'
import { toastSuccess } from '../lib/toast.ts'

/** What a code is for (contracts' CodePurpose): 1 registration, 2 password reset. */
export type CodePurposeValue = 1 | 2

/** Sends an e-mail code; toasts the server's message and resolves whether it was sent. */
export function sendEmailCode(to: string, type: CodePurposeValue): Promise<boolean> {
  return announce(api.postResult<unknown>('/api/notify/send_email', { to, type }, { loading: true }))
}

/** Sends an SMS code to a national number in the chosen area. */
export function sendSmsCode(to: string, areaId: number, type: CodePurposeValue): Promise<boolean> {
  return announce(
    api.postResult<unknown>('/api/notify/send_sms', { to, area_id: areaId, type }, { loading: true }),
  )
}

async function announce(sending: Promise<ApiResult<unknown>>): Promise<boolean> {
  try {
    toastSuccess((await sending).msg)
    return true
  } catch {
    return false // the API client already showed why
  }
}
