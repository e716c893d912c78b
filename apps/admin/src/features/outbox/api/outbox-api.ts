import type { OutboxItem, RecordPage } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

export const outboxApi = {
  /** Newest first; `q` is part of the recipient. The server audits every reading. */
  list: (query: { page: number; limit: number; q?: string }, signal?: AbortSignal) =>
    api.get<RecordPage<OutboxItem>>('/outbox', query, signal),
}
