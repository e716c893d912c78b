import type { AdminCopyTrading } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

/** The copy-trading view of `/admin/api` (apps/server/src/http/admin/copy-routes.ts). */
export const copyKeys = { view: ['copy'] as const }

/** Read again this often: results move with the market. */
export const COPY_REFRESH_MS = 10_000

export const copyApi = {
  view: (signal?: AbortSignal) => api.get<AdminCopyTrading>('/copy', undefined, signal),
}
