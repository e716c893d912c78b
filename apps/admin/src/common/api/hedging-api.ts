import type { AdminHedgeRule, AdminHedging, HedgeModeName } from '@tp/contracts/light'
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

export const hedgingKeys = { view: ['hedging'] as const }

export const hedgingApi = {
  view: (signal?: AbortSignal) => api.get<AdminHedging>('/hedging', undefined, signal),
  saveRule: (rule: HedgeRuleInput) => api.post<AdminHedgeRule[]>('/hedging/rules', rule),
  deleteRule: (id: number) => api.post<AdminHedgeRule[]>(`/hedging/rules/${id}/delete`),
  moveClient: (userId: number, group: string) =>
    api.post<{ client_group: string }>(`/users/${userId}/group`, { client_group: group }),
}
