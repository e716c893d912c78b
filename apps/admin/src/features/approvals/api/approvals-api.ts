import type { ApprovalItem, ApprovalStatus } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

export const APPROVALS_QUERY_KEY = ['approvals'] as const

/** Staff approval requests (admins only); the requester may withdraw their own. */
export const approvalsApi = {
  list: (status: ApprovalStatus | undefined, signal?: AbortSignal) =>
    api.get<ApprovalItem[]>('/approvals', status ? { status } : undefined, signal),
  approve: (id: number) => api.post<ApprovalItem>(`/approvals/${id}/approve`),
  reject: (id: number) => api.post<ApprovalItem>(`/approvals/${id}/reject`),
  cancel: (id: number) => api.post<ApprovalItem>(`/approvals/${id}/cancel`),
}
