import type { AdjustmentItem, RecordPage } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

export const adjustmentsApi = {
  list: (query: { status?: number; page: number; limit: number }, signal?: AbortSignal) =>
    api.get<RecordPage<AdjustmentItem>>('/adjustments', query, signal),
  approve: (id: number) => api.post<AdjustmentItem>(`/adjustments/${id}/approve`),
  reject: (id: number) => api.post<AdjustmentItem>(`/adjustments/${id}/reject`),
}
