import type { IdentityQueueItem } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'
import type { QueueList } from '../../../common/queue/queue-config.ts'

export const identityApi = {
  list: (query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
    api.get<QueueList<IdentityQueueItem>>('/identity', query, signal),
  approve: (id: number) => api.post(`/identity/${id}/approve`),
  reject: (id: number, reason: string) => api.post(`/identity/${id}/reject`, { reason }),
}
