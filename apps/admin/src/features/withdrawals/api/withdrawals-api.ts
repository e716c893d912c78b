import type { AdminWithdrawalItem } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'
import type { QueueList } from '../../../common/queue/queue-config.ts'

export const withdrawalsApi = {
  list: (query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
    api.get<QueueList<AdminWithdrawalItem>>('/withdrawals', query, signal),
  approve: (id: number, realNumber: string) =>
    api.post(`/withdrawals/${id}/approve`, { real_number: realNumber }),
  reject: (id: number, remark: string) => api.post(`/withdrawals/${id}/reject`, { remark }),
}
