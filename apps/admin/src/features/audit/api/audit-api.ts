import type { AuditItem, RecordPage } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

export interface AuditQuery {
  page: number
  limit: number
  staff_id?: number | undefined
  action?: string | undefined
  target?: string | undefined
  /** UTC days, `YYYY-MM-DD`, both inclusive. */
  date_from?: string | undefined
  date_to?: string | undefined
}

export const auditApi = {
  /** Newest first (admins only). */
  list: (query: AuditQuery, signal?: AbortSignal) =>
    api.get<RecordPage<AuditItem>>('/audit', { ...query }, signal),
}
