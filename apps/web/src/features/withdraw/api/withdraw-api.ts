import type { RecordPage, WithdrawRecord } from '@tp/contracts/light'
import { api } from '../../../common/api-client.ts'
import { MONEY_PAGE_SIZE } from '../../../common/lib/paging.ts'
import { STEP_UP_QUIET, withStepUp } from '../../../common/security/step-up.ts'

export const WITHDRAWALS_QUERY = 'withdrawals'

/** Tabs of /mine/withdraw: 1 coin, 2 bank (the `type` of `draw_list` and of the methods). */
export type WithdrawTab = 1 | 2

export interface WithdrawForm {
  draw_currency_id: number
  number: string
  memo: string
  draw_method_id: number
}

/**
 * Freezes the amount at once; the answer's message is the success toast. A client with a second
 * factor proves it is them first (the step-up sheet), then the request goes again.
 */
export function requestWithdrawal(form: WithdrawForm) {
  return withStepUp(() =>
    api.postResult<null>('/api/account/draw', { ...form }, { loading: true, quietReasons: STEP_UP_QUIET }),
  )
}

/** Every withdrawal of the user, coin and bank alike, newest first. */
export function fetchWithdrawals(page: number, signal?: AbortSignal): Promise<RecordPage<WithdrawRecord>> {
  return api.get<RecordPage<WithdrawRecord>>('/api/account/draw_list', {
    query: { page, limit: MONEY_PAGE_SIZE },
    silent: true,
    signal,
  })
}
