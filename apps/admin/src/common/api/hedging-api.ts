import type { AdminHedgeRule, AdminHedging, ApprovalWaiting, HedgeModeName } from '@tp/contracts/light'
import { api } from './client.ts'

/** The hedging calls (apps/server/src/http/admin/hedging-routes.ts): the hedging page's, and the users page's group move. */

/** Read again this often: hedge orders fill in moments. */
export const HEDGING_REFRESH_MS = 5_000

export interface HedgeRuleInput {
  instrument: string | null
  client_group: string | null
  mode: HedgeModeName
  threshold_lots: string
}

/** A client group's markup on an instrument, in points (0: none); decision 052. */
export interface GroupMarkupInput {
  instrument: string
  client_group: string
  points: number
}

export const hedgingKeys = { view: ['hedging'] as const }

export const hedgingApi = {
  view: (signal?: AbortSignal) => api.get<AdminHedging>('/hedging', undefined, signal),
  saveRule: (rule: HedgeRuleInput) => api.post<AdminHedgeRule[]>('/hedging/rules', rule),
  deleteRule: (id: number) => api.post<AdminHedgeRule[]>(`/hedging/rules/${id}/delete`),
  /** Always waits for a second admin. */
  askMarkup: (markup: GroupMarkupInput) => api.post<ApprovalWaiting>('/hedging/markups', markup),
  /** Waits for a second admin when the move changes the client's prices (decision 052). */
  moveClient: (userId: number, group: string) =>
    api.post<{ client_group: string } | ApprovalWaiting>(`/users/${userId}/group`, { client_group: group }),
}
