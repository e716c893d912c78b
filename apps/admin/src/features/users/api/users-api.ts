import type {
  AdjustmentItem,
  AdminLedgerRow,
  AdminUserDetail,
  AdminUserItem,
  RecordPage,
} from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

/** The open profile reads its live figures (positions' profit, equity) this often. */
export const USER_REFRESH_MS = 2500

export const usersApi = {
  search: (query: { q?: string; page: number; limit: number }, signal?: AbortSignal) =>
    api.get<RecordPage<AdminUserItem>>('/users', query, signal),
  detail: (id: number, signal?: AbortSignal) => api.get<AdminUserDetail>(`/users/${id}`, undefined, signal),
  ledger: (id: number, query: { page: number; limit: number }, signal?: AbortSignal) =>
    api.get<RecordPage<AdminLedgerRow>>(`/users/${id}/ledger`, query, signal),
  adjust: (id: number, body: { amount: string; memo: string }) =>
    api.post<AdjustmentItem>(`/users/${id}/adjust`, body),
  disable: (id: number) => api.post<{ sessions_ended: number }>(`/users/${id}/disable`),
  enable: (id: number) => api.post(`/users/${id}/enable`),
  revokeSessions: (id: number) => api.post<{ sessions_ended: number }>(`/users/${id}/revoke_sessions`),
  resetSecondFactor: (id: number, identityCheck: string) =>
    api.post<{ removed: string[] }>(`/users/${id}/second_factor_reset`, { identity_check: identityCheck }),
  closePosition: (orderId: number) =>
    api.post<{ id: number; close_price: number; profit: string }>(`/positions/${orderId}/close`),
}
