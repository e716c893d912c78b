import type { AdminDepositItem } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'
import type { QueueList } from '../../../common/queue/queue-config.ts'

export const depositsApi = {
  list: (query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
    api.get<QueueList<AdminDepositItem>>('/deposits', query, signal),
  approve: (id: number) => api.post(`/deposits/${id}/approve`),
  reject: (id: number, remark: string) => api.post(`/deposits/${id}/reject`, { remark }),
  invalid: (id: number, remark: string) => api.post(`/deposits/${id}/invalid`, { remark }),
}
